import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { ServerProcess, startServerProcess } from '../support/server-process';
import { cloneTemplateDatabase } from '../support/test-database';

const ENTERPRISE = '/webservice/rest-api/enterprise-interface/v1.0';
const CUSTOMER = '/webservice/rest-api/customer-interface/v1.0';

interface Answer {
  status: number;
  requestId: string | null;
  body: any;
}

/**
 * Failed writes of personal data, provoked on a real server process whose every output line is kept:
 * the log must name the request and the failure, never the data, the SQL or the credentials.
 */
describe('Logs without personal data (server process)', () => {
  let database: { url: string; drop: () => Promise<void> };
  let sql: Client;
  let server: ServerProcess;
  let enterpriseToken: string;
  let customerApplicationId: string;

  const call = async (method: string, path: string, token?: string, body?: unknown): Promise<Answer> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, requestId: response.headers.get('x-request-id'), body: text ? JSON.parse(text) : undefined };
  };
  const demoValue = (label: string): string => {
    const match = new RegExp(`${label}:\\s+(\\S+)`).exec(server.output());
    if (!match) throw new Error(`no ${label} in the first-start output`);
    return match[1];
  };

  const unique = randomBytes(4).toString('hex');
  const person = (tag: string) => ({
    first_name: `Firstname${tag}${unique}`,
    last_name: `Lastname${tag}${unique}`,
    email: `person-${tag}-${unique}@example.test`,
    phone: `420${String(parseInt(unique, 16) % 100_000_000).padStart(8, '0')}${tag === 'a' ? 1 : 2}`,
    language_id: 'en',
  });
  const registered = person('a');
  const refused = person('b');
  const refusedPassword = `Refused-pass-${unique}`;

  beforeAll(async () => {
    database = await cloneTemplateDatabase();
    sql = new Client({ connectionString: database.url });
    await sql.connect();
    server = await startServerProcess(database.url, {
      TESSERA_LOG_LEVEL: 'info',
      TESSERA_RATE_LIMIT: 'off',
      TESSERA_RATE_LIMIT_ANONYMOUS: 'off',
    });
    const login = await call('POST', `${ENTERPRISE}/users/actions/login`, undefined, {
      user_external_application_id: demoValue('Enterprise external application id'),
      login: demoValue('API user login'),
      password: demoValue('API user password'),
    });
    expect(login.status).toBe(200);
    enterpriseToken = login.body.data.bearer_token;
    customerApplicationId = demoValue('Customer external application id');
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await sql?.end();
    await database?.drop();
  });

  it('logs the request id, SQLSTATE and constraint of failed writes, and none of their data', async () => {
    const sourceId = (await sql.query(`SELECT customer_source_id FROM customer_sources ORDER BY customer_source_id LIMIT 1`)).rows[0]
      .customer_source_id;
    const registration = (personalInformation: Record<string, unknown>, password: string) => ({
      customer: { personal_information: personalInformation },
      customer_source: { customer_source_id: sourceId },
      autologin: false,
      password,
    });
    const created = await call('POST', `${ENTERPRISE}/customers`, enterpriseToken, registration(registered, `Registered-pass-${unique}`));
    expect(created.status).toBe(201);
    const customerId = created.body.data.customer_id;
    const storedHash = (await sql.query(`SELECT password_hash FROM customers WHERE customer_id = $1`, [customerId])).rows[0].password_hash;

    const device = await call('POST', `${CUSTOMER}/tokens`, undefined, {
      device: { device_id: `device-${unique}`, device_system: 'Android', device_name: 'Pixel', device_type: 'phone' },
      setup: { language_id: 'en', allowed_gps: false, allowed_notifications: true },
      external_application_id: customerApplicationId,
    });
    expect(device.status).toBe(201);
    const deviceToken = device.body.data.token_id;
    const loggedIn = await call('POST', `${CUSTOMER}/tokens/${deviceToken}/actions/login`, deviceToken, {
      login_type: 'email',
      login_value: registered.email,
      password: `Registered-pass-${unique}`,
    });
    expect(loggedIn.status).toBe(200);
    // A filter naming a customer travels in the query string of a logged request.
    expect(
      (await call('GET', `${CUSTOMER}/customers?email=${encodeURIComponent(registered.email)}&phone=${registered.phone}`, deviceToken))
        .status,
    ).toBe(200);

    // From now on no customer row can be written, nor any device token changed.
    await sql.query(`ALTER TABLE customers ADD CONSTRAINT log_test_refuses_writes CHECK (false) NOT VALID`);
    await sql.query(`ALTER TABLE device_tokens ADD CONSTRAINT log_test_refuses_token_writes CHECK (false) NOT VALID`);
    const failures = [
      await call('POST', `${ENTERPRISE}/customers`, enterpriseToken, registration(refused, refusedPassword)),
      await call('PUT', `${ENTERPRISE}/customers/${customerId}`, enterpriseToken, {
        customer: { personal_information: { ...refused, email: `changed-${refused.email}` } },
      }),
      await call('PUT', `${CUSTOMER}/customers`, deviceToken, { customer: { personal_information: refused } }),
      await call('PUT', `${CUSTOMER}/tokens/${deviceToken}`, deviceToken, {
        setup: { language_id: 'en', allowed_gps: true, allowed_notifications: false },
      }),
    ];
    for (const failure of failures) {
      expect(failure.status).toBe(500);
      expect(failure.requestId).toEqual(expect.any(String));
    }
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the last lines arrive
    const log = server.output();

    for (const failure of failures) {
      const lines = log.split('\n').filter((line) => line.includes(failure.requestId!) && /23514/.test(line));
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).toMatch(/log_test_refuses_(token_)?writes/);
    }
    const secrets = {
      'e-mail': [registered.email, refused.email, encodeURIComponent(registered.email)],
      phone: [registered.phone, refused.phone],
      name: [registered.first_name, registered.last_name, refused.first_name, refused.last_name],
      password: [refusedPassword, `Registered-pass-${unique}`],
      'password hash': [storedHash, 'scrypt$'],
      token: [enterpriseToken, deviceToken],
      SQL: ['INSERT INTO', 'UPDATE "', 'UPDATE customers'],
      'stack frame': ['    at ', '\\n    at '],
    };
    const leaks = Object.entries(secrets).flatMap(([kind, values]) =>
      values.filter((value) => log.includes(value)).map((value) => `${kind}: ${value}`),
    );
    expect(leaks).toEqual([]);
  }, 120_000);
});
