import { ApiInterface } from '@tessera/http';
import { TestApp, TestResponse } from '../support/test-app';

type Iface = 'enterprise' | 'customer';

describe('Reference data (HTTP)', () => {
  let t: TestApp;
  let tokens: Record<Iface, string>;
  let partnerId: string;

  const call = (
    iface: Iface,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> => t[iface](method, path, { token: tokens[iface], ...options });

  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];

  const storeBody = (overrides: Record<string, unknown> = {}): { store: Record<string, unknown> } => ({
    store: {
      store_code: `s-${Math.random().toString(36).slice(2, 10)}`,
      name: 'Test store',
      partner_id: partnerId,
      system_id: 'pos-1',
      ...overrides,
    },
  });

  beforeAll(async () => {
    t = await TestApp.create();
    // The stores tests run on both interfaces: this Customer application is granted the store writes.
    const customerApp = await t.createApplication(ApiInterface.Customer);
    await t.grantOperations(customerApp, ['project-writes']);
    tokens = { enterprise: await t.enterpriseToken(), customer: await t.deviceToken(undefined, customerApp) };
    partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners WHERE name = 'Default partner'`))[0].partner_id;
  });

  afterAll(() => t.close());

  describe.each<Iface>(['enterprise', 'customer'])('%s interface', (iface) => {
    it('lists countries named per Accept-Language, with filters and paging', async () => {
      const german = await call(iface, 'GET', '/countries', {
        query: { country_id: 'cz' },
        headers: { 'accept-language': 'de-DE,de;q=0.9' },
      });
      expect(german.status).toBe(200);
      expect(german.body.data).toEqual({ countries: [{ country_id: 'cz', name: 'Tschechien', state: 1 }], total_items: 1 });
      const fallback = await call(iface, 'GET', '/countries', { query: { country_id: 'cz' }, headers: { 'accept-language': 'xx' } });
      expect(fallback.body.data.countries[0].name).toBe('Czechia');
      const byName = await call(iface, 'GET', '/countries', { query: { country_name: 'czech' } });
      expect(byName.body.data.countries.map((c: { country_id: string }) => c.country_id)).toEqual(['cz']);
      const page = await call(iface, 'GET', '/countries', {
        query: { count: '2', offset: '1', sort_field: 'country_id', sort_direction: 'DESC' },
      });
      expect(page.body.data.countries).toHaveLength(2);
      expect(page.body.data.total_items).toBeGreaterThan(200);
      expect(page.body.data.countries[0].country_id > page.body.data.countries[1].country_id).toBe(true);
      const badSort = await call(iface, 'GET', '/countries', { query: { sort_field: 'nope' } });
      expect(badSort.status).toBe(400);
    });

    it('lists languages without a token', async () => {
      const all = await t[iface]('GET', '/languages');
      expect(all.status).toBe(200);
      expect(all.body.data.total_items).toBeGreaterThan(150);
      expect(all.body.data.languages[0]).toEqual({
        language_id: expect.any(String),
        state: 1,
        last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      });
      const only = await t[iface]('GET', '/languages', { query: { default_language: 'true' } });
      expect(only.body.data.languages.map((l: { language_id: string }) => l.language_id)).toEqual(['en']);
      const portal = await t[iface]('GET', '/languages', { query: { language_list_type: 'web-portal' } });
      expect(portal.body.data.languages.map((l: { language_id: string }) => l.language_id)).toEqual(['en']);
      const bad = await t[iface]('GET', '/languages', { query: { language_list_type: 'other' } });
      expect(bad.status).toBe(400);
    });

    it('lists and reads currencies', async () => {
      const list = await call(iface, 'GET', '/currencies', { query: { currency_code: 'eur' } });
      expect(list.body.data.currencies).toEqual([{ currency_id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Euro', code: 'EUR' }]);
      const one = await call(iface, 'GET', `/currencies/${list.body.data.currencies[0].currency_id}`);
      expect(one.body.data.code).toBe('EUR');
      const byName = await call(iface, 'GET', '/currencies', { query: { currency_name: 'koruna' } });
      expect(byName.body.data.currencies.map((c: { code: string }) => c.code)).toContain('CZK');
      expect((await call(iface, 'GET', '/currencies/unknown')).status).toBe(404);
    });

    it('lists and reads customer sources', async () => {
      const list = await call(iface, 'GET', '/customer-sources', { query: { sort_field: 'customer_source_text_id' } });
      expect(list.body.data.customer_sources.map((s: { customer_source_text_id: string }) => s.customer_source_text_id)).toEqual([
        'e_shop',
        'mobile_app',
        'newsletter',
        'store',
      ]);
      const filtered = await call(iface, 'GET', '/customer-sources', { query: { customer_source_text_id: 'store' } });
      expect(filtered.body.data.total_items).toBe(1);
      const one = await call(iface, 'GET', `/customer-sources/${filtered.body.data.customer_sources[0].customer_source_id}`);
      expect(one.body.data).toMatchObject({ customer_source_text_id: 'store', state: 1 });
      expect((await call(iface, 'GET', '/customer-sources/unknown')).status).toBe(404);
    });

    it('lists and reads statuses as a linked chain', async () => {
      const list = await call(iface, 'GET', '/statuses');
      const [basic, silver, gold] = list.body.data.statuses;
      expect([basic.text_id, silver.text_id, gold.text_id]).toEqual(['basic', 'silver', 'gold']);
      expect(basic).toMatchObject({ qualification_type: 0, next_status: silver.status_id, qualification_turnover: [] });
      expect(basic).not.toHaveProperty('previous_status');
      expect(silver).toMatchObject({
        qualification_type: 2,
        qualification_points: 1000,
        previous_status: basic.status_id,
        next_status: gold.status_id,
      });
      const byText = await call(iface, 'GET', '/statuses', { query: { text_id: 'gold' } });
      expect(byText.body.data.statuses.map((s: { status_id: string }) => s.status_id)).toEqual([gold.status_id]);
      expect((await call(iface, 'GET', `/statuses/${gold.status_id}`)).body.data.previous_status).toBe(silver.status_id);
      expect((await call(iface, 'GET', '/statuses/unknown')).status).toBe(404);
    });

    it('lists and reads store groups and store properties', async () => {
      const groups = await call(iface, 'GET', '/store-groups', { query: { name: 'all' } });
      expect(groups.body.data.total_items).toBe(1);
      const groupId = groups.body.data.store_groups[0].store_group_id;
      expect((await call(iface, 'GET', `/store-groups/${groupId}`)).body.data.name).toBe('All stores');
      expect((await call(iface, 'GET', '/store-groups/unknown')).status).toBe(404);
      const properties = await call(iface, 'GET', '/store-properties', { query: { name: 'type' } });
      expect(properties.body.data.store_properties).toHaveLength(1);
      expect(properties.body.data.store_properties[0]).toMatchObject({
        property_id: 'store_type',
        data_type: 'enum',
        is_required: false,
        state: 1,
      });
      const one = await call(iface, 'GET', '/store-properties/store_type');
      expect(one.body.data.items.map((i: { id: string }) => i.id)).toEqual(['store_type_mall', 'store_type_outlet', 'store_type_street']);
      expect((await call(iface, 'GET', '/store-properties/unknown')).status).toBe(404);
    });

    it('answers the connection test without a token', async () => {
      const response = await t[iface]('GET', '/tests/connection', { query: { test_string: 'Hello World!' } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ data: { test_string: '!dlroW olleH' } });
    });

    it('refuses protected lists without a token', async () => {
      for (const path of ['/countries', '/currencies', '/stores', '/statuses', '/customer-source-records']) {
        expect((await t[iface]('GET', path)).status).toBe(401);
      }
    });

    it('creates, reads, lists and replaces stores', async () => {
      const body = storeBody({
        store_address: { address1: 'Main 1', city: 'Praha', zip: '11000', country_code: 'cz' },
        phone_number: '420777123456',
        contact_email: 'shop@example.test',
        gps_coordinates: { gps_longitude: 14.4378, gps_latitude: 50.0755 },
        opening: [{ day_id: 'MON', time_intervals: [{ from: '08:00:00', to: '17:00:00' }] }],
        description: 'Flagship',
      });
      const created = await call(iface, 'POST', '/stores', { body });
      expect(created.status).toBe(201);
      const storeId = created.body.data.store_id;
      const read = await call(iface, 'GET', `/stores/${storeId}`);
      expect(read.body.data).toMatchObject({
        store_id: storeId,
        store_code: body.store.store_code,
        store_address: { address1: 'Main 1', city: 'Praha', country_code: 'cz' },
        gps_coordinates: { gps_longitude: 14.4378, gps_latitude: 50.0755 },
        opening: body.store.opening,
        visibility_for_customer: 1,
        state: 1,
        image_urls: [],
      });

      const replaced = await call(iface, 'PUT', `/stores/${storeId}`, {
        body: { store: { ...read.body.data, description: undefined, gps_coordinates: undefined, name: 'Renamed' } },
      });
      expect(replaced.status).toBe(204);
      const after = await call(iface, 'GET', `/stores/${storeId}`);
      expect(after.body.data).toMatchObject({ name: 'Renamed', phone_number: '420777123456' });
      expect(after.body.data).not.toHaveProperty('description');
      expect(after.body.data).not.toHaveProperty('gps_coordinates');

      const listed = await call(iface, 'GET', '/stores', { query: { system_id: 'pos-1', sort_field: 'store_code' } });
      expect(listed.body.data.stores.map((s: { store_id: string }) => s.store_id)).toContain(storeId);
      const hidden = await call(iface, 'GET', '/stores', { query: { visible_for_customer: '0' } });
      expect(hidden.body.data.total_items).toBe(0);
      expect((await call(iface, 'GET', '/stores/unknown')).status).toBe(404);
      expect((await call(iface, 'PUT', '/stores/unknown', { body: storeBody() })).status).toBe(404);
    });

    it('refuses invalid stores', async () => {
      const missing = await call(iface, 'POST', '/stores', { body: { store: { name: 'x', partner_id: partnerId, system_id: 'a' } } });
      expect(missing.status).toBe(400);
      expect(invalidParam(missing)).toMatchObject({ name: 'store.store_code', reason: 'required' });
      const phone = await call(iface, 'POST', '/stores', { body: storeBody({ phone_number: '0123' }) });
      expect(invalidParam(phone)).toMatchObject({ name: 'store.phone_number', reason: 'invalid_value_format' });
      const partner = await call(iface, 'POST', '/stores', { body: storeBody({ partner_id: 'nope' }) });
      expect(invalidParam(partner)).toMatchObject({ name: 'store.partner_id', reason: 'not_found' });
      const country = await call(iface, 'POST', '/stores', { body: storeBody({ store_address: { country_code: 'qq' } }) });
      expect(invalidParam(country)).toMatchObject({ name: 'store.store_address.country_code', reason: 'not_found' });
      const gps = await call(iface, 'POST', '/stores', { body: storeBody({ gps_coordinates: { gps_longitude: 1 } }) });
      expect(invalidParam(gps)).toMatchObject({ name: 'store.gps_coordinates.gps_latitude', reason: 'required' });
      const duplicate = await call(iface, 'POST', '/stores', { body: storeBody({ store_code: 'default' }) });
      expect(invalidParam(duplicate)).toMatchObject({ name: 'store.store_code', reason: 'already_exists' });
    });

    it('manages store property records and filters stores by them', async () => {
      const storeId = (await call(iface, 'POST', '/stores', { body: storeBody() })).body.data.store_id;
      const path = `/stores/${storeId}/property-records`;
      const created = await call(iface, 'POST', path, {
        body: { property_record: { property_id: 'store_type', property_value: [{ id: 'store_type_mall', name: 'Shopping mall' }] } },
      });
      expect(created.status).toBe(201);
      const recordId = created.body.data.property_record_id;
      const list = await call(iface, 'GET', path);
      expect(list.body.data).toEqual({
        property_records: [
          {
            property_record_id: recordId,
            property_id: 'store_type',
            property_name: 'Store type',
            property_value: 'store_type_mall',
            last_change: expect.any(String),
          },
        ],
        total_items: 1,
      });
      const filtered = await call(iface, 'GET', '/stores', { query: { property_id: 'store_type', property_value: 'store_type_mall' } });
      expect(filtered.body.data.stores.map((s: { store_id: string }) => s.store_id)).toEqual([storeId]);
      const halfFilter = await call(iface, 'GET', '/stores', { query: { property_id: 'store_type' } });
      expect(halfFilter.body.data.total_items).toBeGreaterThan(1);

      expect(
        (
          await call(iface, 'PUT', `${path}/${recordId}`, {
            body: { property_record: { property_id: 'floor_area', property_value: '120.5' } },
          })
        ).status,
      ).toBe(204);
      expect((await call(iface, 'GET', path)).body.data.property_records[0]).toMatchObject({
        property_id: 'floor_area',
        property_value: 120.5,
      });

      const badValue = await call(iface, 'POST', path, { body: { property_record: { property_id: 'parking', property_value: 'maybe' } } });
      expect(invalidParam(badValue)).toMatchObject({ name: 'property_record.property_value', reason: 'invalid_value_format' });
      const badItem = await call(iface, 'POST', path, {
        body: { property_record: { property_id: 'store_type', property_value: 'castle' } },
      });
      expect(badItem.status).toBe(400);
      const unknown = await call(iface, 'POST', path, { body: { property_record: { property_id: 'nope', property_value: 'x' } } });
      expect(invalidParam(unknown)).toMatchObject({ name: 'property_record.property_id', reason: 'not_found' });

      expect((await call(iface, 'DELETE', `${path}/${recordId}`)).status).toBe(204);
      expect((await call(iface, 'DELETE', `${path}/${recordId}`)).status).toBe(404);
      expect((await call(iface, 'GET', path)).body.data).toEqual({ property_records: [], total_items: 0 });
      expect((await call(iface, 'GET', '/stores/unknown/property-records')).status).toBe(404);
    });

    it('lists the store group records of a store', async () => {
      const store = (await call(iface, 'GET', '/stores', { query: { sort_field: 'store_code' } })).body.data.stores.find(
        (s: { store_code: string }) => s.store_code === 'default',
      );
      const records = await call(iface, 'GET', `/stores/${store.store_id}/store-group-records`);
      expect(records.body.data.total_items).toBe(1);
      expect(records.body.data.store_group_records[0]).toMatchObject({ store_id: store.store_id, store_group_id: expect.any(String) });
      expect((await call(iface, 'GET', '/stores/unknown/store-group-records')).status).toBe(404);
    });

    it('finds customer source records by external ids', async () => {
      const customer = await t.createCustomer();
      // On the Customer interface the list holds only the logged-in customer's records.
      const token = iface === 'enterprise' ? tokens.enterprise : await t.deviceToken(customer);
      const list = (query: Record<string, string | string[]>) => t[iface]('GET', '/customer-source-records', { token, query });
      const sources = (await call(iface, 'GET', '/customer-sources')).body.data.customer_sources;
      const sourceId = sources[0].customer_source_id;
      const suffix = Math.random().toString(36).slice(2);
      await t.dataSource.query(
        `INSERT INTO customer_source_records (customer_source_record_id, customer_source_id, customer_id, external_id)
         VALUES ($1, $3, $4, $5), ($2, $3, $4, $6)`,
        [`a${suffix}`.slice(0, 32), `b${suffix}`.slice(0, 32), sourceId, customer.customerId, `ext-a-${suffix}`, `ext-b-${suffix}`],
      );
      const both = await list({ 'external_ids[]': [`ext-a-${suffix}`, `ext-b-${suffix}`], external_id: 'ignored' });
      expect(both.body.data.total_items).toBe(2);
      const one = await list({ external_id: `ext-b-${suffix}` });
      expect(one.body.data.customer_source_records).toEqual([
        {
          customer_source_record_id: `b${suffix}`.slice(0, 32),
          customer_source_id: sourceId,
          customer_id: customer.customerId,
          external_id: `ext-b-${suffix}`,
          last_change: expect.any(String),
        },
      ]);
      const byCustomer = await list({ customer_id: customer.customerId, customer_source_id: sourceId, count: '1' });
      expect(byCustomer.body.data.customer_source_records).toHaveLength(1);
      expect(byCustomer.body.data.total_items).toBe(2);
    });
  });
});
