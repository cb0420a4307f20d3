import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { ApplicationPermissionService, OPERATION_GROUP_NAMES } from '../../src/modules/auth';
import { RewardService } from '../../src/modules/loyalty';
import { RecommendationTrainingService } from '../../src/modules/recommendations';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/** Products of the shop, by a readable key. */
const PRODUCTS = {
  espresso: { group: 'coffee', brand: 'roastery' },
  beans: { group: 'coffee', brand: 'roastery' },
  filter: { group: 'coffee', brand: 'kettle' },
  newRoast: { group: 'coffee', brand: 'roastery' },
  greenTea: { group: 'tea', brand: 'kettle' },
  teapot: { group: 'tea', brand: 'kettle' },
  cake: { group: null, brand: null },
  mug: { group: null, brand: null },
} as const;
type ProductKey = keyof typeof PRODUCTS;

describe('Product recommendation engine, reward recommendations (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let anonymousDevice: string;
  let storeId: string;
  let currencyId: string;
  let itemTypeId: string;
  let purchaseTypeId: string;
  const id = {} as Record<ProductKey, string>;
  const key = (productId: string): string => (Object.keys(id) as ProductKey[]).find((k) => id[k] === productId) ?? productId;
  let coffeeReward: string;
  let teaReward: string;
  let cakeReward: string;

  const ent = (path: string, body: unknown): Promise<TestResponse> => t.enterprise('POST', path, { token, body });
  const products = (response: TestResponse): string[] => {
    expect(response.status).toBe(200);
    expect(response.body.data.total_items).toBe(response.body.data.recommended_products_list.length);
    return response.body.data.recommended_products_list.map((p: { product_id: string }) => key(p.product_id));
  };
  const rewardIds = (response: TestResponse): string[] => {
    expect(response.status).toBe(200);
    return response.body.data.rewards.map((r: { reward_id: string }) => r.reward_id);
  };
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;

  /** A standing purchase of the customer `daysAgo` days ago with these products, recorded `recordedMinutesAgo`. */
  async function purchase(customerId: string | null, daysAgo: number, basket: ProductKey[], recordedMinutesAgo = 60): Promise<string> {
    const purchaseId = hex();
    await t.dataSource.query(
      `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, store_id, cashdesk_number, purchase_type_id, payment_type_id,
                              currency_id, payment_time, total_price, items_count, created_at)
       VALUES ($1, $2, $3, $4, '1', $5, 'S', $6, now() - make_interval(days => $7), 10, $8, now() - make_interval(mins => $9))`,
      [purchaseId, `BILL-${purchaseId}`, customerId, storeId, purchaseTypeId, currencyId, daysAgo, basket.length, recordedMinutesAgo],
    );
    for (const [position, product] of basket.entries()) {
      await t.dataSource.query(
        `INSERT INTO purchase_items (purchase_item_id, purchase_id, position, bill_item_id, product_id, product_group_id, product_brand_id,
                                     purchase_item_type_id, price, paid_amount, amount, vat_rate)
         SELECT $1, $2, $3, $6, p.product_id, p.product_group_id, p.product_brand_id, $4, 5, 5, 1, 21 FROM products p WHERE p.product_id = $5`,
        [hex(), purchaseId, position + 1, itemTypeId, id[product], String(position + 1)],
      );
    }
    return purchaseId;
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    anonymousDevice = await t.deviceToken();
    storeId = (await t.dataSource.query(`SELECT store_id FROM stores WHERE store_code = 'default'`))[0].store_id;
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    itemTypeId = (await t.dataSource.query(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`))[0]
      .purchase_item_type_id;
    purchaseTypeId = (await t.dataSource.query(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`))[0]
      .purchase_type_id;
    const groups: Record<string, string> = {};
    const brands: Record<string, string> = {};
    for (const name of ['coffee', 'tea']) {
      groups[name] = hex();
      await t.dataSource.query(`INSERT INTO product_groups (product_group_id, external_id, name) VALUES ($1, $3, $2)`, [
        groups[name],
        name,
        groups[name],
      ]);
    }
    for (const name of ['roastery', 'kettle']) {
      brands[name] = hex();
      await t.dataSource.query(`INSERT INTO product_brands (product_brand_id, external_id, name) VALUES ($1, $3, $2)`, [
        brands[name],
        name,
        brands[name],
      ]);
    }
    for (const [name, { group, brand }] of Object.entries(PRODUCTS)) {
      id[name as ProductKey] = hex();
      await t.dataSource.query(`INSERT INTO products (product_id, name, product_group_id, product_brand_id) VALUES ($1, $2, $3, $4)`, [
        id[name as ProductKey],
        name,
        group ? groups[group] : null,
        brand ? brands[brand] : null,
      ]);
    }
    await t.dataSource.query(
      `INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ('EAN', '8590001', $1), ('SHOP', 'ESP', $1)`,
      [id.espresso],
    );

    // Other shoppers buy espresso with beans, and green tea with a teapot; cake sells most of all lately.
    for (let i = 0; i < 4; i++) {
      const shopper = await t.createCustomer();
      await purchase(shopper.customerId, 3 + i, ['espresso', 'beans']);
      await purchase(shopper.customerId, 5 + i, ['greenTea', 'teapot']);
      await purchase(null, 1 + i, ['cake']);
      await purchase(null, 2 + i, ['cake', 'mug']);
    }
    // Jane drinks espresso; a cancelled purchase of filter coffee does not count.
    await purchase(jane.customerId, 2, ['espresso']);
    await purchase(jane.customerId, 9, ['espresso', 'cake']);
    const cancelled = await purchase(jane.customerId, 4, ['filter', 'filter']);
    const cancellation = await purchase(jane.customerId, 3, ['filter']);
    await t.dataSource.query(`UPDATE purchases SET canceled = true, canceled_purchase_id = $1 WHERE purchase_id = $2`, [
      cancelled,
      cancellation,
    ]);

    const rewards = t.service(RewardService);
    const typeId = (await t.dataSource.query(`SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`))[0].reward_type_id;
    const define = (code: string, products: ProductKey[]) =>
      rewards.define({
        code,
        names: { en: code },
        rewardGroup: 1,
        rewardTypeId: typeId,
        products: products.map((product) => ({ productId: id[product], relation: 1 })),
      });
    // Ids decide the untrained order: give the rewards ids that put coffee last.
    cakeReward = await define(`CAKE${hex().slice(0, 6)}`, ['cake']);
    teaReward = await define(`TEA${hex().slice(0, 6)}`, ['teapot']);
    coffeeReward = await define(`COFFEE${hex().slice(0, 6)}`, ['beans', 'espresso']);
  });

  afterAll(() => t.close());

  describe('before any training', () => {
    it("orders candidates by the customer's own purchases, keeping the given order among the rest", async () => {
      const answer = await ent('/recommendation-engine/product/actions/order', {
        customer_id: jane.customerId,
        product_id_list: [id.greenTea, id.filter, id.espresso, id.mug],
      });
      // Espresso first (bought twice), then filter (a coffee: her group), the rest as given; cancelled filter coffee is no evidence.
      expect(products(answer)).toEqual(['espresso', 'filter', 'greenTea', 'mug']);
    });

    it('answers every product with its PLU ids', async () => {
      const answer = await ent('/recommendation-engine/product/actions/order', {
        customer_id: jane.customerId,
        product_id_list: [id.espresso, id.mug],
      });
      expect(answer.body.data.recommended_products_list).toEqual([
        {
          product_id: id.espresso,
          plu_ids: [
            { list_code: 'EAN', code: '8590001' },
            { list_code: 'SHOP', code: 'ESP' },
          ],
        },
        { product_id: id.mug, plu_ids: [] },
      ]);
    });

    it('limits order to count', async () => {
      const answer = await ent('/recommendation-engine/product/actions/order', {
        customer_id: jane.customerId,
        product_id_list: [id.mug, id.espresso, id.cake],
        count: 2,
      });
      expect(products(answer)).toEqual(['espresso', 'cake']);
    });

    it("eliminates what the customer's shopping does not speak for; a customer without history gets an empty list", async () => {
      const body = { product_id_list: [id.mug, id.newRoast, id.espresso, id.teapot] };
      expect(products(await ent('/recommendation-engine/product/actions/eliminate', { ...body, customer_id: jane.customerId }))).toEqual([
        'espresso',
        'newRoast',
      ]);
      expect(products(await ent('/recommendation-engine/product/actions/eliminate', { ...body, customer_id: max.customerId }))).toEqual([]);
    });

    it("combines with the customer's own products when untrained", async () => {
      const answer = await ent('/recommendation-engine/product/actions/combine', {
        customer_id: jane.customerId,
        product_id_list: [id.mug],
        count: 3,
      });
      expect(products(answer)).toEqual(['espresso', 'cake']);
    });

    it('answers every open reward in the reward list order', async () => {
      const byList = rewardIds(await t.enterprise('GET', `/customers/${jane.customerId}/rewards`, { token }));
      const recommended = await t.enterprise('GET', `/customers/${jane.customerId}/reward-recommendations`, { token });
      expect(rewardIds(recommended)).toEqual(byList);
      expect(recommended.body.data.total_items).toBe(byList.length);
      const action = await t.enterprise('GET', '/rewards/actions/reward-recommendations', {
        token,
        query: { customer_id: jane.customerId },
      });
      expect(rewardIds(action)).toEqual(byList);
    });
  });

  describe('after training', () => {
    beforeAll(async () => {
      const report = await t.service(RecommendationTrainingService).train();
      expect(report).toMatchObject({ modelVersion: 1, incremental: false });
    });

    it('ranks candidates by what others bought with the cart', async () => {
      const answer = await ent('/recommendation-engine/shopping-cart/actions/order', {
        cart_product_ids: [id.greenTea],
        product_id_list: [id.beans, id.mug, id.teapot],
      });
      expect(products(answer)[0]).toBe('teapot');
    });

    it('eliminates candidates nobody buys with the cart', async () => {
      const answer = await ent('/recommendation-engine/shopping-cart/actions/eliminate', {
        customer_id: jane.customerId,
        cart_product_ids: [id.espresso],
        product_id_list: [id.teapot, id.beans, id.mug],
      });
      expect(products(answer)).toEqual(['beans']);
    });

    it('fills a cart combination with what goes with the cart, never the cart itself', async () => {
      const answer = await ent('/recommendation-engine/shopping-cart/actions/combine', {
        customer_id: max.customerId,
        cart_product_ids: [id.greenTea],
        count: 2,
      });
      const answered = products(answer);
      expect(answered[0]).toBe('teapot');
      expect(answered).toHaveLength(2);
      expect(answered).not.toContain('greenTea');
    });

    it('fills a combination for a customer without history from what sells lately', async () => {
      const answer = await ent('/recommendation-engine/product/actions/combine', { customer_id: max.customerId, count: 1 });
      expect(products(answer)).toEqual(['cake']);
    });

    it('defaults combine to 10 products', async () => {
      const answer = await ent('/recommendation-engine/product/actions/combine', { customer_id: jane.customerId });
      expect(products(answer).length).toBeLessThanOrEqual(10);
      expect(products(answer)[0]).toBe('espresso');
      expect(products(answer)).toContain('beans');
    });

    it('ranks rewards by what the customer buys, and keeps the filters', async () => {
      const recommended = rewardIds(await t.enterprise('GET', `/customers/${jane.customerId}/reward-recommendations`, { token }));
      expect(recommended[0]).toBe(coffeeReward);
      expect(recommended).toEqual(expect.arrayContaining([teaReward, cakeReward]));
      const page = await t.enterprise('GET', '/rewards/actions/reward-recommendations', {
        token,
        query: { customer_id: jane.customerId, count: '1', offset: '1' },
      });
      expect(rewardIds(page)).toEqual([recommended[1]]);
      expect(page.body.data.total_items).toBe(recommended.length);
      const named = await t.enterprise('GET', `/customers/${jane.customerId}/reward-recommendations`, { token, query: { name: 'TEA' } });
      expect(rewardIds(named)).toEqual([teaReward]);
    });

    it('answers a reward as it is now, whoever changed it', async () => {
      await t.dataSource.query(`UPDATE rewards SET names = '{"en": "Coffee lovers"}' WHERE reward_id = $1`, [coffeeReward]);
      const answer = await t.enterprise('GET', `/customers/${jane.customerId}/reward-recommendations`, { token, query: { count: '1' } });
      expect(answer.body.data.rewards[0]).toMatchObject({ reward_id: coffeeReward, name: 'Coffee lovers' });
    });

    it('blends in third-party scores for a customer and for cart products', async () => {
      const stored = await ent('/third-party-recommendations/batch', {
        third_party_recommendations: [
          {
            customer_id: max.customerId,
            products: [],
            recommended_product: { product_id: id.mug },
            recommendation_system_id: 'shop-ml',
            recommendation_system_dataset_id: 'autumn',
            score: 0.9,
          },
          {
            products: [{ plu_ids: [{ list_code: 'EAN', code: '8590001' }] }],
            recommended_product: { product_id: id.filter },
            recommendation_system_id: 'shop-ml',
            recommendation_system_dataset_id: 'autumn',
            score: 0.4,
          },
        ],
      });
      expect(stored.status).toBe(204);
      const forMax = await ent('/recommendation-engine/product/actions/eliminate', {
        customer_id: max.customerId,
        product_id_list: [id.teapot, id.mug],
      });
      expect(products(forMax)).toEqual(['mug']);
      const withEspresso = await ent('/recommendation-engine/shopping-cart/actions/eliminate', {
        customer_id: max.customerId,
        cart_product_ids: [id.espresso],
        product_id_list: [id.filter, id.teapot, id.beans],
      });
      expect(products(withEspresso)).toEqual(['beans', 'filter']);
    });

    it('replaces a third-party score sent again and refuses unknown products and customers', async () => {
      const record = {
        customer_id: max.customerId,
        recommended_product: { product_id: id.mug },
        recommendation_system_id: 'shop-ml',
        recommendation_system_dataset_id: 'autumn',
        score: 0.1,
      };
      expect((await ent('/third-party-recommendations/batch', { third_party_recommendations: [record] })).status).toBe(204);
      const rows = await t.dataSource.query(`SELECT score FROM third_party_recommendations WHERE customer_id = $1`, [max.customerId]);
      expect(rows).toEqual([{ score: 0.1 }]);

      const refused = await ent('/third-party-recommendations/batch', {
        third_party_recommendations: [record, { ...record, customer_id: 'nobody', recommended_product: { product_id: 'no-such-product' } }],
      });
      expect(refused.status).toBe(400);
      expect(invalidParams(refused)).toEqual([
        expect.objectContaining({ name: 'third_party_recommendations.1.customer_id', reason: 'not_found', value: 'nobody' }),
        expect.objectContaining({
          name: 'third_party_recommendations.1.recommended_product.product_id',
          reason: 'not_found',
          value: 'no-such-product',
        }),
      ]);
      const neither = await ent('/third-party-recommendations/batch', {
        third_party_recommendations: [{ ...record, customer_id: undefined, products: [] }],
      });
      expect(invalidParams(neither)).toEqual([
        expect.objectContaining({ name: 'third_party_recommendations.0.products', reason: 'required' }),
      ]);

      const skipped = await ent('/third-party-recommendations/batch', {
        error_processing: 2,
        third_party_recommendations: [
          { ...record, score: 0.7 },
          { ...record, recommended_product: { plu_ids: [{ list_code: 'EAN', code: 'none' }] } },
        ],
      });
      expect(skipped.status).toBe(200);
      expect(skipped.body.data.errors).toEqual([
        {
          index: 1,
          invalid_params: [
            expect.objectContaining({ name: 'third_party_recommendations.1.recommended_product.plu_ids', reason: 'not_found' }),
          ],
        },
      ]);
      expect(await t.dataSource.query(`SELECT score FROM third_party_recommendations WHERE customer_id = $1`, [max.customerId])).toEqual([
        { score: 0.7 },
      ]);
    });

    it('learns purchases made since the last run incrementally', async () => {
      const training = t.service(RecommendationTrainingService);
      // The last run counted up to a minute before it ran: move that back so purchases recorded since fall after it.
      await t.dataSource.query(`UPDATE recommendation_models SET counted_through = counted_through - interval '10 minutes'`);
      const shopper = await t.createCustomer();
      for (let i = 0; i < 2; i++) await purchase(shopper.customerId, 1, ['mug', 'newRoast'], 5);
      const report = await training.train();
      expect(report).toMatchObject({ modelVersion: 2, incremental: true, purchases: 2 });
      const answer = await ent('/recommendation-engine/shopping-cart/actions/eliminate', {
        customer_id: max.customerId,
        cart_product_ids: [id.newRoast],
        product_id_list: [id.mug, id.teapot],
      });
      expect(products(answer)).toEqual(['mug']);
      // Versions older than the one before the ready one are gone.
      await training.train();
      const versions = await t.dataSource.query(`SELECT model_version, state FROM recommendation_models ORDER BY model_version`);
      expect(versions).toEqual([
        { model_version: 2, state: 'retired' },
        { model_version: 3, state: 'ready' },
      ]);
      expect(await t.dataSource.query(`SELECT DISTINCT model_version FROM recommendation_neighbours ORDER BY 1`)).toEqual([
        { model_version: 2 },
        { model_version: 3 },
      ]);
    });
  });

  describe('bad input', () => {
    it('names every unknown product and customer and changes nothing', async () => {
      const answer = await ent('/recommendation-engine/shopping-cart/actions/combine', {
        customer_id: 'no-such-customer',
        cart_product_ids: [id.espresso, 'ghost-cart'],
        product_id_list: ['ghost-1', id.mug],
      });
      expect(answer.status).toBe(400);
      expect(invalidParams(answer)).toEqual([
        expect.objectContaining({ name: 'customer_id', reason: 'not_found', value: 'no-such-customer' }),
        expect.objectContaining({ name: 'cart_product_ids', reason: 'not_found', value: 'ghost-cart' }),
        expect.objectContaining({ name: 'product_id_list', reason: 'not_found', value: 'ghost-1' }),
      ]);
    });

    it('requires the customer, or the cart of a cart order, and a positive count', async () => {
      expect(invalidParams(await ent('/recommendation-engine/product/actions/order', { product_id_list: [id.mug] }))).toEqual([
        expect.objectContaining({ name: 'customer_id', reason: 'required' }),
      ]);
      expect(invalidParams(await ent('/recommendation-engine/shopping-cart/actions/order', { product_id_list: [id.mug] }))).toEqual([
        expect.objectContaining({ name: 'cart_product_ids', reason: 'required' }),
      ]);
      const zero = await ent('/recommendation-engine/product/actions/combine', { customer_id: jane.customerId, count: 0 });
      expect(zero.status).toBe(400);
      expect(invalidParams(zero)[0].name).toBe('count');
    });

    it('answers an unknown customer of reward recommendations as a 404 in the path and a 400 in the query', async () => {
      expect((await t.enterprise('GET', '/customers/no-such-customer/reward-recommendations', { token })).status).toBe(404);
      const action = await t.enterprise('GET', '/rewards/actions/reward-recommendations', {
        token,
        query: { customer_id: 'no-such-customer' },
      });
      expect(action.status).toBe(400);
      expect(invalidParams(action)).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'not_found' })]);
      const missing = await t.enterprise('GET', '/rewards/actions/reward-recommendations', { token });
      expect(invalidParams(missing)).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'required' })]);
    });

    it('refuses any sort_field, as every list refuses one it cannot sort by: the ranking decides the order', async () => {
      for (const [path, query] of [
        [`/customers/${jane.customerId}/reward-recommendations`, {}],
        ['/rewards/actions/reward-recommendations', { customer_id: jane.customerId }],
      ] as const) {
        const answer = await t.enterprise('GET', path, { token, query: { ...query, sort_field: 'garbage' } });
        expect([answer.status, invalidParams(answer)]).toEqual([
          400,
          [expect.objectContaining({ name: 'sort_field', reason: 'not_allowed_value', value: 'garbage' })],
        ]);
      }
    });
  });

  describe('on the Customer interface', () => {
    it("answers for the logged-in customer and refuses another customer's id", async () => {
      const own = await t.customer('POST', '/recommendation-engine/product/actions/eliminate', {
        token: janeDevice,
        body: { customer_id: jane.customerId, product_id_list: [id.teapot, id.espresso] },
      });
      expect(products(own)).toEqual(['espresso']);
      const other = await t.customer('POST', '/recommendation-engine/product/actions/eliminate', {
        token: janeDevice,
        body: { customer_id: max.customerId, product_id_list: [id.espresso] },
      });
      expect(other.status).toBe(400);
      expect(invalidParams(other)).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' })]);
    });

    it('orders a cart for an anonymous device, and needs a logged-in customer for customer actions', async () => {
      const cart = await t.customer('POST', '/recommendation-engine/shopping-cart/actions/order', {
        token: anonymousDevice,
        body: { cart_product_ids: [id.greenTea], product_id_list: [id.mug, id.teapot] },
      });
      expect(products(cart)).toEqual(['teapot', 'mug']);
      const combine = await t.customer('POST', '/recommendation-engine/product/actions/combine', {
        token: anonymousDevice,
        body: { customer_id: jane.customerId },
      });
      expect(combine.status).toBe(403);
    });

    it("lists the logged-in customer's reward recommendations only", async () => {
      const own = await t.customer('GET', `/customers/${jane.customerId}/reward-recommendations`, { token: janeDevice });
      expect(rewardIds(own)[0]).toBe(coffeeReward);
      const action = await t.customer('GET', '/rewards/actions/reward-recommendations', {
        token: janeDevice,
        query: { customer_id: max.customerId },
      });
      expect(action.status).toBe(400);
      expect(invalidParams(action)).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' })]);
    });

    it('keeps third-party batches to the Enterprise interface by default', async () => {
      const refused = await t.customer('POST', '/third-party-recommendations/batch', {
        token: janeDevice,
        body: {
          third_party_recommendations: [
            {
              customer_id: jane.customerId,
              recommended_product: { product_id: id.mug },
              recommendation_system_id: 's',
              recommendation_system_dataset_id: 'd',
              score: 1,
            },
          ],
        },
      });
      expect(refused.status).toBe(403);
    });

    it('refuses a whole batch with a record for another customer, in either error_processing, even with every group granted', async () => {
      const applicationId = await t.createApplication(ApiInterface.Customer);
      await t.service(ApplicationPermissionService).grant(applicationId, [...OPERATION_GROUP_NAMES]);
      const granted = await t.deviceToken(jane, applicationId);
      const record = (customerId: string) => ({
        customer_id: customerId,
        recommended_product: { product_id: id.mug },
        recommendation_system_id: 'granted-shop',
        recommendation_system_dataset_id: 'd',
        score: 1,
      });
      const scores = () =>
        t.dataSource.query(`SELECT customer_id, score FROM third_party_recommendations WHERE recommendation_system_id = 'granted-shop'`);
      for (const error_processing of [1, 2]) {
        const refused = await t.customer('POST', '/third-party-recommendations/batch', {
          token: granted,
          body: { error_processing, third_party_recommendations: [record(jane.customerId), record(max.customerId)] },
        });
        expect([refused.status, invalidParams(refused)]).toEqual([
          400,
          [expect.objectContaining({ name: 'third_party_recommendations.1.customer_id', reason: 'not_belong_to_logged_in_customer' })],
        ]);
      }
      expect(await scores()).toEqual([]);
      const own = await t.customer('POST', '/third-party-recommendations/batch', {
        token: granted,
        body: { third_party_recommendations: [record(jane.customerId)] },
      });
      expect(own.status).toBe(204);
      expect(await scores()).toEqual([{ customer_id: jane.customerId, score: 1 }]);
    });
  });
});
