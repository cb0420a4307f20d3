import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const hex = () => randomBytes(16).toString('hex');

describe('Rewards and reward types (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let storeA: string;
  let storeB: string;
  let segmentId: string;
  let tagId: string;
  let productA: string;
  let productB: string;
  let groupId: string;
  let brandId: string;
  const typeIds: Record<string, string> = {};

  const ent = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> => t.enterprise(method, path, { token, ...options });
  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const simpleReward = (overrides: Record<string, unknown> = {}) => ({
    code: `SIMPLE${hex().slice(0, 8)}`,
    names: [
      { language_code: 'en', text: 'Ten off' },
      { language_code: 'cs', text: 'Deset dolu' },
    ],
    reward_type_id: typeIds.fixed_discount,
    reward_type_value: 10,
    voucher_validity: 'interval',
    voucher_validity_value: '7 days',
    global_reward: true,
    state: 1,
    voucher_code_generation_preference: 'A',
    ...overrides,
  });
  const createSimple = (overrides: Record<string, unknown> = {}) =>
    ent('POST', '/rewards/actions/create-simple-reward', { body: { simple_reward: simpleReward(overrides) } });

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    [storeA, storeB, segmentId, tagId, productA, productB, groupId, brandId] = Array.from({ length: 8 }, hex);
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Reward store A', $4, 'sys'), ($3, $5, 'Reward store B', $4, 'sys')`,
      [storeA, `RA${storeA.slice(0, 6)}`, storeB, partnerId, `RB${storeB.slice(0, 6)}`],
    );
    await t.dataSource.query(`INSERT INTO segments (segment_id, name) VALUES ($1, 'Reward segment')`, [segmentId]);
    await t.dataSource.query(`INSERT INTO tags (tag_id, text_id, names) VALUES ($1, $2, '{"en":"Summer"}')`, [
      tagId,
      `summer_${tagId.slice(0, 6)}`,
    ]);
    await t.dataSource.query(`INSERT INTO product_groups (product_group_id, external_id, name) VALUES ($1, $2, 'Drinks')`, [
      groupId,
      `G${groupId}`,
    ]);
    await t.dataSource.query(`INSERT INTO product_brands (product_brand_id, external_id, name) VALUES ($1, $2, 'Acme')`, [
      brandId,
      `B${brandId}`,
    ]);
    await t.dataSource.query(
      `INSERT INTO products (product_id, name, code, product_group_id, product_brand_id) VALUES ($1, 'Coffee', 'C1', $3, $4), ($2, 'Cake', 'C2', NULL, NULL)`,
      [productA, productB, groupId, brandId],
    );
    await t.dataSource.query(`INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ('GLOBAL', $1, $2)`, [
      `plu-${productB}`,
      productB,
    ]);
    const types = await ent('GET', '/reward-types');
    for (const type of types.body.data.reward_types) {
      const [row] = await t.dataSource.query(`SELECT text_id FROM reward_types WHERE reward_type_id = $1`, [type.reward_type_id]);
      typeIds[row.text_id] = type.reward_type_id;
    }
  });

  afterAll(() => t.close());

  describe('reward types', () => {
    it('lists the project reward types on both interfaces, filters by name and reads one', async () => {
      const list = await ent('GET', '/reward-types');
      expect(list.status).toBe(200);
      expect(list.body.data.total_items).toBe(5);
      expect(list.body.data.reward_types[0]).toEqual({
        reward_type_id: expect.any(String),
        name: expect.any(String),
        last_change: expect.stringMatching(DATE_TIME),
      });
      const filtered = await ent('GET', '/reward-types', { query: { name: 'percentage' } });
      expect(filtered.body.data.reward_types.map((type: { reward_type_id: string }) => type.reward_type_id)).toEqual([
        typeIds.percentage_discount,
      ]);
      const one = await t.customer('GET', `/reward-types/${typeIds.gift_card}`, { token: await t.deviceToken() });
      expect(one.status).toBe(200);
      expect(one.body.data.name).toBe('Gift card (multi-purpose)');
      expect((await ent('GET', '/reward-types/nope')).status).toBe(404);
    });
  });

  describe('create-simple-reward', () => {
    it('creates a simple reward with stores, segments, tags and texts per language', async () => {
      const created = await createSimple({
        stores: [{ store_id: storeA }],
        segments: [{ segment_id: segmentId }],
        tags: [{ tag_id: tagId }],
        notes: [{ language_code: 'en', text: 'Once per visit' }],
        points_cost: 50,
        priority: 3,
        valid_date_from: '2020-01-01',
        valid_date_to: '2099-12-31',
        reward_external_urls: [{ language_code: 'en', url: 'https://example.test/ten' }],
        image_urls: [{ language_code: 'en', url: 'https://example.test/ten.png' }],
      });
      expect(created.status).toBe(201);
      const rewardId = created.body.data.reward_id;
      const reward = await ent('GET', `/rewards/${rewardId}`, { headers: { 'accept-language': 'cs' } });
      expect(reward.status).toBe(200);
      expect(reward.body.data).toMatchObject({
        reward_id: rewardId,
        name: 'Deset dolu',
        note: 'Once per visit',
        points_cost: 50,
        reward_group: 4,
        reward_type_id: typeIds.fixed_discount,
        priority: 3,
        is_automated: false,
        image_urls: ['https://example.test/ten.png'],
        reward_external_url: 'https://example.test/ten',
        has_product_condition: false,
        reward_product_relation_conditions: [],
        tags: [{ tag_id: tagId, name: 'Summer', text_id: expect.any(String), state: 1, last_change: expect.stringMatching(DATE_TIME) }],
        state: 1,
        last_change: expect.stringMatching(DATE_TIME),
      });
      expect(reward.body.data.store_list).toEqual([
        expect.objectContaining({ store_id: storeA, name: 'Reward store A', visibility_for_customer: 1 }),
      ]);
      const [row] = await t.dataSource.query(`SELECT voucher_validity, voucher_validity_value FROM rewards WHERE reward_id = $1`, [
        rewardId,
      ]);
      expect(row).toEqual({ voucher_validity: 'interval', voucher_validity_value: '7 days' });
    });

    it.each([
      [{ code: 'BAD-CODE' }, 'simple_reward.code', 'not_allowed_value'],
      [{ code: 'BAD|CODE' }, 'simple_reward.code', 'not_allowed_value'],
      [{ voucher_validity_value: undefined }, 'simple_reward.voucher_validity_value', 'required'],
      [{ voucher_validity_value: 'soon' }, 'simple_reward.voucher_validity_value', 'not_allowed_value'],
      [
        { voucher_validity: 'end_of_time_unit', voucher_validity_value: 'end_of_decade' },
        'simple_reward.voucher_validity_value',
        'not_allowed_value',
      ],
      [{ voucher_validity: 'sometimes' }, 'simple_reward.voucher_validity', 'not_allowed_value'],
      [{ global_reward: false }, 'simple_reward.partner_id', 'required'],
      [{ global_reward: false, partner_id: 'nope' }, 'simple_reward.partner_id', 'not_found'],
      [{ reward_type_id: 'nope' }, 'simple_reward.reward_type_id', 'not_found'],
      [{ stores: [{ store_id: 'nope' }] }, 'simple_reward.stores', 'not_found'],
      [{ segments: [{ segment_id: 'nope' }] }, 'simple_reward.segments', 'not_found'],
      [{ tags: [{ tag_id: 'nope' }] }, 'simple_reward.tags', 'not_found'],
      [{ state: 0 }, 'simple_reward.state', 'not_allowed_value'],
      [{ voucher_code_generation_preference: 'X' }, 'simple_reward.voucher_code_generation_preference', 'not_allowed_value'],
      [{ maximum_discount_value: 5 }, 'simple_reward.maximum_discount_value', 'not_allowed_value'],
    ])('refuses %j', async (overrides, name, reason) => {
      const before = (await t.dataSource.query(`SELECT count(*)::int AS n FROM rewards`))[0].n;
      const response = await createSimple(overrides);
      expect(response.status).toBe(400);
      expect(invalidParam(response)).toMatchObject({ name, reason });
      expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM rewards`))[0].n).toBe(before);
    });

    it('refuses a reward type that is not a simple discount, a duplicate code and the Customer interface', async () => {
      const catalogue = await createSimple({ reward_type_id: typeIds.catalogue_item });
      expect(invalidParam(catalogue)).toMatchObject({ name: 'simple_reward.reward_type_id', reason: 'not_allowed_value' });
      const body = simpleReward();
      expect((await ent('POST', '/rewards/actions/create-simple-reward', { body: { simple_reward: body } })).status).toBe(201);
      const again = await ent('POST', '/rewards/actions/create-simple-reward', { body: { simple_reward: body } });
      expect(invalidParam(again)).toMatchObject({ name: 'simple_reward.code', reason: 'already_exists' });
      const customerSide = await t.customer('POST', '/rewards/actions/create-simple-reward', {
        token: await t.deviceToken(),
        body: { simple_reward: simpleReward() },
      });
      expect(customerSide.status).toBe(403);
      expect(customerSide.body.error.type).toBe('interface_not_allowed_exception');
    });

    it('accepts a percentage with a maximum discount and refuses a percentage above 100', async () => {
      expect(
        (await createSimple({ reward_type_id: typeIds.percentage_discount, reward_type_value: 15, maximum_discount_value: 20 })).status,
      ).toBe(201);
      const tooMuch = await createSimple({ reward_type_id: typeIds.percentage_discount, reward_type_value: 150 });
      expect(invalidParam(tooMuch)).toMatchObject({ name: 'simple_reward.reward_type_value', reason: 'not_allowed_value' });
    });
  });

  describe('catalogue rewards with conditions and bonuses', () => {
    let rewardId: string;
    let code: string;

    beforeAll(async () => {
      code = `CAT${hex().slice(0, 8)}`;
      rewardId = await t.service(RewardService).define({
        code,
        names: { en: 'Free cake with two coffees' },
        rewardGroup: 1,
        rewardTypeId: typeIds.catalogue_item,
        pointsCost: 100,
        validTimeFrom: '08:00:00',
        validTimeTo: '20:00:00',
        isAutomated: true,
        globalReward: false,
        partnerId,
        stores: [{ storeId: storeA }, { storeId: storeB, visibleForCustomer: 0 }],
        customerTypeIds: [(await t.dataSource.query(`SELECT type_id FROM customer_types WHERE text_id = 'private'`))[0].type_id],
        products: [{ productId: productA, relation: 0 }],
        productGroups: [{ productGroupId: groupId, relation: 0 }],
        productBrands: [{ productBrandId: brandId, relation: 1 }],
        conditions: [{ related_to: 'product', count: 2, min_price: 1.5, max_price: 10 }],
        bonuses: [{ related_to: 'product_brand', count: 1 }],
      });
    });

    it('shows the relation flags and thresholds', async () => {
      const reward = await ent('GET', `/rewards/${rewardId}`);
      expect(reward.body.data).toMatchObject({
        code,
        reward_group: 1,
        valid_time_from: '08:00:00',
        valid_time_to: '20:00:00',
        is_automated: true,
        has_product_condition: true,
        has_group_condition: true,
        has_brand_condition: false,
        has_product_bonus: false,
        has_group_bonus: false,
        has_brand_bonus: true,
        reward_product_relation_conditions: [{ related_to: 'product', count: 2, min_price: 1.5, max_price: 10 }],
        reward_product_relation_bonuses: [{ related_to: 'product_brand', count: 1 }],
      });
    });

    it('lists products, groups, brands and stores of the reward with their filters', async () => {
      const products = await ent('GET', `/rewards/${rewardId}/products`);
      expect(products.body.data).toEqual({
        products: [
          expect.objectContaining({
            product_id: productA,
            name: 'Coffee',
            reward_product_relation_types: ['condition'],
            minimum_number_of_products: 2,
          }),
        ],
        total_items: 1,
      });
      expect((await ent('GET', `/rewards/${rewardId}/products`, { query: { reward_product_relation_type: 'bonus' } })).body.data).toEqual({
        products: [],
        total_items: 0,
      });
      const groups = await ent('GET', `/rewards/${rewardId}/product-groups`, { query: { reward_product_relation_type: 'condition' } });
      expect(groups.body.data).toEqual({
        product_groups: [expect.objectContaining({ product_group_id: groupId, name: 'Drinks' })],
        total_items: 1,
      });
      const brands = await t.customer('GET', `/rewards/${rewardId}/product-brands`, { token: await t.deviceToken() });
      expect(brands.body.data).toEqual({
        product_brands: [{ product_brand_id: brandId, name: 'Acme', external_id: `B${brandId}` }],
        total_items: 1,
      });
      const stores = await ent('GET', `/rewards/${rewardId}/stores`);
      expect(stores.body.data.total_items).toBe(2);
      const visible = await ent('GET', `/rewards/${rewardId}/stores`, { query: { visible_for_customer: '1' } });
      expect(visible.body.data.stores.map((s: { store_id: string }) => s.store_id)).toEqual([storeA]);
      expect((await ent('GET', '/rewards/nope/stores')).status).toBe(404);
      for (const path of [
        '/rewards/nope',
        '/rewards/nope/vouchers',
        '/rewards/nope/products',
        '/rewards/nope/product-groups',
        '/rewards/nope/product-brands',
      ]) {
        const missing = await ent('GET', path);
        expect(missing.status).toBe(404);
        expect(missing.body.error.exception).toBe('not_found_exception');
      }
      expect((await ent('GET', `/rewards/${rewardId}/products`, { query: { reward_product_relation_type: 'gift' } })).status).toBe(400);
    });

    it('set-products replaces every product, by id or PLU id, and rejects unknown ones without changing anything', async () => {
      const set = await ent('POST', `/rewards/${rewardId}/actions/set-products`, {
        body: {
          products: [
            { product_id: productA, reward_product_relation_type: 1 },
            { plu_id: { list_code: 'GLOBAL', code: `plu-${productB}` }, reward_product_relation_type: 0 },
          ],
        },
      });
      expect(set.status).toBe(204);
      const rows = await t.dataSource.query(`SELECT product_id, relation FROM reward_products WHERE reward_id = $1 ORDER BY relation`, [
        rewardId,
      ]);
      expect(rows).toEqual([
        { product_id: productB, relation: 0 },
        { product_id: productA, relation: 1 },
      ]);
      const bad = await ent('POST', `/rewards/${rewardId}/actions/set-products`, {
        body: { products: [{ product_id: 'nope', reward_product_relation_type: 0 }] },
      });
      expect(invalidParam(bad)).toMatchObject({ name: 'products[0].product_id', reason: 'not_found' });
      const noId = await ent('POST', `/rewards/${rewardId}/actions/set-products`, {
        body: { products: [{ reward_product_relation_type: 0 }] },
      });
      expect(invalidParam(noId)).toMatchObject({ name: 'products[0].product_id', reason: 'required' });
      expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM reward_products WHERE reward_id = $1`, [rewardId])).toEqual([
        { n: 2 },
      ]);
      expect((await ent('POST', '/rewards/nope/actions/set-products', { body: { products: [] } })).status).toBe(404);
      const customerSide = await t.customer('POST', `/rewards/${rewardId}/actions/set-products`, {
        token: await t.deviceToken(),
        body: { products: [] },
      });
      expect(customerSide.status).toBe(403);
    });

    it('filters the reward list', async () => {
      const ids = async (query: Record<string, string | string[]>) =>
        ((await ent('GET', '/rewards', { query: { count: '1000', ...query } })).body.data.rewards as { reward_id: string }[]).map(
          (r) => r.reward_id,
        );
      expect(await ids({ code })).toEqual([rewardId]);
      expect(await ids({ name: 'cake with two' })).toEqual([rewardId]);
      expect(
        await ids({
          code,
          reward_group: '1',
          is_automated: 'true',
          partner_id: partnerId,
          reward_type_id: typeIds.catalogue_item,
          store_id: storeB,
        }),
      ).toEqual([rewardId]);
      expect(await ids({ code, reward_group: '4' })).toEqual([]);
      expect(await ids({ code, is_automated: 'false' })).toEqual([]);
      const privateType = (await t.dataSource.query(`SELECT type_id FROM customer_types WHERE text_id = 'private'`))[0].type_id;
      expect(await ids({ code, 'customer_type_id[]': [privateType] })).toEqual([rewardId]);
      expect(await ids({ code, is_valid: 'true' })).toEqual([rewardId]);
      expect(await ids({ code, is_valid: 'false' })).toEqual([]);
      const withoutStores = await ent('GET', '/rewards', { query: { code, without_stores: 'true' } });
      expect(withoutStores.body.data.rewards[0].store_list).toEqual([]);
      expect((await ent('GET', '/rewards', { query: { reward_group: '3' } })).status).toBe(400);
      const byName = await ent('GET', '/rewards', { query: { sort_field: 'name', sort_direction: 'DESC', count: '1000' } });
      const names = (byName.body.data.rewards as { name?: string }[]).map((r) => r.name ?? '');
      expect(names).toEqual([...names].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    });
  });

  describe("validity filters, tags and a customer's rewards", () => {
    let pastId: string;
    let segmentOnlyId: string;
    let customer: TestCustomer;

    beforeAll(async () => {
      customer = await t.createCustomer();
      pastId = (await createSimple({ valid_date_from: '2001-01-01', valid_date_to: '2001-12-31', tags: [{ tag_id: tagId }] })).body.data
        .reward_id;
      segmentOnlyId = (
        await createSimple({ segments: [{ segment_id: segmentId }], names: [{ language_code: 'en', text: 'Members only' }] })
      ).body.data.reward_id;
    });

    it('combines is_valid, valid_from and valid_to', async () => {
      const ids = async (query: Record<string, string>) =>
        ((await ent('GET', '/rewards', { query: { count: '1000', ...query } })).body.data.rewards as { reward_id: string }[]).map(
          (r) => r.reward_id,
        );
      expect(await ids({ is_valid: 'false' })).toContain(pastId);
      const inactive = (await createSimple({ state: 2 })).body.data.reward_id;
      expect(await ids({ count: '1000' })).toContain(inactive);
      const customerList = await t.customer('GET', '/rewards', { token: await t.deviceToken(), query: { count: '1000' } });
      expect(customerList.body.data.rewards.map((r: { reward_id: string }) => r.reward_id)).not.toContain(inactive);
      expect(await ids({ is_valid: 'true' })).not.toContain(pastId);
      expect(await ids({ valid_from: '2001-06-01', valid_to: '2001-06-30' })).toContain(pastId);
      expect(await ids({ valid_from: '2002-01-01' })).not.toContain(pastId);
      expect((await ent('GET', '/rewards', { query: { valid_from: '01.01.2001' } })).status).toBe(400);
    });

    it('lists the tags rewards carry', async () => {
      const tags = await t.customer('GET', '/rewards/tags', { token: await t.deviceToken(), query: { name: 'umm' } });
      expect(tags.status).toBe(200);
      expect(tags.body.data.tags).toEqual([expect.objectContaining({ tag_id: tagId, name: 'Summer' })]);
    });

    it('shows a customer the active rewards open to them, scoped on the Customer interface', async () => {
      const path = `/customers/${customer.customerId}/rewards`;
      const before = await ent('GET', path, { query: { count: '1000' } });
      expect(before.status).toBe(200);
      expect(before.body.data.rewards.map((r: { reward_id: string }) => r.reward_id)).not.toContain(segmentOnlyId);
      await t.dataSource.query(`INSERT INTO segment_records (segment_id, customer_id) VALUES ($1, $2)`, [segmentId, customer.customerId]);
      const device = await t.deviceToken(customer);
      const after = await t.customer('GET', path, { token: device, query: { count: '1000', name: 'Members' } });
      expect(after.body.data.rewards.map((r: { reward_id: string }) => r.reward_id)).toEqual([segmentOnlyId]);
      const other = await t.createCustomer();
      const foreign = await t.customer('GET', `/customers/${other.customerId}/rewards`, { token: device });
      expect(invalidParam(foreign)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      const anonymous = await t.customer('GET', path, { token: await t.deviceToken() });
      expect(anonymous.status).toBe(403);
      expect((await ent('GET', `/customers/${hex()}/rewards`)).status).toBe(404);
    });
  });
  describe('reward and voucher properties', () => {
    it('lists property definitions per resource and shows the values on rewards and vouchers', async () => {
      const propertyId = `size_${hex().slice(0, 6)}`;
      await t.dataSource.query(
        `INSERT INTO reward_properties (resource, property_id, name, data_type) VALUES ('reward', $1, 'Size of the gift', 'enum'), ('voucher', $1, 'Printed size', 'string')`,
        [propertyId],
      );
      await t.dataSource.query(`INSERT INTO reward_property_items (id, resource, property_id, name) VALUES ($1, 'reward', $2, 'Large')`, [
        hex(),
        propertyId,
      ]);
      const list = await ent('GET', '/reward-properties', { query: { name: 'gift' } });
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual({
        rewards_properties: [
          expect.objectContaining({
            property_id: propertyId,
            name: 'Size of the gift',
            data_type: 'enum',
            items: [expect.objectContaining({ name: 'Large', state: 1 })],
            is_required: false,
            state: 1,
          }),
        ],
        total_items: 1,
      });
      const voucherProperty = await t.customer('GET', `/voucher-properties/${propertyId}`, { token: await t.deviceToken() });
      expect(voucherProperty.body.data).toMatchObject({ property_id: propertyId, name: 'Printed size', items: [] });
      expect((await ent('GET', '/voucher-properties/nope')).status).toBe(404);

      const rewardId = (await createSimple()).body.data.reward_id;
      await t.dataSource.query(`INSERT INTO reward_property_records (reward_id, property_id, property_value) VALUES ($1, $2, '"Large"')`, [
        rewardId,
        propertyId,
      ]);
      const reward = await ent('GET', `/rewards/${rewardId}`);
      expect(reward.body.data.additional_properties).toEqual([
        {
          property_record_id: `${propertyId}:${rewardId}`,
          property_id: propertyId,
          property_name: 'Size of the gift',
          property_value: 'Large',
          last_change: expect.stringMatching(DATE_TIME),
        },
      ]);
      const customer = await t.createCustomer();
      const voucherId = (await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { body: { customer_id: customer.customerId } }))
        .body.data.voucher_id;
      expect((await ent('GET', `/vouchers/${voucherId}/property-records`)).body.data).toEqual({ property_records: [], total_items: 0 });
      await t.dataSource.query(`INSERT INTO voucher_property_records (voucher_id, property_id, property_value) VALUES ($1, $2, '"A5"')`, [
        voucherId,
        propertyId,
      ]);
      const records = await t.customer('GET', `/vouchers/${voucherId}/property-records`, { token: await t.deviceToken(customer) });
      expect(records.body.data).toEqual({
        property_records: [expect.objectContaining({ property_id: propertyId, property_name: 'Printed size', property_value: 'A5' })],
        total_items: 1,
      });
      expect(
        (await t.customer('GET', `/vouchers/${voucherId}/property-records`, { token: await t.deviceToken(await t.createCustomer()) }))
          .status,
      ).toBe(404);
    });
  });
});
