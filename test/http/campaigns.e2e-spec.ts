import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { AudienceDefinitionRepository } from '../../src/modules/campaigns';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');
const DATETIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('Campaigns, campaign products and audiences (HTTP)', () => {
  let t: TestApp;
  let token: string;
  /** A device of a Customer application with the default permissions. */
  let device: string;
  /** A device of a Customer application that was granted project writes. */
  let grantedDevice: string;
  let currencyId: string;
  let privateType: string;
  let businessType: string;
  const products = { shirt: '', mug: '' };
  const stores = { prague: '', brno: '' };
  const campaigns = { spring: '', summer: '', draft: '', removed: '' };
  const offers = { shirt: '', mug: '', future: '', draft: '', blocked: '' };

  const ent = (method: 'GET' | 'POST', path: string, options: { body?: unknown; query?: Record<string, string | string[]> } = {}) =>
    t.enterprise(method, path, { token, ...options });
  const cus = (method: 'GET' | 'POST', path: string, options: { body?: unknown; query?: Record<string, string | string[]> } = {}) =>
    t.customer(method, path, { token: device, ...options });
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const one = async (sql: string, params: unknown[] = []) => (await t.dataSource.query(sql, params))[0];
  const count = async (table: string): Promise<number> => (await one(`SELECT count(*)::int AS n FROM ${table}`)).n;
  const campaignIds = (response: TestResponse): string[] => response.body.data.campaigns.map((c: { campaign_id: string }) => c.campaign_id);
  const offerIds = (response: TestResponse): string[] =>
    response.body.data.campaign_products.map((c: { campaign_product_id: string }) => c.campaign_product_id);
  const sorted = (...ids: string[]) => [...ids].sort();

  async function createCampaign(campaign: Record<string, unknown>): Promise<string> {
    const created = await ent('POST', '/campaigns', { body: { campaign } });
    expect(created.status).toBe(201);
    return created.body.data.campaign_id;
  }

  /** A campaign product body: the shirt at 20 % for private customers in spring unless `changes` say otherwise. */
  const offer = (changes: Record<string, unknown> = {}) => ({
    product_id: products.shirt,
    currency_id: currencyId,
    campaign_id: campaigns.spring,
    value: 20,
    value_type_id: 1,
    valid_from: '2020-01-01 00:00:00',
    valid_to: '2099-12-31 23:59:59',
    display_in: ['web'],
    type_id: privateType,
    presentation_data: { name: 'Shirt 20% off' },
    ...changes,
  });

  async function createOffer(changes: Record<string, unknown>): Promise<string> {
    const created = await ent('POST', '/campaign-products', { body: { campaign_product: offer(changes) } });
    expect(created.status).toBe(201);
    return created.body.data.campaign_product_id;
  }

  async function createStore(code: string): Promise<string> {
    const storeId = hex();
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) SELECT $1, $2, $2, partner_id, 'pos' FROM partners LIMIT 1`,
      [storeId, code],
    );
    return storeId;
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    device = await t.deviceToken();
    const granted = await t.createApplication(ApiInterface.Customer);
    await t.grantOperations(granted, ['project-writes']);
    grantedDevice = await t.deviceToken(undefined, granted);
    currencyId = (await one(`SELECT currency_id FROM currencies ORDER BY code LIMIT 1`)).currency_id;
    privateType = (await one(`SELECT type_id FROM customer_types WHERE text_id = 'private'`)).type_id;
    businessType = (await one(`SELECT type_id FROM customer_types WHERE text_id = 'business'`)).type_id;
    products.shirt = hex();
    products.mug = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name, code) VALUES ($1, 'Shirt', 'SHIRT-1'), ($2, 'Mug', 'MUG-2')`, [
      products.shirt,
      products.mug,
    ]);
    stores.prague = await createStore(`prague-${hex().slice(0, 6)}`);
    stores.brno = await createStore(`brno-${hex().slice(0, 6)}`);

    campaigns.spring = await createCampaign({ name: 'Spring sale', external_id: 'EXT-1' });
    campaigns.summer = await createCampaign({ name: 'Summer sale', external_id: 'EXT-1', parent_id: campaigns.spring });
    campaigns.draft = await createCampaign({ name: 'Autumn sale draft' });
    campaigns.removed = await createCampaign({ name: 'Old winter sale', external_id: 'EXT-9' });

    offers.shirt = await createOffer({
      presentation_data: { name: 'Shirt 20% off', subtitle: 'This week', note: 'Limited', image_url: 'https://img.example.test/s.png' },
    });
    offers.mug = await createOffer({
      product_id: products.mug,
      type_id: businessType,
      value: 9.9,
      value_type_id: 2,
      valid_to: '2020-12-31 23:59:59',
      display_in: [],
      presentation_data: { name: 'Mug deal' },
    });
    offers.future = await createOffer({
      campaign_id: campaigns.summer,
      type_id: businessType,
      value: 50,
      valid_from: '2098-01-01 00:00:00',
      valid_to: '2098-12-31 23:59:59',
      display_in: ['api', 'cash desk'],
      presentation_data: { name: 'Future SHIRT' },
    });
    offers.draft = await createOffer({
      campaign_id: campaigns.draft,
      product_id: products.mug,
      display_in: [],
      presentation_data: { name: 'Draft mug' },
    });
    offers.blocked = await createOffer({
      product_id: products.mug,
      type_id: businessType,
      value: 4.5,
      value_type_id: 2,
      display_in: [],
      presentation_data: { name: 'Blocked mug' },
    });
    await t.dataSource.query(`UPDATE campaigns SET state = 2 WHERE campaign_id = $1`, [campaigns.draft]);
    await t.dataSource.query(`UPDATE campaigns SET state = 0 WHERE campaign_id = $1`, [campaigns.removed]);
    await t.dataSource.query(`UPDATE campaign_products SET state = 0 WHERE campaign_product_id = $1`, [offers.blocked]);
    await t.dataSource.query(
      `UPDATE campaigns SET last_change = ('2025-01-0' || array_position($1::varchar[], campaign_id) || ' 10:00:00+00')::timestamptz`,
      [[campaigns.spring, campaigns.summer, campaigns.draft, campaigns.removed]],
    );
    for (const [offerId, storeId] of [
      [offers.shirt, stores.prague],
      [offers.future, stores.brno],
    ]) {
      const added = await ent('POST', `/campaign-products/${offerId}/campaign-product-store-records`, {
        body: { campaign_product_store_record: { store_id: storeId, campaign_product_id: offerId } },
      });
      expect(added.status).toBe(201);
    }
  });

  afterAll(() => t.close());

  describe('campaigns', () => {
    it('creates a campaign (201 with its id) and reads it back on both interfaces, idcampaign being campaign_id', async () => {
      const created = await ent('POST', '/campaigns', {
        body: { campaign: { name: 'Black Friday', external_id: 'BF-25', parent_id: campaigns.spring } },
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ data: { campaign_id: expect.stringMatching(/^[0-9a-f]{32}$/) } });
      const id = created.body.data.campaign_id;
      expect(await one(`SELECT name, external_id, parent_id, state FROM campaigns WHERE campaign_id = $1`, [id])).toEqual({
        name: 'Black Friday',
        external_id: 'BF-25',
        parent_id: campaigns.spring,
        state: 1,
      });
      const expected = {
        idcampaign: id,
        campaign_id: id,
        external_id: 'BF-25',
        parent_id: campaigns.spring,
        name: 'Black Friday',
        last_change: expect.stringMatching(DATETIME),
        state: 1,
      };
      expect((await ent('GET', `/campaigns/${id}`)).body.data).toEqual(expected);
      expect((await cus('GET', `/campaigns/${id}`)).body.data).toEqual(expected);
    });

    it('accepts the read-only fields a client echoes and ignores them', async () => {
      const echoed = await ent('POST', '/campaigns', {
        body: { campaign: { name: 'Echo', campaign_id: 'mine', idcampaign: 'mine', state: 0, last_change: '2020-01-01 00:00:00' } },
      });
      expect(echoed.status).toBe(201);
      const id = echoed.body.data.campaign_id;
      expect(id).not.toBe('mine');
      expect((await ent('GET', `/campaigns/${id}`)).body.data).toEqual({
        idcampaign: id,
        campaign_id: id,
        name: 'Echo',
        last_change: expect.not.stringMatching(/^2020/),
        state: 1,
      });
    });

    it.each([
      ['no campaign', {}, 'campaign', 'required'],
      ['no name', { campaign: { external_id: 'x' } }, 'campaign.name', 'required'],
      ['an empty name', { campaign: { name: '' } }, 'campaign.name', 'empty'],
      ['an unknown field', { campaign: { name: 'x', budget: 5 } }, 'campaign.budget', 'not_allowed_value'],
      ['an unknown parent', { campaign: { name: 'x', parent_id: 'f'.repeat(32) } }, 'campaign.parent_id', 'not_found'],
      ['a removed parent', () => ({ campaign: { name: 'x', parent_id: campaigns.removed } }), 'campaign.parent_id', 'deleted'],
    ])('refuses %s with a 400 naming the field and writes nothing', async (_, body, name, reason) => {
      const before = await count('campaigns');
      const refused = await ent('POST', '/campaigns', { body: typeof body === 'function' ? body() : body });
      expect(refused.status).toBe(400);
      expect(invalidParams(refused)).toEqual([expect.objectContaining({ name, reason })]);
      expect(await count('campaigns')).toBe(before);
    });

    it('lists every campaign on the Enterprise interface, filtered by part of the name and by external id', async () => {
      const all = await ent('GET', '/campaigns', { query: { name: 'SALE', sort_field: 'name' } });
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual({
        campaigns: [
          expect.objectContaining({ campaign_id: campaigns.draft, state: 2 }),
          expect.objectContaining({ campaign_id: campaigns.removed, state: 0 }),
          {
            idcampaign: campaigns.spring,
            campaign_id: campaigns.spring,
            external_id: 'EXT-1',
            name: 'Spring sale',
            last_change: '2025-01-01 10:00:00',
            state: 1,
          },
          expect.objectContaining({ campaign_id: campaigns.summer, parent_id: campaigns.spring }),
        ],
        total_items: 4,
      });
      expect(sorted(...campaignIds(await ent('GET', '/campaigns', { query: { external_id: 'EXT-1' } })))).toEqual(
        sorted(campaigns.spring, campaigns.summer),
      );
      expect((await ent('GET', '/campaigns', { query: { external_id: 'EXT' } })).body.data).toEqual({ campaigns: [], total_items: 0 });
    });

    it('sorts, pages and refuses a field it cannot sort by', async () => {
      const query = { name: 'sale', sort_field: 'last_change', sort_direction: 'DESC' };
      expect(campaignIds(await ent('GET', '/campaigns', { query }))).toEqual([
        campaigns.removed,
        campaigns.draft,
        campaigns.summer,
        campaigns.spring,
      ]);
      const page = await ent('GET', '/campaigns', { query: { ...query, count: '2', offset: '1' } });
      expect(page.body.data.total_items).toBe(4);
      expect(campaignIds(page)).toEqual([campaigns.draft, campaigns.summer]);
      expect(campaignIds(await ent('GET', '/campaigns', { query: { name: 'sale', sort_field: 'state' } }))[0]).toBe(campaigns.removed);
      const byId = campaignIds(
        await ent('GET', '/campaigns', { query: { name: 'sale', sort_field: 'idcampaign', sort_direction: 'DESC' } }),
      );
      expect(byId).toEqual(sorted(...Object.values(campaigns)).reverse());
      const refused = await ent('GET', '/campaigns', { query: { sort_field: 'budget' } });
      expect(invalidParams(refused)).toEqual([expect.objectContaining({ name: 'sort_field', reason: 'not_allowed_value' })]);
    });

    it('shows only active campaigns on the Customer interface; others answer 404 like unknown ones', async () => {
      const listed = await cus('GET', '/campaigns', { query: { name: 'sale' } });
      expect(listed.status).toBe(200);
      expect(sorted(...campaignIds(listed))).toEqual(sorted(campaigns.spring, campaigns.summer));
      expect((await cus('GET', `/campaigns/${campaigns.spring}`)).status).toBe(200);
      for (const hidden of [campaigns.draft, campaigns.removed, 'f'.repeat(32)]) {
        const missing = await cus('GET', `/campaigns/${hidden}`);
        expect(missing.status).toBe(404);
        expect(missing.body.error.error_data).toMatchObject({ resource_name: 'campaigns' });
      }
      expect((await ent('GET', `/campaigns/${campaigns.removed}`)).body.data.state).toBe(0);
      expect((await ent('GET', `/campaigns/${'f'.repeat(32)}`)).status).toBe(404);
    });

    it('refuses POST /campaigns to a Customer application by default; a granted one may create under active campaigns only', async () => {
      const before = await count('campaigns');
      const refused = await cus('POST', '/campaigns', { body: { campaign: { name: 'Sneaky' } } });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ type: 'operation_not_allowed_exception' });
      expect(await count('campaigns')).toBe(before);

      const created = await t.customer('POST', '/campaigns', { token: grantedDevice, body: { campaign: { name: 'From the app' } } });
      expect(created.status).toBe(201);
      const underDraft = await t.customer('POST', '/campaigns', {
        token: grantedDevice,
        body: { campaign: { name: 'Under a draft', parent_id: campaigns.draft } },
      });
      expect(invalidParams(underDraft)).toEqual([expect.objectContaining({ name: 'campaign.parent_id', reason: 'not_found' })]);
      expect(await count('campaigns')).toBe(before + 1);
    });
  });

  describe('campaign products', () => {
    it('creates a campaign product (201 with its id) and reads it back in the CampaignProduct shape', async () => {
      const read = await ent('GET', `/campaign-products/${offers.shirt}`);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual({
        campaign_product_id: offers.shirt,
        product_id: products.shirt,
        currency_id: currencyId,
        campaign_id: campaigns.spring,
        value: 20,
        value_type_id: 1,
        valid_from: '2020-01-01 00:00:00',
        valid_to: '2099-12-31 23:59:59',
        display_in: ['web'],
        type_id: privateType,
        presentation_data: { name: 'Shirt 20% off', subtitle: 'This week', note: 'Limited', image_url: 'https://img.example.test/s.png' },
        campaign_product_property_records: [],
        last_change: expect.stringMatching(DATETIME),
        state: 1,
      });
      expect(
        await one(
          `SELECT product_id, customer_type_id, value::text, value_type_id, display_in, presentation_name, state
           FROM campaign_products WHERE campaign_product_id = $1`,
          [offers.mug],
        ),
      ).toEqual({
        product_id: products.mug,
        customer_type_id: businessType,
        value: '9.9000',
        value_type_id: 2,
        display_in: [],
        presentation_name: 'Mug deal',
        state: 1,
      });
    });

    it.each([
      ['a missing product', { product_id: undefined }, 'campaign_product.product_id', 'required'],
      ['an unknown product', { product_id: 'f'.repeat(32) }, 'campaign_product.product_id', 'not_found'],
      ['an unknown currency', { currency_id: 'f'.repeat(32) }, 'campaign_product.currency_id', 'not_found'],
      ['an unknown campaign', { campaign_id: 'f'.repeat(32) }, 'campaign_product.campaign_id', 'not_found'],
      ['a removed campaign', () => ({ campaign_id: campaigns.removed }), 'campaign_product.campaign_id', 'deleted'],
      ['an unknown customer type', { type_id: 'f'.repeat(32) }, 'campaign_product.type_id', 'not_found'],
      ['a percentage above 100', { value: 120 }, 'campaign_product.value', 'not_allowed_value'],
      ['a negative percentage', { value: -1 }, 'campaign_product.value', 'not_allowed_value'],
      ['a negative final price', { value: -5, value_type_id: 2 }, 'campaign_product.value', 'not_allowed_value'],
      ['a value that is not a number', { value: 'ten' }, 'campaign_product.value', 'invalid_value_format'],
      ['a value type outside 1 and 2', { value_type_id: 3 }, 'campaign_product.value_type_id', 'not_allowed_value'],
      ['a validity ending before it starts', { valid_to: '2019-12-31 23:59:59' }, 'campaign_product.valid_to', 'not_allowed_value'],
      ['a start that is no datetime', { valid_from: 'tomorrow' }, 'campaign_product.valid_from', 'invalid_value_format'],
      ['a missing end', { valid_to: undefined }, 'campaign_product.valid_to', 'required'],
      ['a display place outside the list', { display_in: ['mapi'] }, 'campaign_product.display_in', 'not_allowed_value'],
      ['presentation data without a name', { presentation_data: { note: 'x' } }, 'campaign_product.presentation_data.name', 'required'],
      ['missing presentation data', { presentation_data: undefined }, 'campaign_product.presentation_data', 'required'],
      ['an unknown field', { discount: 5 }, 'campaign_product.discount', 'not_allowed_value'],
    ])('refuses %s with a 400 naming the field and writes nothing', async (_, changes, name, reason) => {
      const before = await count('campaign_products');
      const body = { campaign_product: offer(typeof changes === 'function' ? changes() : changes) };
      const refused = await ent('POST', '/campaign-products', { body });
      expect(refused.status).toBe(400);
      expect(invalidParams(refused)).toEqual([expect.objectContaining({ name, reason })]);
      expect(await count('campaign_products')).toBe(before);
    });

    it('lists every campaign product on the Enterprise interface, without property records unless asked', async () => {
      await t.dataSource.query(`UPDATE campaign_products SET property_records = $2 WHERE campaign_product_id = $1`, [
        offers.shirt,
        JSON.stringify([{ property_id: 'fabric', property_name: 'Fabric', property_value: 'cotton' }]),
      ]);
      const all = await ent('GET', '/campaign-products', { query: { campaign_id: campaigns.spring } });
      expect(all.status).toBe(200);
      expect(all.body.data.total_items).toBe(3);
      expect(offerIds(all)).toEqual(sorted(offers.shirt, offers.mug, offers.blocked));
      const shirt = all.body.data.campaign_products.find((o: { campaign_product_id: string }) => o.campaign_product_id === offers.shirt);
      expect(shirt.campaign_product_property_records).toEqual([]);
      const withRecords = await ent('GET', '/campaign-products', {
        query: { campaign_id: campaigns.spring, include_property_records: 'true' },
      });
      const records = {
        property_record_id: `fabric:${offers.shirt}`,
        property_id: 'fabric',
        property_name: 'Fabric',
        property_value: 'cotton',
        last_change: shirt.last_change,
      };
      expect(
        withRecords.body.data.campaign_products.find((o: { campaign_product_id: string }) => o.campaign_product_id === offers.shirt),
      ).toEqual({ ...shirt, campaign_product_property_records: [records] });
      expect((await ent('GET', `/campaign-products/${offers.shirt}`)).body.data.campaign_product_property_records).toEqual([records]);
      expect((await ent('GET', `/campaign-products/${offers.blocked}`)).body.data.state).toBe(0);
    });

    it.each([
      ['name (part, any case)', { name: 'shirt' }, () => [offers.shirt, offers.future]],
      ['code (of the product)', { code: 'MUG-2' }, () => [offers.mug, offers.draft, offers.blocked]],
      ['display_in (or shown everywhere)', { display_in: 'api' }, () => [offers.mug, offers.future, offers.draft, offers.blocked]],
      ['display_in web', { display_in: 'web' }, () => [offers.shirt, offers.mug, offers.draft, offers.blocked]],
      ['one type_id', { type_id: 'private' }, () => [offers.shirt, offers.draft]],
      ['type_id[] (any of them)', { 'type_id[]': ['private', 'business'] }, () => Object.values(offers)],
      ['store_id (or every store)', { store_id: 'prague' }, () => [offers.shirt, offers.mug, offers.draft, offers.blocked]],
      ['a store without records', { store_id: 'f'.repeat(32) }, () => [offers.mug, offers.draft, offers.blocked]],
      ['value_type_id', { value_type_id: '2' }, () => [offers.mug, offers.blocked]],
      ['is_valid true', { is_valid: 'true' }, () => [offers.shirt, offers.draft, offers.blocked]],
      ['is_valid false', { is_valid: 'false' }, () => [offers.mug, offers.future]],
      [
        'valid_from (validity reaching it)',
        { valid_from: '2098-06-01 00:00:00' },
        () => [offers.shirt, offers.future, offers.draft, offers.blocked],
      ],
      [
        'valid_to (validity starting by it)',
        { valid_to: '2097-12-31T00:00:00' },
        () => [offers.shirt, offers.mug, offers.draft, offers.blocked],
      ],
      [
        'valid_from and valid_to with is_valid',
        { valid_from: '2020-06-01 00:00:00', valid_to: '2020-06-30 00:00:00', is_valid: 'false' },
        () => [offers.mug],
      ],
      ['campaign_id', { campaign_id: 'summer' }, () => [offers.future]],
    ])('filters by %s', async (_, query, expected) => {
      const named: Record<string, string> = {
        private: privateType,
        business: businessType,
        prague: stores.prague,
        summer: campaigns.summer,
      };
      const resolved = Object.fromEntries(
        Object.entries(query).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.map((v) => named[v] ?? v) : (named[value] ?? value),
        ]),
      );
      const answer = await ent('GET', '/campaign-products', { query: resolved });
      expect(answer.status).toBe(200);
      expect(offerIds(answer)).toEqual(sorted(...expected()));
      expect(answer.body.data.total_items).toBe(expected().length);
    });

    it('sorts by a first-level field in both directions and pages', async () => {
      const byValue = await ent('GET', '/campaign-products', { query: { code: 'MUG-2', sort_field: 'value', sort_direction: 'DESC' } });
      expect(offerIds(byValue)).toEqual([offers.draft, offers.mug, offers.blocked]);
      const byEnd = await ent('GET', '/campaign-products', { query: { name: 'shirt', sort_field: 'valid_to' } });
      expect(offerIds(byEnd)).toEqual([offers.future, offers.shirt]);
      const page = await ent('GET', '/campaign-products', { query: { code: 'MUG-2', sort_field: 'value', count: '1', offset: '1' } });
      expect(page.body.data).toMatchObject({ total_items: 3 });
      expect(offerIds(page)).toEqual([offers.mug]);
      const past = await ent('GET', '/campaign-products', { query: { code: 'MUG-2', offset: '10' } });
      expect(past.body.data).toEqual({ campaign_products: [], total_items: 3 });
    });

    it.each([
      [{ sort_field: 'presentation_data' }, 'sort_field', 'not_allowed_value'],
      [{ display_in: 'mapi' }, 'display_in', 'not_allowed_value'],
      [{ value_type_id: '3' }, 'value_type_id', 'not_allowed_value'],
      [{ is_valid: 'maybe' }, 'is_valid', 'invalid_value_format'],
      [{ valid_from: '01/02/2025' }, 'valid_from', 'invalid_value_format'],
      [{ valid_to: '2025-02-30 00:00:00' }, 'valid_to', 'invalid_value_format'],
      [{ count: '1001' }, 'count', 'invalid_value_format'],
    ])('refuses the list query %j with a 400', async (query, name, reason) => {
      const refused = await ent('GET', '/campaign-products', { query });
      expect(refused.status).toBe(400);
      expect(invalidParams(refused)).toEqual([expect.objectContaining({ name, reason })]);
    });

    it('shows the Customer interface active campaign products of active campaigns only, as the filters ask', async () => {
      const listed = await cus('GET', '/campaign-products');
      expect(listed.status).toBe(200);
      expect(offerIds(listed)).toEqual(sorted(offers.shirt, offers.mug, offers.future));
      expect(offerIds(await cus('GET', '/campaign-products', { query: { is_valid: 'true' } }))).toEqual([offers.shirt]);
      expect(offerIds(await cus('GET', '/campaign-products', { query: { 'type_id[]': businessType } }))).toEqual(
        sorted(offers.mug, offers.future),
      );
      expect((await cus('GET', `/campaign-products/${offers.future}`)).body.data).toMatchObject({ campaign_product_id: offers.future });
      for (const hidden of [offers.draft, offers.blocked, 'f'.repeat(32)]) {
        const missing = await cus('GET', `/campaign-products/${hidden}`);
        expect(missing.status).toBe(404);
        expect(missing.body.error.error_data).toMatchObject({ resource_name: 'campaign-products' });
      }
    });

    it('reads datetimes with an offset in that offset, and ignores the read-only fields a client echoes', async () => {
      const created = await ent('POST', '/campaign-products', {
        body: {
          campaign_product: offer({
            valid_from: '2030-01-01T10:00:00+02:00',
            valid_to: '2030-01-31T23:59:59Z',
            display_in: ['web', 'web', 'api'],
            campaign_product_id: 'mine',
            campaign_product_property_records: [{ property_id: 'x', property_value: 1 }],
            state: 0,
            last_change: '2020-01-01 00:00:00',
          }),
        },
      });
      expect(created.status).toBe(201);
      const read = (await ent('GET', `/campaign-products/${created.body.data.campaign_product_id}`)).body.data;
      expect(read).toMatchObject({
        valid_from: '2030-01-01 08:00:00',
        valid_to: '2030-01-31 23:59:59',
        display_in: ['web', 'api'],
        campaign_product_property_records: [],
        state: 1,
      });
      expect(read.campaign_product_id).not.toBe('mine');
    });

    it('refuses the POST to a Customer application by default; a granted one may use active campaigns only', async () => {
      const before = await count('campaign_products');
      const refused = await cus('POST', '/campaign-products', { body: { campaign_product: offer() } });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ type: 'operation_not_allowed_exception' });
      const granted = await t.customer('POST', '/campaign-products', { token: grantedDevice, body: { campaign_product: offer() } });
      expect(granted.status).toBe(201);
      const inDraft = await t.customer('POST', '/campaign-products', {
        token: grantedDevice,
        body: { campaign_product: offer({ campaign_id: campaigns.draft }) },
      });
      expect(invalidParams(inDraft)).toEqual([expect.objectContaining({ name: 'campaign_product.campaign_id', reason: 'not_found' })]);
      expect(await count('campaign_products')).toBe(before + 1);
    });
  });

  describe('campaign product store records', () => {
    const path = (offerId: string) => `/campaign-products/${offerId}/campaign-product-store-records`;
    const recordBody = (storeId: string, offerId: string) => ({
      campaign_product_store_record: { store_id: storeId, campaign_product_id: offerId },
    });
    const storeCount = async (offerId: string): Promise<number> =>
      (await one(`SELECT count(*)::int AS n FROM campaign_product_store_records WHERE campaign_product_id = $1`, [offerId])).n;

    it('adds a store (201 with the record id) and lists the stores, sorted and paged', async () => {
      const added = await ent('POST', path(offers.mug), { body: recordBody(stores.brno, offers.mug) });
      expect(added.status).toBe(201);
      const recordId = added.body.data.campaign_product_store_record_id;
      expect(recordId).toMatch(/^[0-9a-f]{32}$/);
      expect(
        await one(`SELECT store_id, campaign_product_id FROM campaign_product_store_records WHERE campaign_product_store_record_id = $1`, [
          recordId,
        ]),
      ).toEqual({
        store_id: stores.brno,
        campaign_product_id: offers.mug,
      });
      expect((await ent('POST', path(offers.mug), { body: recordBody(stores.prague, offers.mug) })).status).toBe(201);

      const listed = await ent('GET', path(offers.mug), { query: { sort_field: 'store_id' } });
      expect(listed.status).toBe(200);
      expect(listed.body.data.total_items).toBe(2);
      expect(listed.body.data.campaign_product_store_records.map((r: { store_id: string }) => r.store_id)).toEqual(
        sorted(stores.brno, stores.prague),
      );
      expect(listed.body.data.campaign_product_store_records).toContainEqual({
        campaign_product_store_record_id: recordId,
        store_id: stores.brno,
        campaign_product_id: offers.mug,
      });
      const page = await ent('GET', path(offers.mug), { query: { sort_field: 'store_id', sort_direction: 'DESC', count: '1' } });
      expect(page.body.data).toEqual({
        campaign_product_store_records: [expect.objectContaining({ store_id: sorted(stores.brno, stores.prague)[1] })],
        total_items: 2,
      });
      // The mug now applies in those two stores only.
      expect(offerIds(await ent('GET', '/campaign-products', { query: { store_id: stores.prague, code: 'MUG-2' } }))).toEqual(
        sorted(offers.mug, offers.draft, offers.blocked),
      );
      const elsewhere = await createStore(`elsewhere-${hex().slice(0, 6)}`);
      expect(offerIds(await ent('GET', '/campaign-products', { query: { store_id: elsewhere, code: 'MUG-2' } }))).toEqual(
        sorted(offers.draft, offers.blocked),
      );
      expect((await ent('GET', path(offers.draft))).body.data).toEqual({ campaign_product_store_records: [], total_items: 0 });
    });

    it.each([
      [
        'a store it has already',
        () => recordBody(stores.prague, offers.shirt),
        'campaign_product_store_record.store_id',
        'relation_already_exists',
      ],
      ['an unknown store', () => recordBody('f'.repeat(32), offers.shirt), 'campaign_product_store_record.store_id', 'not_found'],
      [
        'another campaign product in the body',
        () => recordBody(stores.brno, offers.mug),
        'campaign_product_store_record.campaign_product_id',
        'not_allowed_value',
      ],
      [
        'no store',
        () => ({ campaign_product_store_record: { campaign_product_id: offers.shirt } }),
        'campaign_product_store_record.store_id',
        'required',
      ],
      [
        'an unknown field',
        () => ({ campaign_product_store_record: { ...recordBody(stores.brno, offers.shirt).campaign_product_store_record, note: 'x' } }),
        'campaign_product_store_record.note',
        'not_allowed_value',
      ],
    ])('refuses %s with a 400 and writes nothing', async (_, body, name, reason) => {
      const before = await storeCount(offers.shirt);
      const refused = await ent('POST', path(offers.shirt), { body: body() });
      expect(refused.status).toBe(400);
      expect(invalidParams(refused)).toEqual([expect.objectContaining({ name, reason })]);
      expect(await storeCount(offers.shirt)).toBe(before);
    });

    it('answers 404 for an unknown campaign product, and on the Customer interface for one it does not show', async () => {
      for (const response of [
        await ent('GET', path('f'.repeat(32))),
        await ent('POST', path('f'.repeat(32)), { body: recordBody(stores.brno, 'f'.repeat(32)) }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body.error.error_data).toMatchObject({ resource_name: 'campaign-products' });
      }
      expect((await cus('GET', path(offers.shirt))).body.data).toEqual({
        campaign_product_store_records: [expect.objectContaining({ store_id: stores.prague, campaign_product_id: offers.shirt })],
        total_items: 1,
      });
      expect((await cus('GET', path(offers.blocked))).status).toBe(404);
      expect((await ent('GET', path(offers.blocked))).status).toBe(200);
      const hidden = await t.customer('POST', path(offers.blocked), {
        token: grantedDevice,
        body: recordBody(stores.brno, offers.blocked),
      });
      expect(hidden.status).toBe(404);
      expect(await storeCount(offers.blocked)).toBe(0);
    });

    it('refuses the POST to a Customer application by default', async () => {
      const refused = await cus('POST', path(offers.future), { body: recordBody(stores.prague, offers.future) });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ type: 'operation_not_allowed_exception' });
      expect(await storeCount(offers.future)).toBe(1);
      const granted = await t.customer('POST', path(offers.future), {
        token: grantedDevice,
        body: recordBody(stores.prague, offers.future),
      });
      expect(granted.status).toBe(201);
      expect(await storeCount(offers.future)).toBe(2);
    });
  });

  describe('audiences', () => {
    const audiences = { news: '', sms: '', gone: '' };
    let emailChannel: string;
    let smsChannel: string;
    const audienceIds = (response: TestResponse): string[] =>
      response.body.data.audiences.map((a: { audience_id: string }) => a.audience_id);

    beforeAll(async () => {
      emailChannel = (await one(`SELECT communication_channel_id FROM communication_channels WHERE code = 1`)).communication_channel_id;
      smsChannel = (await one(`SELECT communication_channel_id FROM communication_channels WHERE code = 2`)).communication_channel_id;
      const store = t.service(AudienceDefinitionRepository);
      await t.dataSource.transaction(async (m) => {
        audiences.news = await store.insert({ name: 'Newsletter subscribers', communication_channel_id: '1' }, m);
        audiences.sms = await store.insert({ name: 'SMS regulars', communication_channel_id: smsChannel }, m);
        audiences.gone = await store.insert({ name: 'Lapsed newsletter readers', communication_channel_id: emailChannel }, m);
        await store.setState(audiences.gone, 0, m);
      });
      await t.dataSource.query(`UPDATE audiences SET last_change = '2025-02-01 08:30:00+00' WHERE audience_id = $1`, [audiences.news]);
    });

    it('lists every audience on the Enterprise interface in the Audience shape', async () => {
      const listed = await ent('GET', '/audiences', { query: { sort_field: 'name' } });
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual({
        audiences: [
          expect.objectContaining({ audience_id: audiences.gone, state: 0 }),
          {
            audience_id: audiences.news,
            name: 'Newsletter subscribers',
            communication_channel_id: emailChannel,
            state: 1,
            last_change: '2025-02-01 08:30:00',
          },
          expect.objectContaining({ audience_id: audiences.sms, communication_channel_id: smsChannel, state: 1 }),
        ],
        total_items: 3,
      });
      expect((await ent('GET', `/audiences/${audiences.sms}`)).body.data).toEqual({
        audience_id: audiences.sms,
        name: 'SMS regulars',
        communication_channel_id: smsChannel,
        state: 1,
        last_change: expect.stringMatching(DATETIME),
      });
    });

    it('filters by part of the name and by channel, given by id or by code', async () => {
      expect(
        audienceIds(await ent('GET', '/audiences', { query: { name: 'NEWSLETTER', sort_field: 'name', sort_direction: 'DESC' } })),
      ).toEqual([audiences.news, audiences.gone]);
      expect(sorted(...audienceIds(await ent('GET', '/audiences', { query: { communication_channel_id: emailChannel } })))).toEqual(
        sorted(audiences.news, audiences.gone),
      );
      expect(audienceIds(await ent('GET', '/audiences', { query: { communication_channel_id: '2' } }))).toEqual([audiences.sms]);
      const page = await ent('GET', '/audiences', { query: { sort_field: 'name', count: '1', offset: '2' } });
      expect(page.body.data).toMatchObject({ total_items: 3 });
      expect(audienceIds(page)).toEqual([audiences.sms]);
      const unknown = await ent('GET', '/audiences', { query: { communication_channel_id: 'f'.repeat(32) } });
      expect(unknown.status).toBe(400);
      expect(invalidParams(unknown)).toEqual([expect.objectContaining({ name: 'communication_channel_id', reason: 'not_found' })]);
    });

    it('answers 404 for an unknown audience', async () => {
      const missing = await ent('GET', `/audiences/${'f'.repeat(32)}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'audiences' });
    });

    it('is not offered on the Customer interface', async () => {
      for (const url of ['/audiences', `/audiences/${audiences.news}`]) {
        const refused = await cus('GET', url);
        expect(refused.status).toBe(403);
        expect(refused.body.error.type).toBe('interface_not_allowed_exception');
      }
    });
  });
});
