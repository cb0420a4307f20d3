import { randomBytes } from 'node:crypto';
import { TestApp, TestResponse } from '../support/test-app';

describe('Customers on the Customer interface (HTTP)', () => {
  let t: TestApp;
  let sourceId: string;

  const param = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const registration = (email: string, extra: Record<string, unknown> = {}) => ({
    customer: { personal_information: { first_name: 'Petr', last_name: 'Svoboda', gender: 1, email, language_id: 'en' } },
    customer_source: { customer_source_id: sourceId },
    autologin: true,
    password: 'Mobile-pass-42',
    ...extra,
  });

  beforeAll(async () => {
    t = await TestApp.create();
    sourceId = (await t.dataSource.query(`SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'mobile_app'`))[0]
      .customer_source_id;
    await t.dataSource.query(`INSERT INTO customer_properties (property_id, name, data_type) VALUES ('nickname', 'Nickname', 'string')`);
  });

  afterAll(() => t.close());

  it('registers with autologin, which logs the new customer in on the calling token', async () => {
    const token = await t.deviceToken();
    const email = `m-${randomBytes(4).toString('hex')}@example.test`;
    const created = await t.customer('POST', '/customers', { token, body: registration(email) });
    expect(created.status).toBe(201);
    const customerId = created.body.data.customer_id;
    const own = await t.customer('GET', '/customers', { token });
    expect(own.status).toBe(200);
    expect(own.body.data.total_items).toBe(1);
    expect(own.body.data.customers[0]).toMatchObject({
      customer_id: customerId,
      personal_information: { email, salutation: 'Dear Mr. Svoboda' },
    });
    const bound = await t.dataSource.query(`SELECT customer_id FROM device_tokens WHERE customer_id = $1`, [customerId]);
    expect(bound).toHaveLength(1);
  });

  it('registers without autologin and leaves the token anonymous', async () => {
    const token = await t.deviceToken();
    const created = await t.customer('POST', '/customers', {
      token,
      body: registration(`m-${randomBytes(4).toString('hex')}@example.test`, { autologin: false }),
    });
    expect(created.status).toBe(201);
    const own = await t.customer('GET', '/customers', { token });
    expect(own.status).toBe(403);
    expect(own.body.error.type).toBe('customer_not_logged_in_exception');
  });

  it('scopes every customer id to the logged-in customer', async () => {
    const me = await t.createCustomer();
    const other = await t.createCustomer();
    const token = await t.deviceToken(me);
    expect((await t.customer('GET', `/customers/${me.customerId}`, { token })).status).toBe(200);
    const foreign = await t.customer('GET', `/customers/${other.customerId}`, { token });
    expect(foreign.status).toBe(400);
    expect(param(foreign)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
    const foreignRecords = await t.customer('GET', `/customers/${other.customerId}/property-records`, { token });
    expect(param(foreignRecords).reason).toBe('not_belong_to_logged_in_customer');
    const foreignPhoto = await t.customer('POST', '/customers/actions/upload-customer-photo', {
      token,
      body: { customer_id: other.customerId, data: 'AAAA' },
    });
    expect(param(foreignPhoto).reason).toBe('not_belong_to_logged_in_customer');
    const anonymous = await t.deviceToken();
    expect((await t.customer('GET', `/customers/${me.customerId}`, { token: anonymous })).status).toBe(403);
    expect(
      (await t.customer('PUT', '/customers', { token: anonymous, body: { customer: { personal_information: { language_id: 'en' } } } }))
        .status,
    ).toBe(403);
  });

  it('replaces the logged-in customer through the id-less PUT /customers', async () => {
    const me = await t.createCustomer();
    const token = await t.deviceToken(me);
    const replaced = await t.customer('PUT', '/customers', {
      token,
      body: { customer: { personal_information: { first_name: 'Eva', last_name: 'Malá', email: me.email, language_id: 'en' } } },
    });
    expect(replaced.status).toBe(204);
    const read = await t.customer('GET', `/customers/${me.customerId}`, { token });
    expect(read.body.data.personal_information).toMatchObject({ first_name: 'Eva', last_name: 'Malá' });
    const viaPath = await t.customer('PUT', `/customers/${me.customerId}`, {
      token,
      body: { customer: { personal_information: { first_name: 'Eva', email: me.email, language_id: 'en' } } },
    });
    expect(viaPath.status).toBe(204);
    expect((await t.customer('GET', '/customers', { token })).body.data.customers[0].personal_information.last_name).toBeUndefined();
  });

  it('serves the id-less property-record forms for the logged-in customer', async () => {
    const me = await t.createCustomer();
    const token = await t.deviceToken(me);
    const created = await t.customer('POST', '/customers/property-records', {
      token,
      body: { property_record: { property_id: 'nickname', property_value: 'Evi' } },
    });
    expect(created.status).toBe(201);
    const recordId = created.body.data.property_record_id;
    expect(
      (
        await t.customer('PUT', `/customers/property-records/${recordId}`, {
          token,
          body: { property_record: { property_id: 'nickname', property_value: 'Eve' } },
        })
      ).status,
    ).toBe(204);
    const list = await t.customer('GET', '/customers/property-records', { token });
    expect(list.body.data.property_records).toEqual([
      {
        property_record_id: recordId,
        property_id: 'nickname',
        property_name: 'Nickname',
        property_value: 'Eve',
        last_change: expect.any(String),
      },
    ]);
    const viaPath = await t.customer('GET', `/customers/${me.customerId}/property-records`, { token });
    expect(viaPath.body.data.total_items).toBe(1);
    expect((await t.customer('DELETE', `/customers/property-records/${recordId}`, { token })).status).toBe(204);
    expect((await t.customer('GET', '/customers/property-records', { token })).body.data.total_items).toBe(0);
  });

  it('uploads a photo that photo_url then serves, refusing other formats', async () => {
    const me = await t.createCustomer();
    const token = await t.deviceToken(me);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
    const uploaded = await t.customer('POST', '/customers/actions/upload-customer-photo', {
      token,
      body: { customer_id: me.customerId, data: png.toString('base64') },
    });
    expect(uploaded.status).toBe(204);
    const url: string = (await t.customer('GET', `/customers/${me.customerId}`, { token })).body.data.personal_information.photo_url;
    expect(url).toMatch(/\/webservice\/rest-api\/customer-interface\/v1\.0\/customer-photos\/[0-9a-f]{32}$/);
    const served = await t.request('GET', new URL(url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    const gif = await t.customer('POST', '/customers/actions/upload-customer-photo', {
      token,
      body: { customer_id: me.customerId, data: Buffer.from('GIF89a....').toString('base64') },
    });
    expect(gif.status).toBe(400);
    expect(param(gif)).toMatchObject({ name: 'data', reason: 'invalid_value_format' });
    const huge = Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await t.customer('POST', '/customers/actions/upload-customer-photo', {
      token,
      body: { customer_id: me.customerId, data: huge.toString('base64') },
    });
    expect(param(tooBig)).toMatchObject({ name: 'data', reason: 'invalid_value_format' });
  });

  it('validates customer data without a token and checks registration ability', async () => {
    const valid = await t.customer('POST', '/customers/actions/validate-customer-data', {
      body: { type: 'password', value: 'Strong-pass-1' },
    });
    expect(valid.body.data).toEqual({ is_valid: true });
    const weak = await t.customer('POST', '/customers/actions/validate-customer-data', { body: { type: 'password', value: 'weak' } });
    expect(weak.body.data).toEqual({ is_valid: false });
    const code = await t.customer('POST', '/customers/actions/validate-customer-data', {
      body: { type: 'referral_code', value: 'NOSUCHCODE' },
    });
    expect(code.body.data).toEqual({ is_valid: false });
    const me = await t.createCustomer();
    const token = await t.deviceToken();
    const taken = await t.customer('POST', '/customers/actions/check-registration-ability', {
      token,
      body: { type: 'email', value: me.email.toUpperCase() },
    });
    expect(taken.body.data).toEqual({ registration_ability: false });
    const free = await t.customer('POST', '/customers/actions/check-registration-ability', {
      token,
      body: { type: 'phone', value: '420999888777' },
    });
    expect(free.body.data).toEqual({ registration_ability: true });
  });

  it('refuses the Enterprise-only operations', async () => {
    const token = await t.deviceToken(await t.createCustomer());
    for (const [method, path] of [
      ['POST', '/customers/actions/verify-credentials'],
      ['POST', '/customers/actions/set-partners'],
      ['GET', '/customers/actions/search-customers'],
    ] as const) {
      const response = await t.customer(method, path, { token, body: method === 'POST' ? {} : undefined });
      expect(response.status).toBe(403);
      expect(response.body.error.type).toBe('interface_not_allowed_exception');
    }
  });
});
