import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

/** Per-customer records, definitions and Enterprise actions. */
describe('Customer records, definitions and actions (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let customer: TestCustomer;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown } = {},
  ): Promise<TestResponse> => t.enterprise(method, path, { token, ...options });
  const param = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const firstId = async (sql: string): Promise<string> => Object.values((await t.dataSource.query(sql))[0])[0] as string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    customer = await t.createCustomer({ firstName: 'Karel', lastName: 'Dvořák' });
    await t.dataSource.query(`INSERT INTO interests (interest_id, name) VALUES ('i_sport', 'Sport'), ('i_music', 'Music')`);
    await t.dataSource.query(
      `INSERT INTO customer_properties (property_id, name, data_type, is_unique) VALUES ('member_no', 'Member number', 'string', true), ('vip', 'VIP', 'boolean', false)`,
    );
  });

  afterAll(() => t.close());

  it('lists and reads every definition on both interfaces', async () => {
    const device = await t.deviceToken();
    for (const [path, key, idField] of [
      ['/customer-properties', 'customer_properties', 'property_id'],
      ['/interests', 'interests', 'interest_id'],
      ['/customer-address-types', 'customer_address_types', 'address_type_id'],
      ['/customer-relation-types', 'customer_relation_types', 'customer_relation_type_id'],
      ['/customer-types', 'customer_types', 'type_id'],
      ['/agreements', 'agreements', 'agreement_id'],
      ['/partners', 'partners', 'partner_id'],
    ]) {
      for (const response of [await call('GET', path), await t.customer('GET', path, { token: device })]) {
        expect(response.status).toBe(200);
        expect(response.body.data.total_items).toBeGreaterThan(0);
        const id = response.body.data[key][0][idField];
        expect((await call('GET', `${path}/${id}`)).body.data[idField]).toBe(id);
      }
      expect((await call('GET', `${path}/unknown`)).status).toBe(404);
    }
    expect((await call('GET', '/interests', { query: { name: 'mus' } })).body.data.interests).toEqual([
      { interest_id: 'i_music', name: 'Music' },
    ]);
    expect((await call('GET', '/agreements', { query: { text_id: 'gtc' } })).body.data.total_items).toBe(1);
    const partnerId = (await call('GET', '/partners')).body.data.partners[0].partner_id;
    expect((await call('GET', `/partners/${partnerId}/property-records`)).body.data).toEqual({ property_records: [], total_items: 0 });
  });

  it('manages property records, including batches in both error modes', async () => {
    const base = `/customers/${customer.customerId}/property-records`;
    const created = await call('POST', base, { body: { property_record: { property_id: 'vip', property_value: true } } });
    expect(created.status).toBe(201);
    expect(param(await call('POST', base, { body: { property_record: { property_id: 'vip', property_value: false } } })).reason).toBe(
      'relation_already_exists',
    );
    expect(param(await call('POST', base, { body: { property_record: { property_id: 'nope', property_value: 1 } } }))).toMatchObject({
      name: 'property_record.property_id',
      reason: 'not_found',
    });

    const other = await t.createCustomer();
    await call('POST', `/customers/${other.customerId}/property-records`, {
      body: { property_record: { property_id: 'member_no', property_value: 'M-1' } },
    });
    const taken = await call('POST', base, { body: { property_record: { property_id: 'member_no', property_value: 'M-1' } } });
    expect(param(taken).reason).toBe('already_exists');

    const strict = await call('POST', `${base}/batch`, {
      body: {
        property_records: [
          { property_id: 'member_no', property_value: 'M-2' },
          { property_id: 'vip', property_value: 'maybe' },
        ],
      },
    });
    expect(strict.status).toBe(400);
    expect(param(strict).name).toBe('property_records[1].property_value');
    expect((await call('GET', base)).body.data.total_items).toBe(1);

    const lenient = await call('POST', `${base}/batch`, {
      body: {
        error_processing: 2,
        property_records: [
          { property_id: 'member_no', property_value: 'M-2' },
          { property_id: 'vip', property_value: 'maybe' },
          { property_id: 'vip', property_value: false },
        ],
      },
    });
    expect(lenient.status).toBe(200);
    expect(lenient.body.data.errors).toEqual([
      { index: 1, invalid_params: [expect.objectContaining({ name: 'property_records[1].property_value' })] },
    ]);
    const values = Object.fromEntries(
      (await call('GET', base)).body.data.property_records.map((r: { property_id: string; property_value: unknown }) => [
        r.property_id,
        r.property_value,
      ]),
    );
    expect(values).toEqual({ member_no: 'M-2', vip: false });
    expect(
      (await call('POST', `${base}/batch`, { body: { property_records: [{ property_id: 'vip', property_value: true }] } })).status,
    ).toBe(204);

    const recordId = created.body.data.property_record_id;
    expect(
      (await call('PUT', `${base}/${recordId}`, { body: { property_record: { property_id: 'vip', property_value: false } } })).status,
    ).toBe(204);
    expect((await call('DELETE', `${base}/${recordId}`)).status).toBe(204);
    expect((await call('DELETE', `${base}/${recordId}`)).status).toBe(404);
    expect((await call('GET', '/customers/unknown/property-records')).status).toBe(404);
  });

  it('manages interest records', async () => {
    const base = `/customers/${customer.customerId}/interest-records`;
    const created = await call('POST', base, { body: { interest_record: { interest_id: 'i_sport', customer_id: customer.customerId } } });
    expect(created.status).toBe(201);
    expect(
      param(await call('POST', base, { body: { interest_record: { interest_id: 'i_sport', customer_id: customer.customerId } } })).reason,
    ).toBe('relation_already_exists');
    expect(
      param(await call('POST', base, { body: { interest_record: { interest_id: 'nope', customer_id: customer.customerId } } })).reason,
    ).toBe('not_found');
    const id = created.body.data.interest_record_id;
    expect(
      (await call('PUT', `${base}/${id}`, { body: { interest_record: { interest_id: 'i_music', customer_id: customer.customerId } } }))
        .status,
    ).toBe(204);
    expect((await call('GET', base)).body.data.interest_records).toEqual([
      { interest_record_id: id, interest_id: 'i_music', customer_id: customer.customerId, last_change: expect.any(String) },
    ]);
    expect((await call('DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await call('GET', base)).body.data.total_items).toBe(0);
  });

  it('manages additional addresses', async () => {
    const base = `/customers/${customer.customerId}/addresses`;
    const typeId = (await call('GET', '/customer-address-types')).body.data.customer_address_types[0].address_type_id;
    const created = await call('POST', base, {
      body: { additional_address: { address_type: typeId, address: { city: 'Ostrava', zip: '70030', country_code: 'cz' } } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.additional_address_id;
    expect((await call('GET', `${base}/${id}`)).body.data).toEqual({
      additional_address_id: id,
      address_type: typeId,
      address: { city: 'Ostrava', zip: '70030', country_code: 'cz' },
    });
    expect(
      (await call('PUT', `${base}/${id}`, { body: { additional_address: { address_type: typeId, address: { city: 'Opava' } } } })).status,
    ).toBe(204);
    expect((await call('GET', `${base}/${id}`)).body.data.address).toEqual({ city: 'Opava' });
    expect((await call('GET', base, { query: { customer_address_type_id: typeId } })).body.data.total_items).toBe(1);
    expect((await call('GET', base, { query: { customer_address_type_id: 'other' } })).body.data.total_items).toBe(0);
    expect(param(await call('POST', base, { body: { additional_address: { address_type: 'nope', address: {} } } })).reason).toBe(
      'not_found',
    );
    expect((await call('GET', `${base}/unknown`)).status).toBe(404);
  });

  it('relates customers, shows both sides and keeps ended relations as past ones', async () => {
    const partner = await t.createCustomer({ firstName: 'Alena', lastName: 'Dvořáková' });
    const typeId = (await call('GET', '/customer-relation-types')).body.data.customer_relation_types[0].customer_relation_type_id;
    const base = `/customers/${customer.customerId}/related-customers`;
    const created = await call('POST', base, {
      body: { related_customer: { related_customer_id: partner.customerId, customer_relation_type_id: typeId, is_leading: true } },
    });
    expect(created.status).toBe(201);
    const again = await call('POST', `/customers/${partner.customerId}/related-customers`, {
      body: { related_customer: { related_customer_id: customer.customerId, customer_relation_type_id: typeId, is_leading: false } },
    });
    expect(param(again).reason).toBe('relation_already_exists');
    const id = created.body.data.customer_relation_id;
    const fromOtherSide = await call('GET', `/customers/${partner.customerId}/related-customers/${id}`);
    expect(fromOtherSide.body.data).toMatchObject({
      related_customer_id: customer.customerId,
      is_leading: false,
      short_name: 'Karel Dvořák',
      state: 1,
    });
    expect((await call('GET', base, { query: { related_customer_id: partner.customerId } })).body.data.related_customers[0]).toMatchObject({
      is_leading: true,
      short_name: 'Alena Dvořáková',
    });
    expect((await call('DELETE', `${base}/${id}`)).status).toBe(204);
    expect((await call('GET', base)).body.data.total_items).toBe(0);
    const past = await call('GET', base, { query: { all_customer_relations: 'true' } });
    expect(past.body.data.related_customers).toEqual([
      expect.objectContaining({ customer_relation_id: id, state: 0, valid_to: expect.any(String) }),
    ]);
    expect(
      param(
        await call('POST', base, {
          body: { related_customer: { related_customer_id: 'nope', customer_relation_type_id: typeId, is_leading: true } },
        }),
      ).reason,
    ).toBe('not_found');
  });

  it('hands out one referral code per campaign that brings the next registration in as a relation', async () => {
    const referrals = await call('GET', `/customers/${customer.customerId}/referrals`);
    expect(referrals.body.data.total_items).toBe(1);
    const code: string = referrals.body.data.referrals[0].code;
    expect((await call('GET', `/customers/${customer.customerId}/referrals`)).body.data.referrals[0].code).toBe(code);
    expect((await call('GET', `/customers/${customer.customerId}/referrals`, { query: { referral_code: 'OTHER123' } })).body.data).toEqual({
      referrals: [],
      total_items: 0,
    });
    expect((await call('GET', `/customers/${customer.customerId}/referrals`, { query: { is_valid: 'false' } })).body.data.total_items).toBe(
      0,
    );
    expect(
      (await t.enterprise('POST', '/customers/actions/validate-customer-data', { body: { type: 'referral_code', value: code } })).body.data,
    ).toEqual({ is_valid: true });

    const sourceId = await firstId(`SELECT customer_source_id FROM customer_sources LIMIT 1`);
    const referred = await call('POST', '/customers', {
      body: {
        customer: { personal_information: { email: `r-${randomBytes(4).toString('hex')}@example.test`, language_id: 'en' } },
        customer_source: { customer_source_id: sourceId },
        autologin: false,
        referral_code: code.toLowerCase(),
      },
    });
    expect(referred.status).toBe(201);
    const relations = await call('GET', `/customers/${customer.customerId}/related-customers`, {
      query: { related_customer_id: referred.body.data.customer_id },
    });
    expect(relations.body.data.total_items).toBe(1);
    const badCode = await call('POST', '/customers', {
      body: {
        customer: { personal_information: { language_id: 'en' } },
        customer_source: { customer_source_id: sourceId },
        autologin: false,
        referral_code: 'NOPE',
      },
    });
    expect(param(badCode)).toMatchObject({ name: 'referral_code', reason: 'not_found' });
  });

  it('adds and lists source records, matching any of several external ids', async () => {
    const base = `/customers/${customer.customerId}/customer-source-records`;
    const sourceId = await firstId(`SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'store'`);
    for (const externalId of ['pos-1', 'pos-2']) {
      expect(
        (await call('POST', base, { body: { customer_source_record: { customer_source_id: sourceId, external_id: externalId } } })).status,
      ).toBe(201);
    }
    expect(
      param(await call('POST', base, { body: { customer_source_record: { customer_source_id: sourceId, external_id: 'pos-1' } } })).reason,
    ).toBe('relation_already_exists');
    const byAny = await call('GET', base, { query: { 'external_ids[]': ['pos-2', 'pos-9'], external_id: 'pos-1' } });
    expect(byAny.body.data.customer_source_records.map((r: { external_id: string }) => r.external_id)).toEqual(['pos-2']);
    expect((await call('GET', base, { query: { customer_source_id: sourceId } })).body.data.total_items).toBe(2);
  });

  it('sets status records, keeping one active at a time', async () => {
    const statuses: { status_id: string; text_id: string }[] = await t.dataSource.query(`SELECT status_id, text_id FROM statuses`);
    const silver = statuses.find((s) => s.text_id === 'silver')!.status_id;
    const gold = statuses.find((s) => s.text_id === 'gold')!.status_id;
    const first = await call('POST', '/customers/actions/set-status-record', {
      body: { customer_id: customer.customerId, status_id: silver },
    });
    expect(first.status).toBe(200);
    const second = await call('POST', '/customers/actions/set-status-record', {
      body: { customer_id: customer.customerId, status_id: gold, valid_from: '2020-01-01 00:00:00', valid_to: '2099-12-31T23:59:59' },
    });
    expect(second.status).toBe(200);
    const base = `/customers/${customer.customerId}/status-records`;
    const now = await call('GET', base, { query: { valid_now: 'true' } });
    expect(now.body.data.status_records).toEqual([
      expect.objectContaining({
        status_record_id: second.body.data.status_record_id,
        status_id: gold,
        valid_from: '2020-01-01 00:00:00',
        state: 1,
      }),
    ]);
    const all = await call('GET', base);
    expect(all.body.data.status_records.filter((r: { state: number }) => r.state === 1)).toHaveLength(1);
    expect(all.body.data.total_items).toBe(2);
    expect(
      param(await call('POST', '/customers/actions/set-status-record', { body: { customer_id: customer.customerId, status_id: 'nope' } }))
        .reason,
    ).toBe('not_found');
    expect(
      param(
        await call('POST', '/customers/actions/set-status-record', {
          body: { customer_id: customer.customerId, status_id: gold, valid_from: 'soon' },
        }),
      ).reason,
    ).toBe('invalid_value_format');
  });

  it('manages partner records and sets partners', async () => {
    const extra = randomBytes(16).toString('hex');
    await t.dataSource.query(`INSERT INTO partners (partner_id, name) VALUES ($1, 'Second partner')`, [extra]);
    const someone = await t.createCustomer();
    const base = `/customers/${someone.customerId}/partner-records`;
    const added = await call('POST', base, { body: { partner_record: { partner_id: extra } } });
    expect(added.status).toBe(201);
    expect(param(await call('POST', base, { body: { partner_record: { partner_id: extra } } })).reason).toBe('relation_already_exists');
    expect((await call('GET', base)).body.data.total_items).toBe(1);
    expect(
      (await call('POST', '/customers/actions/set-partners', { body: { customer_id: someone.customerId, partner_records: [] } })).status,
    ).toBe(204);
    expect((await call('GET', base)).body.data.total_items).toBe(0);
    const defaultPartner = await firstId(`SELECT partner_id FROM partners WHERE name = 'Default partner'`);
    await call('POST', '/customers/actions/set-partners', {
      body: { customer_id: someone.customerId, partner_records: [{ partner_id: defaultPartner }, { partner_id: extra }] },
    });
    const records = (await call('GET', base)).body.data.partner_records;
    expect(records.map((r: { partner_id: string }) => r.partner_id).sort()).toEqual([defaultPartner, extra].sort());
    const recordId = records.find((r: { partner_id: string }) => r.partner_id === extra).partner_record_id;
    expect((await call('DELETE', `${base}/${recordId}`)).status).toBe(204);
    expect((await call('GET', base)).body.data.total_items).toBe(1);
    expect(
      param(
        await call('POST', '/customers/actions/set-partners', {
          body: { customer_id: someone.customerId, partner_records: [{ partner_id: 'nope' }] },
        }),
      ).reason,
    ).toBe('not_found');
  });

  it('verifies credentials by email or card with one answer for every failure', async () => {
    const ok = await call('POST', '/customers/actions/verify-credentials', {
      body: { login_type: 'card', login_value: customer.cardNumber, password: customer.password },
    });
    expect(ok.body.data).toEqual({ customer_id: customer.customerId });
    for (const body of [
      { login_type: 'email', login_value: customer.email, password: 'Wrong-pass-1' },
      { login_type: 'email', login_value: 'nobody@example.test', password: customer.password },
      { login_type: 'card', login_value: '000', password: customer.password },
    ]) {
      const refused = await call('POST', '/customers/actions/verify-credentials', { body });
      expect(refused.status).toBe(400);
      expect(param(refused)).toMatchObject({ name: 'password', reason: 'not_allowed_value' });
    }
  });

  it('searches customers in strict mode', async () => {
    await t.dataSource.query(`UPDATE customers SET birthdate = '1970-01-02' WHERE customer_id = $1`, [customer.customerId]);
    const query = { first_name: 'karel', last_name: 'Dvořák', birthdate: '02.01.1970', card_number: customer.cardNumber, mode: 'strict' };
    expect((await call('GET', '/customers/actions/search-customers', { query })).body.data).toEqual({
      strict: [{ customer_id: customer.customerId, match: 100 }],
    });
    expect((await call('GET', '/customers/actions/search-customers', { query: { ...query, card_number: '1' } })).body.data).toEqual({
      strict: [],
    });
    const incomplete = await call('GET', '/customers/actions/search-customers', { query: { first_name: 'Karel', mode: 'strict' } });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.error_data.invalid_params.map((p: { name: string }) => p.name)).toEqual([
      'last_name',
      'birthdate',
      'card_number',
    ]);
  });

  it('refuses an impossible birthdate in a search even when the card number matches no card', async () => {
    for (const card_number of [customer.cardNumber, 'no-such-card']) {
      const refused = await call('GET', '/customers/actions/search-customers', { query: { birthdate: '2023-02-29', card_number } });
      expect([refused.status, refused.body.error?.error_data?.invalid_params?.[0]?.name]).toEqual([400, 'birthdate']);
    }
  });

  it('issues a cross-application token that verify-auth-token redeems once', async () => {
    const target = await t.createApplication(ApiInterface.Customer);
    const issued = await call('POST', '/customers/actions/auth-token', {
      body: { customer_id: customer.customerId, external_application_id: target, token_type: 2 },
    });
    expect(issued.status).toBe(200);
    expect(issued.body.data.authentication_token).toMatch(/^\d{8}$/);
    const body = {
      application_id: target,
      token: issued.body.data.authentication_token,
      token_request_id: issued.body.data.token_request_id,
    };
    expect((await call('POST', '/customers/actions/verify-auth-token', { body })).body.data).toEqual({ customer_id: customer.customerId });
    expect((await call('POST', '/customers/actions/verify-auth-token', { body })).status).toBe(400);
    expect(
      param(
        await call('POST', '/customers/actions/auth-token', {
          body: { customer_id: 'nope', external_application_id: target, token_type: 1 },
        }),
      ).reason,
    ).toBe('not_found');
  });

  it('signs contacts up for newsletters once, setting consents and source', async () => {
    const email = `n-${randomBytes(4).toString('hex')}@example.test`;
    const sourceId = await firstId(`SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'newsletter'`);
    const body = { contact: email, customer_source_id: sourceId, agreements: { agreement_marketing_communication: 1 }, language_id: 'en' };
    const results = await Promise.all([
      call('POST', '/customers/actions/newsletters-sign-up', { body }),
      call('POST', '/customers/actions/newsletters-sign-up', { body }),
    ]);
    expect(results.map((r) => r.status)).toEqual([204, 204]);
    const rows: { customer_id: string }[] = await t.dataSource.query(`SELECT customer_id FROM customers WHERE email = $1`, [email]);
    expect(rows).toHaveLength(1);
    const read = (await call('GET', `/customers/${rows[0].customer_id}`)).body.data.personal_information;
    expect(read.agreement.agreement_marketing_communication).toBe(1);
    const sources = await t.dataSource.query(`SELECT count(*)::int AS n FROM customer_source_records WHERE customer_id = $1`, [
      rows[0].customer_id,
    ]);
    expect(sources[0].n).toBe(1);
    expect(
      param(await call('POST', '/customers/actions/newsletters-sign-up', { body: { ...body, contact: 'not a contact' } })).reason,
    ).toBe('invalid_value_format');
  });

  it('registers and cancels push notifications', async () => {
    const app = await t.createApplication(ApiInterface.Customer);
    const device = { device_id: 'd-1', device_system: 'iOS', device_name: 'iPhone', device_type: 'phone' };
    const register = (pushToken: string, deviceId = 'd-1') =>
      call('POST', '/customers/actions/set-push-notifications', {
        body: {
          customer_id: customer.customerId,
          external_application_id: app,
          device: { ...device, device_id: deviceId },
          push_token: pushToken,
        },
      });
    expect((await register('push-a')).status).toBe(204);
    expect((await register('push-b')).status).toBe(204);
    await register('push-c', 'd-2');
    const tokens = async () =>
      (
        await t.dataSource.query(
          `SELECT push_token FROM customer_push_registrations WHERE external_application_id = $1 ORDER BY push_token`,
          [app],
        )
      ).map((r: { push_token: string }) => r.push_token);
    expect(await tokens()).toEqual(['push-b', 'push-c']);
    await call('POST', '/customers/actions/cancel-push-notifications', {
      body: { customer_id: customer.customerId, external_application_id: app, push_token: 'push-b' },
    });
    expect(await tokens()).toEqual(['push-c']);
    await call('POST', '/customers/actions/cancel-push-notifications', {
      body: { customer_id: customer.customerId, external_application_id: app },
    });
    expect(await tokens()).toEqual([]);
    expect(
      param(
        await call('POST', '/customers/actions/cancel-push-notifications', {
          body: { customer_id: customer.customerId, external_application_id: 'nope' },
        }),
      ).reason,
    ).toBe('not_found');
  });
});
