import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const hex = () => randomBytes(16).toString('hex');

interface SeededPurchase {
  customerId: string | null;
  storeId: string;
  typeId: string;
  paymentTime: string;
  cardNumber?: string;
  totalPrice?: string;
  earned?: string;
  used?: string;
  voucherPoints?: string;
  usedCredits?: string;
  items?: { price: string; amount: string; position: number }[];
}

describe('Purchases read side (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let defaultStore: string;
  let otherStore: string;
  let currencyId: string;
  let productId: string;
  let itemTypeId: string;
  const purchaseTypes: Record<string, string> = {};
  let alice: TestCustomer;
  let bob: TestCustomer;
  let aliceToken: string;
  let bobToken: string;
  // Alice's two purchases, Bob's one and an anonymous one.
  let aliceFirst: string;
  let aliceSecond: string;
  let bobs: string;
  let anonymous: string;
  let earnedPoint: string;
  let sharedPoint: string;
  let paidCredit: string;
  let voucherId: string;

  const ent = (
    method: 'GET' | 'PUT',
    path: string,
    options: { query?: Record<string, string>; body?: unknown } = {},
  ): Promise<TestResponse> => t.enterprise(method, path, { token, ...options });
  const cus = (customerToken: string, path: string, query?: Record<string, string>): Promise<TestResponse> =>
    t.customer('GET', path, { token: customerToken, query });
  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const ids = (response: TestResponse): string[] =>
    response.body.data.purchases.map((purchase: { purchase_id: string }) => purchase.purchase_id);

  async function seedPurchase(input: SeededPurchase): Promise<string> {
    const purchaseId = hex();
    const items = input.items ?? [{ price: '40', amount: '2', position: 1 }];
    await t.dataSource.query(
      `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, card_number, store_id, cashdesk_number, purchase_type_id,
         payment_type_id, currency_id, payment_time, total_price, items_count, earned_points, used_points, voucher_points, used_credits)
       VALUES ($1, $2, $3, $4, $5, '7', $6, 'S', $7, $8, $9, $10, $11, $12, $13, $14)`,
      [
        purchaseId,
        `BILL-${purchaseId.slice(0, 10)}`,
        input.customerId,
        input.cardNumber ?? null,
        input.storeId,
        input.typeId,
        currencyId,
        input.paymentTime,
        input.totalPrice ?? '80',
        items.length,
        input.earned ?? '0',
        input.used ?? '0',
        input.voucherPoints ?? '0',
        input.usedCredits ?? '0',
      ],
    );
    for (const item of items) {
      await t.dataSource.query(
        `INSERT INTO purchase_items (purchase_item_id, purchase_id, position, bill_item_id, product_id, product_name, product_group_id, product_group_name,
           external_id, purchase_item_type_id, price, paid_amount, amount, vat_rate)
         VALUES ($1, $2, $3, $4, $5, 'Milk', 'g1', 'Dairy', 'EXT-1', $6, $7, $7, $8, 21)`,
        [hex(), purchaseId, item.position, String(item.position), productId, itemTypeId, item.price, item.amount],
      );
    }
    return purchaseId;
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    await t.grantOperations(await t.enterpriseApplicationId(), ['POST /credits/actions/deposit-credits']);
    partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    defaultStore = (await t.dataSource.query(`SELECT store_id FROM stores WHERE store_code = 'default'`))[0].store_id;
    otherStore = hex();
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'E-shop', $3, 'sys')`,
      [otherStore, `PS${otherStore.slice(0, 6)}`, partnerId],
    );
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    productId = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Milk')`, [productId]);
    itemTypeId = (await t.dataSource.query(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`))[0]
      .purchase_item_type_id;
    for (const row of await t.dataSource.query(`SELECT purchase_type_id, text_id FROM purchase_types`))
      purchaseTypes[row.text_id] = row.purchase_type_id;

    alice = await t.createCustomer();
    bob = await t.createCustomer();
    aliceToken = await t.deviceToken(alice);
    bobToken = await t.deviceToken(bob);

    aliceFirst = await seedPurchase({
      customerId: alice.customerId,
      cardNumber: alice.cardNumber,
      storeId: defaultStore,
      typeId: purchaseTypes.store_purchase,
      paymentTime: '2025-01-10 10:00:00+00',
      totalPrice: '100.5',
      earned: '12.5',
      used: '10.2',
      voucherPoints: '20.1',
      usedCredits: '5.5',
      items: [
        { price: '60.5', amount: '1', position: 1 },
        { price: '40', amount: '2.5', position: 2 },
      ],
    });
    aliceSecond = await seedPurchase({
      customerId: alice.customerId,
      storeId: otherStore,
      typeId: purchaseTypes.ecommerce_purchase,
      paymentTime: '2025-02-10 12:00:00+00',
    });
    bobs = await seedPurchase({
      customerId: bob.customerId,
      storeId: defaultStore,
      typeId: purchaseTypes.store_purchase,
      paymentTime: '2025-01-20 09:30:00+00',
    });
    anonymous = await seedPurchase({
      customerId: null,
      storeId: defaultStore,
      typeId: purchaseTypes.store_purchase,
      paymentTime: '2025-03-01 08:00:00+00',
    });

    await t.dataSource.query(
      `INSERT INTO purchase_properties (resource, property_id, name, data_type) VALUES ('purchase', 'channel', 'Sales channel', 'string'), ('purchase_item', 'batch', 'Batch', 'string')`,
    );
    await t.dataSource.query(
      `INSERT INTO purchase_property_records (purchase_id, property_id, property_value) VALUES ($1, 'channel', '"kiosk"')`,
      [aliceFirst],
    );
    const firstItem = (
      await t.dataSource.query(`SELECT purchase_item_id FROM purchase_items WHERE purchase_id = $1 AND position = 1`, [aliceFirst])
    )[0].purchase_item_id;
    await t.dataSource.query(
      `INSERT INTO purchase_item_property_records (purchase_item_id, property_id, property_value) VALUES ($1, 'batch', '"B-17"')`,
      [firstItem],
    );

    const assign = async (amount: number) =>
      (
        await t.enterprise('POST', '/points/actions/assign-points', {
          token,
          body: { customer_id: alice.customerId, partner_id: partnerId, amount },
        })
      ).body.data.point_id as string;
    earnedPoint = await assign(12.5);
    sharedPoint = await assign(3);
    await t.dataSource.query(
      `INSERT INTO purchase_points (purchase_id, point_id, role) VALUES ($1, $2, 'earned'), ($1, $3, 'paid'), ($4, $3, 'paid')`,
      [aliceFirst, earnedPoint, sharedPoint, aliceSecond],
    );
    const deposit = await t.enterprise('POST', '/credits/actions/deposit-credits', {
      token,
      body: { customer_id: alice.customerId, partner_id: partnerId, amount: 50 },
    });
    paidCredit = deposit.body.data.credit_id;
    await t.dataSource.query(`INSERT INTO purchase_credits (purchase_id, credit_id, role) VALUES ($1, $2, 'paid')`, [
      aliceFirst,
      paidCredit,
    ]);

    const rewardTypeId = (await t.dataSource.query(`SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`))[0]
      .reward_type_id;
    const rewardId = await t.service(RewardService).define({
      code: `PUR${hex().slice(0, 10)}`,
      names: { en: 'Free coffee' },
      rewardGroup: 1,
      rewardTypeId,
      pointsCost: 0,
      voucherValidity: 'interval',
      voucherValidityValue: '30 days',
    });
    voucherId = (
      await t.enterprise('POST', `/rewards/${rewardId}/actions/create-voucher`, { token, body: { customer_id: alice.customerId } })
    ).body.data.voucher_id;
    await t.dataSource.query(`INSERT INTO purchase_vouchers (purchase_id, voucher_id, discount_value) VALUES ($1, $2, 5)`, [
      aliceFirst,
      voucherId,
    ]);
  });

  afterAll(() => t.close());

  describe('GET /purchases', () => {
    it('lists every purchase by payment time, without items or property values unless asked', async () => {
      const response = await ent('GET', '/purchases');
      expect(response.status).toBe(200);
      expect(response.body.data.total_items).toBe(4);
      expect(ids(response)).toEqual([aliceFirst, bobs, aliceSecond, anonymous]);
      expect(response.body.data.purchases[0]).toEqual({
        purchase_id: aliceFirst,
        customer_id: alice.customerId,
        store_id: defaultStore,
        external_purchase_id: `BILL-${aliceFirst.slice(0, 10)}`,
        payment_time: '2025-01-10 10:00:00',
        items_count: 2,
        purchase_items: [],
        type_id: purchaseTypes.store_purchase,
        total_price: 100.5,
        currency_id: currencyId,
        card_number: alice.cardNumber,
        cashdesk_number: '7',
        last_change: expect.stringMatching(DATE_TIME),
        property_records: [],
      });
      // The schema requires customer_id: an anonymous purchase answers an empty one.
      expect(response.body.data.purchases[3]).toMatchObject({ purchase_id: anonymous, customer_id: '' });
      expect(response.body.data.purchases[3]).not.toHaveProperty('card_number');
    });

    it('fills items (with their property values) and the purchase property values on request', async () => {
      const response = await ent('GET', '/purchases', {
        query: { customer_id: alice.customerId, purchase_items_extension: 'true', include_property_records: 'true' },
      });
      expect(response.status).toBe(200);
      const [first] = response.body.data.purchases;
      expect(first.purchase_items).toEqual([
        {
          purchase_item_id: expect.any(String),
          product_id: productId,
          product_name: 'Milk',
          product_group_id: 'g1',
          product_group_name: 'Dairy',
          external_id: 'EXT-1',
          purchase_item_type_id: itemTypeId,
          price: 60.5,
          amount: 1,
          vat_rate: 21,
          additional_properties: [
            {
              property_record_id: expect.stringMatching(/^batch:/),
              property_id: 'batch',
              property_name: 'Batch',
              property_value: 'B-17',
              last_change: expect.stringMatching(DATE_TIME),
            },
          ],
        },
        expect.objectContaining({ price: 40, amount: 2.5, additional_properties: [] }),
      ]);
      expect(first.property_records).toEqual([
        {
          property_record_id: `channel:${aliceFirst}`,
          property_id: 'channel',
          property_name: 'Sales channel',
          property_value: 'kiosk',
          last_change: expect.stringMatching(DATE_TIME),
        },
      ]);
    });

    it('filters by customer, store, type, payment time and external id', async () => {
      expect(ids(await ent('GET', '/purchases', { query: { customer_id: alice.customerId } }))).toEqual([aliceFirst, aliceSecond]);
      expect(ids(await ent('GET', '/purchases', { query: { store_id: otherStore } }))).toEqual([aliceSecond]);
      expect(ids(await ent('GET', '/purchases', { query: { type_id: purchaseTypes.ecommerce_purchase } }))).toEqual([aliceSecond]);
      expect(
        ids(
          await ent('GET', '/purchases', { query: { payment_time_from: '2025-01-15 00:00:00', payment_time_to: '2025-02-28 23:59:59' } }),
        ),
      ).toEqual([bobs, aliceSecond]);
      expect(ids(await ent('GET', '/purchases', { query: { external_purchase_id: `BILL-${bobs.slice(0, 10)}` } }))).toEqual([bobs]);
    });

    it('sorts and pages, and refuses an unknown sort field or a malformed time', async () => {
      const sorted = await ent('GET', '/purchases', {
        query: { sort_field: 'payment_time', sort_direction: 'DESC', count: '2', offset: '1' },
      });
      expect(sorted.body.data).toMatchObject({ total_items: 4 });
      expect(ids(sorted)).toEqual([aliceSecond, bobs]);
      const unknown = await ent('GET', '/purchases', { query: { sort_field: 'price' } });
      expect(unknown.status).toBe(400);
      expect(invalidParam(unknown)).toMatchObject({ name: 'sort_field' });
      const badTime = await ent('GET', '/purchases', { query: { payment_time_from: 'yesterday' } });
      expect(badTime.status).toBe(400);
      expect(invalidParam(badTime)).toMatchObject({ name: 'payment_time_from', reason: 'invalid_value_format' });
    });

    it('shows a customer only their own purchases', async () => {
      expect(ids(await cus(aliceToken, '/purchases'))).toEqual([aliceFirst, aliceSecond]);
      const other = await cus(aliceToken, '/purchases', { customer_id: bob.customerId });
      expect(other.status).toBe(400);
      expect(invalidParam(other)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      const anonymousDevice = await cus(await t.deviceToken(), '/purchases');
      expect(anonymousDevice.status).toBe(403);
    });
  });

  describe('a bill closed with send-purchase', () => {
    it('reads back with its items, the points it earned and its payment summary', async () => {
      const carol = await t.createCustomer();
      const itemTypes = await ent('GET', '/purchase-item-types', { query: { text_id: 'store_transaction' } });
      const billId = `SP-${hex().slice(0, 12)}`;
      const sent = await t.enterprise('POST', '/purchases/actions/send-purchase', {
        token,
        body: {
          store_id: defaultStore,
          cashdesk_number: 1,
          customer_id: carol.customerId,
          bill: {
            bill_id: billId,
            payment_time: '2025-04-01 15:30:00',
            currency_id: currencyId,
            total_price: 40,
            purchase_type_id: purchaseTypes.store_purchase,
            canceled: false,
            payment_type: 'S',
            bill_items: [
              {
                plu_ids: [{ list_code: 'EAN', code: '123' }],
                plu_name: 'Milk',
                vat_rate: 21,
                quantity: 2,
                paid_amount: 40,
                price: 40,
                bill_item_id: '1',
                loyalty_off: false,
                purchase_item_type_id: itemTypes.body.data.purchase_item_types[0].type_id,
              },
            ],
          },
        },
      });
      expect(sent.status).toBe(201);
      const purchaseId = sent.body.data.purchase_id;

      const listed = await ent('GET', '/purchases', { query: { external_purchase_id: billId, purchase_items_extension: 'true' } });
      expect(ids(listed)).toEqual([purchaseId]);
      expect(listed.body.data.purchases[0]).toMatchObject({
        customer_id: carol.customerId,
        store_id: defaultStore,
        external_purchase_id: billId,
        payment_time: '2025-04-01 15:30:00',
        items_count: 1,
        type_id: purchaseTypes.store_purchase,
        total_price: 40,
        currency_id: currencyId,
        cashdesk_number: '1',
        purchase_items: [{ product_name: 'Milk', price: 40, amount: 2, vat_rate: 21 }],
      });
      const items = await ent('GET', `/purchases/${purchaseId}/purchase-items`);
      expect(items.body.data).toMatchObject({ total_items: 1, purchase_items: [{ product_name: 'Milk', amount: 2 }] });
      const summary = (await ent('GET', `/purchases/${purchaseId}/actions/payment-summary`)).body.data;
      expect(summary).toMatchObject({ used_points: 0, used_credits: 0, used_points_total: 0, used_vouchers: [] });
      expect(summary.earned_points).toBeGreaterThan(0);
      const points = await ent('GET', `/purchases/${purchaseId}/points`);
      expect(points.body.data).toMatchObject({
        total_items: 1,
        points: [{ customer_id: carol.customerId, assigned_points: summary.earned_points }],
      });
      const pointId = points.body.data.points[0].point_id;
      expect(ids(await ent('GET', `/points/${pointId}/purchases`))).toEqual([purchaseId]);
      expect(ids(await ent('GET', `/customers/${carol.customerId}/purchases`))).toEqual([purchaseId]);
      expect(ids(await cus(await t.deviceToken(carol), '/purchases'))).toEqual([purchaseId]);
    });
  });

  describe('GET /purchases/{purchase_id}', () => {
    it('answers the purchase with its items and property values', async () => {
      const response = await ent('GET', `/purchases/${aliceFirst}`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ purchase_id: aliceFirst, items_count: 2, total_price: 100.5, cashdesk_number: '7' });
      expect(response.body.data.purchase_items).toHaveLength(2);
      expect(response.body.data.property_records).toEqual([expect.objectContaining({ property_id: 'channel', property_value: 'kiosk' })]);
    });

    it("is a 404 for an unknown purchase, and for another customer's or an anonymous one on the Customer interface", async () => {
      expect((await ent('GET', `/purchases/${hex()}`)).status).toBe(404);
      expect((await cus(aliceToken, `/purchases/${aliceFirst}`)).status).toBe(200);
      const foreign = await cus(aliceToken, `/purchases/${bobs}`);
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.error_data).toEqual({ resource_name: 'purchases', resource_id: bobs });
      expect((await cus(aliceToken, `/purchases/${anonymous}`)).status).toBe(404);
    });
  });

  describe('sub-resources of a purchase', () => {
    it('lists the items in bill order, or sorted', async () => {
      const response = await ent('GET', `/purchases/${aliceFirst}/purchase-items`);
      expect(response.status).toBe(200);
      expect(response.body.data.total_items).toBe(2);
      expect(response.body.data.purchase_items.map((item: { price: number }) => item.price)).toEqual([60.5, 40]);
      expect(response.body.data.purchase_items[0].additional_properties).toEqual([
        expect.objectContaining({ property_id: 'batch', property_name: 'Batch' }),
      ]);
      const sorted = await ent('GET', `/purchases/${aliceFirst}/purchase-items`, { query: { sort_field: 'price' } });
      expect(sorted.body.data.purchase_items.map((item: { price: number }) => item.price)).toEqual([40, 60.5]);
    });

    it('lists the vouchers the purchase used', async () => {
      const response = await ent('GET', `/purchases/${aliceFirst}/vouchers`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({ total_items: 1, vouchers: [{ voucher_id: voucherId, customer_id: alice.customerId }] });
      expect((await ent('GET', `/purchases/${bobs}/vouchers`)).body.data).toEqual({ vouchers: [], total_items: 0 });
    });

    it('lists the point records the purchase wrote', async () => {
      const response = await ent('GET', `/purchases/${aliceFirst}/points`);
      expect(response.status).toBe(200);
      expect(response.body.data.total_items).toBe(2);
      expect(response.body.data.points.map((point: { point_id: string }) => point.point_id).sort()).toEqual(
        [earnedPoint, sharedPoint].sort(),
      );
      expect(response.body.data.points[0]).toMatchObject({ customer_id: alice.customerId, assigned_points: expect.any(Number) });
    });

    it('summarises the payment: points earned and used (with those spent on rewards), credits and vouchers', async () => {
      const response = await ent('GET', `/purchases/${aliceFirst}/actions/payment-summary`);
      expect(response.status).toBe(200);
      expect(response.body.data).toMatchObject({
        earned_points: 12.5,
        used_credits: 5.5,
        used_points: 10.2,
        used_points_total: 30.3,
        used_vouchers: [{ voucher_id: voucherId }],
      });
      const plain = await ent('GET', `/purchases/${bobs}/actions/payment-summary`);
      expect(plain.body.data).toEqual({ earned_points: 0, used_credits: 0, used_points: 0, used_points_total: 0, used_vouchers: [] });
    });

    it("answers 404 for an unknown purchase and for another customer's on the Customer interface", async () => {
      for (const path of ['purchase-items', 'vouchers', 'points', 'actions/payment-summary']) {
        expect((await ent('GET', `/purchases/${hex()}/${path}`)).status).toBe(404);
        expect((await cus(bobToken, `/purchases/${aliceFirst}/${path}`)).status).toBe(404);
        expect((await cus(aliceToken, `/purchases/${aliceFirst}/${path}`)).status).toBe(200);
      }
    });
  });

  describe('purchases of a customer, a point record and a credit record', () => {
    it("lists a customer's purchases with the filters", async () => {
      const response = await ent('GET', `/customers/${alice.customerId}/purchases`, { query: { purchase_items_extension: 'true' } });
      expect(response.status).toBe(200);
      expect(ids(response)).toEqual([aliceFirst, aliceSecond]);
      expect(response.body.data.purchases[0].purchase_items).toHaveLength(2);
      expect(ids(await ent('GET', `/customers/${alice.customerId}/purchases`, { query: { store_id: otherStore } }))).toEqual([aliceSecond]);
      expect((await ent('GET', `/customers/${hex()}/purchases`)).status).toBe(404);
      expect(ids(await cus(aliceToken, `/customers/${alice.customerId}/purchases`))).toEqual([aliceFirst, aliceSecond]);
      const foreign = await cus(aliceToken, `/customers/${bob.customerId}/purchases`);
      expect(foreign.status).toBe(400);
      expect(invalidParam(foreign)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
    });

    it('lists the purchases linked to a point record', async () => {
      const response = await ent('GET', `/points/${sharedPoint}/purchases`);
      expect(response.status).toBe(200);
      expect(ids(response)).toEqual([aliceFirst, aliceSecond]);
      expect(ids(await ent('GET', `/points/${sharedPoint}/purchases`, { query: { type_id: purchaseTypes.ecommerce_purchase } }))).toEqual([
        aliceSecond,
      ]);
      expect(ids(await ent('GET', `/points/${earnedPoint}/purchases`))).toEqual([aliceFirst]);
      expect((await ent('GET', `/points/${hex()}/purchases`)).status).toBe(404);
      expect(ids(await cus(aliceToken, `/points/${sharedPoint}/purchases`))).toEqual([aliceFirst, aliceSecond]);
      expect((await cus(bobToken, `/points/${sharedPoint}/purchases`)).status).toBe(404);
    });

    it('lists the purchases linked to a credit record', async () => {
      const response = await ent('GET', `/credits/${paidCredit}/purchases`);
      expect(response.status).toBe(200);
      expect(ids(response)).toEqual([aliceFirst]);
      expect(ids(await ent('GET', `/credits/${paidCredit}/purchases`, { query: { payment_time_from: '2025-01-11 00:00:00' } }))).toEqual(
        [],
      );
      expect((await ent('GET', `/credits/${hex()}/purchases`)).status).toBe(404);
      expect((await cus(bobToken, `/credits/${paidCredit}/purchases`)).status).toBe(404);
    });
  });

  describe('PUT /purchases/{purchase_id}', () => {
    it('is Enterprise-only', async () => {
      const response = await t.customer('PUT', `/purchases/${aliceFirst}`, {
        token: aliceToken,
        body: { purchase: { customer_id: alice.customerId } },
      });
      expect(response.status).toBe(403);
      expect(response.body.error.type).toBe('interface_not_allowed_exception');
    });

    it('accepts the record echoed back (read-only fields ignored) and changes nothing when the customer is the same', async () => {
      const before = (await ent('GET', `/purchases/${aliceFirst}`)).body.data;
      const response = await ent('PUT', `/purchases/${aliceFirst}`, { body: { purchase: { ...before, total_price: 1 } } });
      expect(response.status).toBe(204);
      expect((await ent('GET', `/purchases/${aliceFirst}`)).body.data).toEqual(before);
    });

    it('refuses to move a purchase to another customer or change its card', async () => {
      const moved = await ent('PUT', `/purchases/${aliceFirst}`, { body: { purchase: { customer_id: bob.customerId } } });
      expect(moved.status).toBe(400);
      expect(invalidParam(moved)).toMatchObject({ name: 'purchase.customer_id', reason: 'not_allowed_value' });
      const card = await ent('PUT', `/purchases/${aliceFirst}`, {
        body: { purchase: { customer_id: alice.customerId, card_number: bob.cardNumber } },
      });
      expect(card.status).toBe(400);
      expect(invalidParam(card)).toMatchObject({ name: 'purchase.card_number', reason: 'not_allowed_value' });
      expect((await ent('GET', `/purchases/${aliceFirst}`)).body.data).toMatchObject({
        customer_id: alice.customerId,
        card_number: alice.cardNumber,
      });
    });

    it('gives an anonymous purchase its customer, awarding the points it earned; the same customer again changes nothing', async () => {
      const response = await ent('PUT', `/purchases/${anonymous}`, { body: { purchase: { customer_id: bob.customerId } } });
      expect(response.status).toBe(204);
      expect((await ent('GET', `/purchases/${anonymous}`)).body.data).toMatchObject({
        purchase_id: anonymous,
        customer_id: bob.customerId,
      });
      const summary = (await ent('GET', `/purchases/${anonymous}/actions/payment-summary`)).body.data;
      expect(summary.earned_points).toBeGreaterThan(0);
      const points = (await ent('GET', `/purchases/${anonymous}/points`)).body.data;
      expect(points).toMatchObject({ total_items: 1, points: [{ customer_id: bob.customerId, assigned_points: summary.earned_points }] });

      expect((await ent('PUT', `/purchases/${anonymous}`, { body: { purchase: { customer_id: bob.customerId } } })).status).toBe(204);
      expect((await ent('GET', `/purchases/${anonymous}/points`)).body.data.total_items).toBe(1);
      const moved = await ent('PUT', `/purchases/${anonymous}`, { body: { purchase: { customer_id: alice.customerId } } });
      expect(moved.status).toBe(400);
      expect(invalidParam(moved)).toMatchObject({ name: 'purchase.customer_id', reason: 'not_allowed_value' });
      expect((await cus(bobToken, `/purchases/${anonymous}`)).status).toBe(200);
    });

    it('needs a customer or a card, refuses unknown fields, and is a 404 for an unknown purchase', async () => {
      const empty = await ent('PUT', `/purchases/${aliceFirst}`, { body: { purchase: {} } });
      expect(empty.status).toBe(400);
      expect(invalidParam(empty)).toMatchObject({ name: 'purchase.customer_id', reason: 'required' });
      const unknownField = await ent('PUT', `/purchases/${aliceFirst}`, {
        body: { purchase: { customer_id: alice.customerId, discount: 5 } },
      });
      expect(unknownField.status).toBe(400);
      expect(invalidParam(unknownField)).toMatchObject({ name: 'purchase.discount', reason: 'not_allowed_value' });
      expect((await ent('PUT', `/purchases/${hex()}`, { body: { purchase: { customer_id: alice.customerId } } })).status).toBe(404);
    });
  });
});
