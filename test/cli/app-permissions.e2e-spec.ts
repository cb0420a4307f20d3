import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { loadConfig } from '../../src/config/app-config';
import { createHttpApp } from '../../src/http/create-http-app';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { cloneTemplateDatabase } from '../support/test-database';

describe('tessera app permissions', () => {
  let database: { url: string; drop: () => Promise<void> };
  let workspace: CliWorkspace;
  let http: NestFastifyApplication;
  let customerApp: string;
  let enterpriseApp: string;

  const cli = (...argv: string[]) => workspace.run(argv);
  const createApp = async (apiInterface: ApiInterface) =>
    (await cli('app', 'create', '--name', `${apiInterface} app`, '--interface', apiInterface)).stdout.trim();
  const rowOf = (listing: string, key: string) =>
    listing
      .split('\n')
      .find((line) => line.startsWith(`${key}  `))
      ?.replace(/\s+/g, ' ');

  beforeAll(async () => {
    database = await cloneTemplateDatabase();
    workspace = cliWorkspace(database.url, 'app-permissions');
    customerApp = await createApp(ApiInterface.Customer);
    enterpriseApp = await createApp(ApiInterface.Enterprise);
    http = await createHttpApp({ config: loadConfig(workspace.env), databaseUrl: database.url });
    await http.getHttpAdapter().getInstance().ready();
  });

  afterAll(async () => {
    await http.close();
    await database.drop();
    workspace.remove();
  });

  it('lists the defaults of a Customer and an Enterprise application', async () => {
    const customer = await cli('app', 'permissions', customerApp);
    expect(customer).toMatchObject({ code: 0, stderr: '' });
    const [summary, header] = customer.stdout.split('\n');
    expect(summary).toMatch(new RegExp(`^${customerApp} \\(customer app\\), Customer interface: \\d+ of 280 operations permitted$`));
    expect(header).toMatch(/^OPERATION\s+PERMISSION$/);
    expect(rowOf(customer.stdout, 'POST /customers')).toBe('POST /customers default');
    expect(rowOf(customer.stdout, 'GET /countries')).toBe('GET /countries default');
    expect(rowOf(customer.stdout, 'POST /stores')).toBeUndefined();
    expect(rowOf(customer.stdout, 'PUT /card-types/{card_type_id}')).toBeUndefined();

    const enterprise = await cli('app', 'permissions', enterpriseApp);
    expect(enterprise.stdout.split('\n')[0]).toMatch(/Enterprise interface: 308 of 313 operations permitted$/);
    expect(rowOf(enterprise.stdout, 'GET /users')).toBeUndefined();
    expect(rowOf(enterprise.stdout, 'POST /stores')).toBe('POST /stores default');
  });

  it('grants and revokes operations and groups, effective on the next request', async () => {
    const device = await http.inject({
      method: 'POST',
      url: `/${INTERFACE_BASE_PATHS[ApiInterface.Customer]}/tokens`,
      payload: {
        device: { device_id: 'cli-device', device_system: 'Android', device_name: 'Pixel', device_type: 'phone' },
        setup: { language_id: 'en', allowed_gps: false, allowed_notifications: true },
        external_application_id: customerApp,
      },
    });
    expect(device.statusCode).toBe(201);
    const token = device.json().data.token_id as string;
    const createCardType = () =>
      http.inject({
        method: 'POST',
        url: `/${INTERFACE_BASE_PATHS[ApiInterface.Customer]}/card-types`,
        headers: { authorization: `Bearer ${token}` },
        payload: { card_type: { name: `CLI ${Math.random()}`, prefix: '42' } },
      });
    expect((await createCardType()).statusCode).toBe(403);

    const granted = await cli('app', 'permissions', customerApp, 'grant', 'POST /card-types', 'value-movements');
    expect(granted).toMatchObject({ code: 0, stderr: '' });
    expect(granted.stdout.split('\n')).toEqual([
      `Granted for ${customerApp} (from its next request):`,
      '  POST /card-types',
      '  POST /points/actions/synchronize-points',
      '  POST /purchases/actions/send-purchase',
      '  POST /rewards/{reward_id}/actions/create-custom-voucher',
      '',
    ]);
    expect((await createCardType()).statusCode).toBe(201);

    const revoked = await cli('app', 'permissions', customerApp, 'revoke', 'POST', '/card-types', 'GET /countries');
    expect(revoked).toEqual({
      code: 0,
      stderr: '',
      stdout: `Revoked for ${customerApp} (from its next request):\n  GET /countries\n  POST /card-types\n`,
    });
    expect((await createCardType()).statusCode).toBe(403);

    const listing = (await cli('app', 'permissions', customerApp)).stdout;
    expect(rowOf(listing, 'GET /countries')).toBe('GET /countries revoked');
    expect(rowOf(listing, 'POST /points/actions/synchronize-points')).toBe('POST /points/actions/synchronize-points granted');
    expect(rowOf(listing, 'POST /card-types')).toBeUndefined();

    const json = JSON.parse((await cli('app', 'permissions', customerApp, '--json')).stdout);
    expect(json).toMatchObject({
      external_application_id: customerApp,
      interface: 'customer',
      granted: [
        'POST /points/actions/synchronize-points',
        'POST /purchases/actions/send-purchase',
        'POST /rewards/{reward_id}/actions/create-custom-voucher',
      ],
      revoked: ['GET /countries'],
    });
    expect(json.permitted).toContain('POST /customers');
    expect(json.permitted).not.toContain('GET /countries');
  });

  it('names an unknown application or unknown words and changes nothing', async () => {
    const unknownApp = await cli('app', 'permissions', 'ffffffffffffffffffffffffffffffff', 'grant', 'POST /stores');
    expect(unknownApp).toEqual({
      code: 1,
      stdout: '',
      stderr: 'Error: No applications record has the id "ffffffffffffffffffffffffffffffff"\n',
    });
    expect((await cli('app', 'permissions', 'ffffffffffffffffffffffffffffffff')).code).toBe(1);

    const before = (await cli('app', 'permissions', enterpriseApp, '--json')).stdout;
    const unknownWords = await cli('app', 'permissions', enterpriseApp, 'grant', 'GET /users', 'everything', 'POST /tokens');
    expect(unknownWords.code).toBe(1);
    expect(unknownWords.stderr).toContain('Unknown operation of the Enterprise interface or group: "everything", "POST /tokens"');
    expect((await cli('app', 'permissions', enterpriseApp, '--json')).stdout).toBe(before);
  });

  it('prints the usage for a bad command line', async () => {
    for (const argv of [
      ['app', 'permissions'],
      ['app', 'permissions', enterpriseApp, 'allow', 'GET /users'],
      ['app', 'permissions', enterpriseApp, 'grant'],
      ['app', 'permissions', enterpriseApp, '--json', 'extra'],
    ]) {
      const run = await cli(...argv);
      expect([argv.join(' '), run.code, run.stdout]).toEqual([argv.join(' '), 2, '']);
      expect(run.stderr).toContain('Usage: tessera app permissions [options] <APP_ID> [CHANGE] [WORD...]');
    }
  });
});
