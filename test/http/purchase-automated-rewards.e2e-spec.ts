import { randomBytes } from 'node:crypto';
import { RewardDefinition, RewardRelation, RewardService } from '../../src/modules/loyalty';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/** Automated rewards apply at checkout without a code; in a file of their own, since they apply to every bill. */
describe('Automated rewards at checkout (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let storeA: string;
  let storeB: string;
  let currencyId: string;
  let itemTypeId: string;
  let purchaseTypeId: string;
  const rewardTypes: Record<string, string> = {};
  let billItemSeq = 0;
  const ent = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<TestResponse> => t.enterprise(method, path, { token, body });

  const product = async (): Promise<{ productId: string; plu: { list_code: string; code: string } }> => {
    const productId = hex();
    const plu = { list_code: 'EAN', code: hex() };
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Coffee')`, [productId]);
    await t.dataSource.query(`INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ($1, $2, $3)`, [
      plu.list_code,
      plu.code,
      productId,
    ]);
    return { productId, plu };
  };
  /** An automated 20 % off each unit of `productId`, to be narrowed by `overrides`. */
  const automated = (productId: string, overrides: Partial<RewardDefinition> = {}): Promise<string> =>
    t.service(RewardService).define({
      code: `AU${hex().slice(0, 10).toUpperCase()}`,
      names: { en: 'Coffee week' },
      rewardGroup: 0,
      rewardTypeId: rewardTypes.percentage_discount,
      rewardTypeValue: 20,
      isAutomated: true,
      products: [{ productId, relation: RewardRelation.Bonus }],
      bonuses: [{ related_to: 'product', count: 1 }],
      ...overrides,
    });
  const line = (plu: { list_code: string; code: string }, quantity: number, paid: number) => ({
    plu_ids: [plu],
    plu_name: 'Coffee',
    vat_rate: 21,
    quantity,
    paid_amount: paid,
    price: paid,
    bill_item_id: String(++billItemSeq),
    loyalty_off: false,
    purchase_item_type_id: itemTypeId,
  });
  const bill = (items: ReturnType<typeof line>[]) => ({
    bill_id: hex(),
    payment_time: new Date().toISOString(),
    currency_id: currencyId,
    total_price: items.reduce((sum, item) => sum + item.paid_amount, 0),
    bill_items: items,
  });
  const accept = (customerId: string | undefined, items: ReturnType<typeof line>[], store = storeA) =>
    ent('POST', '/purchases/actions/accept-payment', {
      store_id: store,
      cashdesk_number: 1,
      ...(customerId ? { customer_id: customerId } : {}),
      payment_type: 'S',
      bill: bill(items),
    });
  const send = (customerId: string, body: Record<string, unknown>) =>
    ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeA,
      cashdesk_number: 1,
      customer_id: customerId,
      bill: { purchase_type_id: purchaseTypeId, canceled: false, payment_type: 'S', ...body },
    });
  const codesOf = (response: TestResponse): string[] => response.body.data.vouchers.map((voucher: { code: string }) => voucher.code);

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    [storeA, storeB] = [hex(), hex()];
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $3, 'Store A', $5, 'pos-1'), ($2, $4, 'Store B', $5, 'pos-1')`,
      [storeA, storeB, `AA${storeA.slice(0, 6)}`, `AB${storeB.slice(0, 6)}`, partnerId],
    );
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    itemTypeId = (await t.dataSource.query(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`))[0]
      .purchase_item_type_id;
    purchaseTypeId = (await t.dataSource.query(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`))[0]
      .purchase_type_id;
    for (const row of await t.dataSource.query(`SELECT reward_type_id, text_id FROM reward_types`))
      rewardTypes[row.text_id] = row.reward_type_id;
  });

  afterAll(() => t.close());

  it('applies to every matching unit in accept-payment, for identified customers only', async () => {
    const coffee = await product();
    const tea = await product();
    const rewardId = await automated(coffee.productId);
    const code = (await t.dataSource.query(`SELECT code FROM rewards WHERE reward_id = $1`, [rewardId]))[0].code;
    const customer = await t.createCustomer();
    const items = [line(coffee.plu, 2, 10), line(tea.plu, 1, 5)];

    const quote = await accept(customer.customerId, items);
    expect(quote.status).toBe(200);
    // 20 % of each coffee (5.00 a unit), nothing off the tea.
    expect(quote.body.data.vouchers).toEqual([
      { code, name: 'Coffee week', discount_value: 2, discount_percent: 20, bill_item_id: items[0].bill_item_id },
    ]);

    const anonymous = await accept(undefined, items);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data.vouchers).toEqual([]);
  });

  it('leaves out rewards of other stores, rewards that cost points, and bills without a matching item', async () => {
    const coffee = await product();
    const other = await product();
    const storeBOnly = await automated(coffee.productId, { stores: [{ storeId: storeB }] });
    const costly = await automated(coffee.productId, { pointsCost: 10 });
    const customer = await t.createCustomer();
    const codes = async (ids: string[]) =>
      (await t.dataSource.query(`SELECT code FROM rewards WHERE reward_id = ANY($1)`, [ids])).map((row: { code: string }) => row.code);

    const inStoreA = await accept(customer.customerId, [line(coffee.plu, 1, 10)]);
    expect(codesOf(inStoreA)).not.toEqual(expect.arrayContaining(await codes([storeBOnly])));
    expect(codesOf(inStoreA)).not.toEqual(expect.arrayContaining(await codes([costly])));
    const inStoreB = await accept(customer.customerId, [line(coffee.plu, 1, 10)], storeB);
    expect(codesOf(inStoreB)).toEqual(expect.arrayContaining(await codes([storeBOnly])));
    expect(codesOf(await accept(customer.customerId, [line(other.plu, 1, 10)]))).toEqual([]);
  });

  it('books the discount in send-purchase, and a cancellation does not hand out a reusable voucher', async () => {
    const coffee = await product();
    await automated(coffee.productId);
    const customer = await t.createCustomer();
    const items = [line(coffee.plu, 1, 10)];
    const original = bill(items);

    const sent = await send(customer.customerId, original);
    expect(sent.status).toBe(201);
    const purchaseId = sent.body.data.purchase_id;
    const vouchers = await ent('GET', `/purchases/${purchaseId}/vouchers`);
    expect(vouchers.body.data.total_items).toBe(1);
    expect(await t.dataSource.query(`SELECT discount::float AS discount FROM purchase_items WHERE purchase_id = $1`, [purchaseId])).toEqual(
      [{ discount: 2 }],
    );
    const usable = () =>
      t.dataSource.query(`SELECT voucher_id FROM vouchers WHERE customer_id = $1 AND applied_at IS NULL`, [customer.customerId]);
    expect(await usable()).toEqual([]);

    const cancelled = await send(customer.customerId, {
      ...bill(items),
      total_price: original.total_price,
      canceled: true,
      bill_number: original.bill_id,
    });
    expect(cancelled.status).toBe(201);
    expect(await usable()).toEqual([]);
  });
});
