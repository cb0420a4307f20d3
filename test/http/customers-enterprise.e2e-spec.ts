import { randomBytes } from 'node:crypto';
import { TestApp, TestResponse } from '../support/test-app';

describe('Customers on the Enterprise interface (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let sourceId: string;
  let storeId: string;
  let gtcId: string;
  let marketingId: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown } = {},
  ): Promise<TestResponse> => t.enterprise(method, path, { token, ...options });
  const param = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const uniqueEmail = () => `c-${randomBytes(5).toString('hex')}@example.test`;

  const registration = (personal: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
    customer: {
      personal_information: { first_name: 'Jana', last_name: 'Nováková', gender: 2, email: uniqueEmail(), language_id: 'en', ...personal },
    },
    customer_source: { customer_source_id: sourceId, external_id: `ext-${randomBytes(4).toString('hex')}` },
    autologin: false,
    password: 'Secret-pass-9',
    ...extra,
  });

  const register = async (personal: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Promise<string> => {
    const response = await call('POST', '/customers', { body: registration(personal, extra) });
    if (response.status !== 201) throw new Error(`registration failed: ${response.text}`);
    return response.body.data.customer_id as string;
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    sourceId = (await t.dataSource.query(`SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'e_shop'`))[0]
      .customer_source_id;
    storeId = (await t.dataSource.query(`SELECT store_id FROM stores WHERE store_code = 'default'`))[0].store_id;
    const agreements: { agreement_id: string; text_id: string }[] = await t.dataSource.query(
      `SELECT agreement_id, text_id FROM agreements`,
    );
    gtcId = agreements.find((a) => a.text_id === 'gtc')!.agreement_id;
    marketingId = agreements.find((a) => a.text_id === 'marketing_communication')!.agreement_id;
    await t.dataSource.query(
      `INSERT INTO customer_properties (property_id, name, data_type, is_unique) VALUES
         ('shoe_size', 'Shoe size', 'integer', false), ('loyalty_no', 'Old loyalty number', 'string', true), ('hobby', 'Hobby', 'multiselect', false)`,
    );
    await t.dataSource.query(
      `INSERT INTO customer_property_items (id, property_id, name) VALUES ('hobby_run', 'hobby', 'Running'), ('hobby_read', 'hobby', 'Reading')`,
    );
  });

  afterAll(() => t.close());

  describe('POST /customers', () => {
    it('registers a customer with its source record, consents, properties, partners and entry status in one go', async () => {
      const email = uniqueEmail();
      const body = registration(
        {
          email,
          store_id: storeId,
          phone: '420777123456',
          birthdate: '1990-05-17',
          address: { city: 'Brno', country_code: 'CZ' },
          agreement: { agreement_gtc: 1, agreement_marketing_communication: 0 },
        },
        {
          property_records: [
            { property_id: 'shoe_size', property_value: 38 },
            { property_id: 'hobby', property_value: ['hobby_run'] },
          ],
        },
      );
      const created = await call('POST', '/customers', { body });
      expect(created.status).toBe(201);
      const customerId = created.body.data.customer_id;
      expect(customerId).toMatch(/^[0-9a-f]{32}$/);

      const sources = await t.dataSource.query(
        `SELECT customer_source_id, external_id FROM customer_source_records WHERE customer_id = $1`,
        [customerId],
      );
      expect(sources).toEqual([{ customer_source_id: sourceId, external_id: body.customer_source.external_id }]);
      const partners = await t.dataSource.query(`SELECT count(*)::int AS n FROM customer_partner_records WHERE customer_id = $1`, [
        customerId,
      ]);
      expect(partners[0].n).toBeGreaterThan(0);
      const statuses = await t.dataSource.query(
        `SELECT s.text_id FROM customer_status_records r JOIN statuses s USING (status_id) WHERE r.customer_id = $1`,
        [customerId],
      );
      expect(statuses).toEqual([{ text_id: 'basic' }]);

      const read = await call('GET', `/customers/${customerId}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({
        customer_id: customerId,
        state: 1,
        personal_information: {
          salutation: 'Dear Mrs. Nováková',
          email,
          phone: '420777123456',
          birthdate: '1990-05-17',
          language_id: 'en',
          store_id: storeId,
          address: { city: 'Brno', country_code: 'cz' },
          agreement: { agreement_gtc: 1, agreement_marketing_communication: 0, custom_agreements: [] },
        },
      });
      expect(read.body.data.personal_information.consents).toHaveLength(2);
      const short = await call('GET', `/customers/${customerId}`, { query: { customer_short_salutation: 'true' } });
      expect(short.body.data.personal_information.salutation).toBe('Dear Jana');

      const properties = await call('GET', `/customers/${customerId}/property-records`);
      expect(properties.body.data.total_items).toBe(2);
      const hobby = properties.body.data.property_records.find((r: { property_id: string }) => r.property_id === 'hobby');
      expect(hobby.property_value).toEqual([{ id: 'hobby_run', name: 'Running', state: 1 }]);
    });

    it('lets consents win over the deprecated agreement object', async () => {
      const customerId = await register({ agreement: { agreement_gtc: 0 }, consents: [{ consent_id: gtcId, consent_value: 1 }] });
      const read = await call('GET', `/customers/${customerId}`);
      expect(read.body.data.personal_information.consents).toEqual([
        { consent_id: gtcId, consent_value: 1, last_change: expect.any(String) },
      ]);
      expect(read.body.data.personal_information.agreement.agreement_gtc).toBe(1);
    });

    it('refuses a missing source, a weak password, autologin without password and an unknown source', async () => {
      const { customer_source: _omitted, ...noSource } = registration();
      const missing = await call('POST', '/customers', { body: noSource });
      expect(missing.status).toBe(400);
      expect(param(missing)).toMatchObject({ name: 'customer_source', reason: 'required' });

      const weak = await call('POST', '/customers', { body: registration({}, { password: 'password' }) });
      expect(weak.status).toBe(400);
      expect(param(weak)).toMatchObject({ name: 'password', reason: 'not_allowed_value' });
      expect(param(weak).value).toBeUndefined();

      const common = await call('POST', '/customers', { body: registration({}, { password: 'Password123' }) });
      expect(param(common)).toMatchObject({ name: 'password', reason: 'not_allowed_value' });

      const { password: _none, ...noPassword } = registration({}, { autologin: true });
      const autologin = await call('POST', '/customers', { body: noPassword });
      expect(param(autologin)).toMatchObject({ name: 'password', reason: 'required' });
      const withoutAutologin = await call('POST', '/customers', { body: { ...noPassword, autologin: false } });
      expect(withoutAutologin.status).toBe(201);

      const unknownSource = await call('POST', '/customers', {
        body: { ...registration(), customer_source: { customer_source_id: 'nope' } },
      });
      expect(param(unknownSource)).toMatchObject({ name: 'customer_source.customer_source_id', reason: 'not_found' });
    });

    it('refuses a bad email, phone, language, consent and property value, leaving nothing behind', async () => {
      const before = (await t.dataSource.query(`SELECT count(*)::int AS n FROM customers`))[0].n;
      expect(param(await call('POST', '/customers', { body: registration({ email: 'not-an-email' }) }))).toMatchObject({
        name: 'customer.personal_information.email',
      });
      expect(param(await call('POST', '/customers', { body: registration({ phone: '+420' }) }))).toMatchObject({
        name: 'customer.personal_information.phone',
      });
      expect(param(await call('POST', '/customers', { body: registration({ language_id: 'xx' }) }))).toMatchObject({ reason: 'not_found' });
      expect(
        param(await call('POST', '/customers', { body: registration({ consents: [{ consent_id: 'nope', consent_value: 1 }] }) })),
      ).toMatchObject({
        name: 'customer.personal_information.consents[0].consent_id',
        reason: 'not_found',
      });
      const badValue = await call('POST', '/customers', {
        body: registration({}, { property_records: [{ property_id: 'shoe_size', property_value: 'big' }] }),
      });
      expect(param(badValue)).toMatchObject({ name: 'property_records[0].property_value', reason: 'invalid_value_format' });
      const unknownField = await call('POST', '/customers', { body: { ...registration(), surprise: 1 } });
      expect(param(unknownField)).toMatchObject({ name: 'surprise', reason: 'not_allowed_value' });
      expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM customers`))[0].n).toBe(before);
    });

    it('refuses a second customer with the same email, in any letter case', async () => {
      const email = uniqueEmail();
      await register({ email });
      const again = await call('POST', '/customers', { body: registration({ email: email.toUpperCase() }) });
      expect(again.status).toBe(400);
      expect(param(again)).toMatchObject({ name: 'customer.personal_information.email', reason: 'already_exists' });
    });

    it('registers more customers at once than the database pool has connections', async () => {
      // A registration that held a transaction while waiting for another pool connection would stall here.
      const responses = await Promise.all(Array.from({ length: 40 }, () => call('POST', '/customers', { body: registration() })));
      expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 40 }, () => 201));
    }, 20_000);

    it('gives two concurrent registrations of one email one customer and one already_exists', async () => {
      const email = uniqueEmail();
      const responses = await Promise.all([1, 2, 3].map(() => call('POST', '/customers', { body: registration({ email }) })));
      expect(responses.map((r) => r.status).sort()).toEqual([201, 400, 400]);
      expect(responses.filter((r) => r.status === 400).every((r) => param(r).reason === 'already_exists')).toBe(true);
      const stored = await t.dataSource.query(`SELECT count(*)::int AS n FROM customers WHERE lower(email) = lower($1)`, [email]);
      expect(stored[0].n).toBe(1);
    });
  });

  describe('GET /customers', () => {
    it('filters with AND between filters and OR inside array filters, without deleted customers', async () => {
      const tag = randomBytes(3).toString('hex');
      const a = await register({
        first_name: `Ada${tag}`,
        last_name: 'Lovelace',
        birthdate: '1985-12-10',
        phone: `4201${parseInt(tag, 16)}`,
      });
      const b = await register({ first_name: `Ada${tag}`, last_name: 'Byron', birthdate: '1985-12-10' });
      const deleted = await register({ first_name: `Ada${tag}`, last_name: 'Gone' });
      await t.dataSource.query(`UPDATE customers SET state = 0 WHERE customer_id = $1`, [deleted]);
      const ids = (response: TestResponse) => response.body.data.customers.map((c: { customer_id: string }) => c.customer_id).sort();

      expect(ids(await call('GET', '/customers', { query: { first_name: `ada${tag}` } }))).toEqual([a, b].sort());
      expect(ids(await call('GET', '/customers', { query: { first_name: `Ada${tag}`, last_name: 'Byron' } }))).toEqual([b]);
      expect(ids(await call('GET', '/customers', { query: { first_name: `Ada${tag}`, birthdate: '10.12.1985' } }))).toEqual([a, b].sort());
      expect(ids(await call('GET', '/customers', { query: { phone: `4201${parseInt(tag, 16)}` } }))).toEqual([a]);
      expect(ids(await call('GET', '/customers', { query: { 'customer_ids[]': [a, deleted] } }))).toEqual([a]);
      const emails = (await t.dataSource.query(`SELECT email FROM customers WHERE customer_id = ANY($1)`, [[a, b]])).map(
        (r: { email: string }) => r.email,
      );
      expect(ids(await call('GET', '/customers', { query: { 'email_list[]': emails } }))).toEqual([a, b].sort());
      expect(ids(await call('GET', '/customers', { query: { email: emails[0].toUpperCase() } }))).toHaveLength(1);
      expect(ids(await call('GET', '/customers', { query: { first_name: `Ada${tag}`, customer_source_id: sourceId } }))).toEqual(
        [a, b].sort(),
      );

      const page = await call('GET', '/customers', {
        query: { first_name: `Ada${tag}`, count: '1', sort_field: 'customer_id', sort_direction: 'DESC' },
      });
      expect(page.body.data.total_items).toBe(2);
      expect(page.body.data.customers.map((c: { customer_id: string }) => c.customer_id)).toEqual([[a, b].sort()[1]]);
      expect((await call('GET', '/customers', { query: { birthdate: '1985/12/10' } })).status).toBe(400);
      expect((await call('GET', '/customers', { query: { sort_field: 'email' } })).status).toBe(400);
      expect((await call('GET', `/customers/${deleted}`)).status).toBe(404);
    });
  });

  describe('GET /customers/{customer_id}', () => {
    it('answers the customer exactly as the list answers it, consents, photo and dates included', async () => {
      const customerId = await register({
        pre_nominals: 'Ing.',
        phone: '420777987654',
        birthdate: '1990-05-17',
        store_id: storeId,
        address: { address1: 'Main street 1', zip: '60200', city: 'Brno', country_code: 'CZ' },
        agreement: { agreement_gtc: 1, agreement_marketing_communication: 0 },
      });
      await t.dataSource.query(`UPDATE customers SET doi_email = '2024-03-01T08:30:15.999999Z' WHERE customer_id = $1`, [customerId]);
      await t.dataSource.query(
        `INSERT INTO customer_photos (photo_id, customer_id, content_type, data) VALUES ($1, $2, 'image/png', '\\x00')`,
        [randomBytes(16).toString('hex'), customerId],
      );
      const variants: Record<string, string>[] = [{}, { customer_short_salutation: 'true' }];
      for (const query of variants) {
        const one = await call('GET', `/customers/${customerId}`, { query });
        const listed = await call('GET', '/customers', { query: { ...query, 'customer_ids[]': [customerId] } });
        expect(one.status).toBe(200);
        expect(one.body.data.personal_information.photo_url).toMatch(/\/customer-photos\/[0-9a-f]{32}$/);
        expect(one.body.data.personal_information.consents).toHaveLength(2);
        expect(JSON.stringify(one.body.data)).toBe(JSON.stringify(listed.body.data.customers[0]));
      }
    });
  });

  describe('PUT /customers/{customer_id}', () => {
    it('replaces the customer: omitted fields are cleared, password and store are kept', async () => {
      const email = uniqueEmail();
      const customerId = await register({
        email,
        phone: '420111222333',
        store_id: storeId,
        salutation: 'Hello Jana',
        address: { city: 'Praha' },
      });
      const replaced = await call('PUT', `/customers/${customerId}`, {
        body: {
          customer: {
            customer_id: customerId,
            state: 1,
            personal_information: {
              first_name: 'Jana',
              email,
              language_id: 'en',
              consents: [{ consent_id: marketingId, consent_value: 1 }],
            },
          },
        },
      });
      expect(replaced.status).toBe(204);
      const read = (await call('GET', `/customers/${customerId}`)).body.data.personal_information;
      expect(read.phone).toBeUndefined();
      expect(read.last_name).toBeUndefined();
      expect(read.address).toEqual({});
      expect(read.store_id).toBe(storeId);
      expect(read.salutation).toBe('Dear Jana');
      expect(read.consents).toEqual([{ consent_id: marketingId, consent_value: 1, last_change: expect.any(String) }]);
      const verify = await call('POST', '/customers/actions/verify-credentials', {
        body: { login_type: 'email', login_value: email, password: 'Secret-pass-9' },
      });
      expect(verify.body.data).toEqual({ customer_id: customerId });
    });

    it('changes the password when sent, refuses a taken email and answers 404 for an unknown customer', async () => {
      const email = uniqueEmail();
      const customerId = await register({ email });
      const other = uniqueEmail();
      await register({ email: other });
      const taken = await call('PUT', `/customers/${customerId}`, {
        body: { customer: { personal_information: { email: other, language_id: 'en' } } },
      });
      expect(param(taken)).toMatchObject({ reason: 'already_exists' });
      expect(
        (
          await call('PUT', `/customers/${customerId}`, {
            body: { customer: { personal_information: { email, language_id: 'en' } }, password: 'New-secret-77' },
          })
        ).status,
      ).toBe(204);
      const verify = await call('POST', '/customers/actions/verify-credentials', {
        body: { login_type: 'email', login_value: email, password: 'New-secret-77' },
      });
      expect(verify.body.data.customer_id).toBe(customerId);
      expect(
        (await call('PUT', '/customers/unknown', { body: { customer: { personal_information: { language_id: 'en' } } } })).status,
      ).toBe(404);
      expect((await call('PUT', '/customers', { body: { customer: { personal_information: { language_id: 'en' } } } })).status).toBe(405);
    });
  });
});
