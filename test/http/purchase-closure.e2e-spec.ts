import { randomBytes } from 'node:crypto';
import { ApiInterface } from '@tessera/http';
import { CustomerStatusService } from '../../src/modules/customers';
import { LoyaltyRuleService, RewardDefinition, RewardRelation, wallClock } from '../../src/modules/loyalty';
import { StatusService } from '../../src/modules/reference-data';
import { ChangeFeed } from '../../src/platform/change-feed';
import { defineReward } from '../support/reward-records';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

interface BillItem {
  plu_ids: { list_code: string; code?: string }[];
  plu_name: string;
  vat_rate: number;
  quantity: number;
  paid_amount: number;
  price: number;
  bill_item_id?: string;
  loyalty_off: boolean;
  purchase_item_type_id: string;
}

interface Recap {
  credit_points?: number;
  amount_for_credit?: number;
  vouchers?: { code: string }[];
  recommended_discounts?: { bill_item_id: string; discount_value?: number }[];
}

/** What a closure may change for a customer, read straight from the tables, so a refusal can be shown to change none of it. */
interface Snapshot {
  points: number;
  pointHistory: number;
  credits: number;
  vouchers: unknown[];
  purchases: number;
  products: number;
  events: number;
  statusRecords: number;
}

describe('Purchase closure (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let otherPartnerId: string;
  let storeA: string;
  let storeB: string;
  let foreignSystemStore: string;
  let currencyId: string;
  const itemTypes: Record<string, string> = {};
  const purchaseTypes: Record<string, string> = {};
  const rewardTypes: Record<string, string> = {};
  let billItemSeq = 0;
  const ent = (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<TestResponse> =>
    t.enterprise(method, path, { token, body });
  const invalidParam = (response: TestResponse) => response.body.error?.error_data?.invalid_params?.[0];
  const one = async (sql: string, params: unknown[] = []): Promise<string> => (await t.dataSource.query(sql, params))[0].v;

  const item = (overrides: Partial<BillItem> = {}): BillItem => ({
    plu_ids: [{ list_code: 'EAN', code: hex() }],
    plu_name: 'Item',
    vat_rate: 21,
    quantity: 1,
    paid_amount: 10,
    price: 10,
    bill_item_id: String(++billItemSeq),
    loyalty_off: false,
    purchase_item_type_id: itemTypes.store_transaction,
    ...overrides,
  });
  const bill = (items: BillItem[] = [item()], overrides: Record<string, unknown> = {}) => ({
    bill_id: hex(),
    payment_time: new Date().toISOString(),
    currency_id: currencyId,
    total_price: Math.round(items.reduce((sum, line) => sum + line.paid_amount * 100, 0)) / 100,
    bill_items: items,
    ...overrides,
  });
  const finalBill = (items: BillItem[] = [item()], recap?: Recap, overrides: Record<string, unknown> = {}) => ({
    ...bill(items),
    purchase_type_id: purchaseTypes.store_purchase,
    canceled: false,
    payment_type: 'S',
    ...(recap ? { payment_recap: recap } : {}),
    ...overrides,
  });
  const codes = (...list: string[]): Recap => ({ vouchers: list.map((code) => ({ code })) });
  const send = (customerId: string | undefined, finalBillBody: unknown, extra: Record<string, unknown> = {}) =>
    ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeA,
      cashdesk_number: 1,
      ...(customerId ? { customer_id: customerId } : {}),
      bill: finalBillBody,
      ...extra,
    });
  const accept = (customerId: string | undefined, billBody: unknown, extra: Record<string, unknown> = {}) =>
    ent('POST', '/purchases/actions/accept-payment', {
      store_id: storeA,
      cashdesk_number: 1,
      ...(customerId ? { customer_id: customerId } : {}),
      payment_type: 'S',
      bill: billBody,
      ...extra,
    });
  const recommend = (customerId: string | undefined, billBody: unknown, listType: 'F' | 'C' | 'A') =>
    ent('POST', '/purchases/actions/recommended-best-rewards', {
      store_id: storeA,
      cashdesk_number: 1,
      ...(customerId ? { customer_id: customerId } : {}),
      reward_list_type: listType,
      bill: billBody,
    });
  const balance = async (customerId: string) =>
    Number(await one(`SELECT coalesce(sum(available_points), 0)::text AS v FROM points WHERE customer_id = $1`, [customerId]));
  const historySum = async (customerId: string) =>
    Number(await one(`SELECT coalesce(sum(point_amount), 0)::text AS v FROM point_history WHERE customer_id = $1`, [customerId]));
  const creditBalance = async (customerId: string) =>
    Number(await one(`SELECT coalesce(sum(available_credits), 0)::text AS v FROM credits WHERE customer_id = $1`, [customerId]));

  async function snapshot(customerId: string | undefined): Promise<Snapshot> {
    const id = customerId ?? '';
    return {
      points: await balance(id),
      pointHistory: await historySum(id),
      credits: await creditBalance(id),
      vouchers: await t.dataSource.query(
        `SELECT voucher_id, applied_at, current_balance::text AS current_balance, store_id FROM vouchers WHERE customer_id = $1 ORDER BY voucher_id`,
        [id],
      ),
      purchases: Number(await one(`SELECT count(*)::text AS v FROM purchases`)),
      products: Number(await one(`SELECT count(*)::text AS v FROM products`)),
      events: Number(await one(`SELECT count(*)::text AS v FROM customer_events WHERE customer_id = $1`, [id])),
      statusRecords: Number(await one(`SELECT count(*)::text AS v FROM customer_status_records WHERE customer_id = $1`, [id])),
    };
  }

  /** Sends the request and expects a 400 naming `name` with `reason`, with nothing of the customer's or the purchases' changed. */
  async function expectRefused(
    customerId: string | undefined,
    request: () => Promise<TestResponse>,
    name: string,
    reason: string,
  ): Promise<void> {
    const before = await snapshot(customerId);
    const response = await request();
    expect({ status: response.status, exception: response.body?.error?.exception, param: invalidParam(response) }).toEqual({
      status: 400,
      exception: 'bad_request_exception',
      param: expect.objectContaining({ name, reason }),
    });
    expect(await snapshot(customerId)).toEqual(before);
  }

  const customerWith = async (points: number): Promise<TestCustomer> => {
    const customer = await t.createCustomer();
    if (points > 0) {
      const assigned = await ent('POST', '/points/actions/assign-points', {
        customer_id: customer.customerId,
        partner_id: partnerId,
        amount: points,
      });
      if (assigned.status !== 201) throw new Error(`assign-points failed: ${assigned.text}`);
    }
    return customer;
  };
  /** A reward defined by the operator; group 0 rewards are used by their code, group 1 through vouchers. */
  const reward = (overrides: Partial<RewardDefinition> = {}): Promise<string> => defineReward(t, 'Closure reward', overrides);
  const rewardCode = async (rewardId: string): Promise<string> => one(`SELECT code AS v FROM rewards WHERE reward_id = $1`, [rewardId]);
  const voucherFor = async (rewardId: string, customerId: string): Promise<{ id: string; code: string }> => {
    const created = await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customerId });
    if (created.status !== 201) throw new Error(`create-voucher failed: ${created.text}`);
    const id = created.body.data.voucher_id as string;
    return { id, code: (await ent('GET', `/vouchers/${id}`)).body.data.code };
  };
  const productWithPlu = async (): Promise<{ productId: string; plu: { list_code: string; code: string } }> => {
    const productId = hex();
    const plu = { list_code: 'EAN', code: hex() };
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Yoghurt')`, [productId]);
    await t.dataSource.query(`INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ($1, $2, $3)`, [
      plu.list_code,
      plu.code,
      productId,
    ]);
    return { productId, plu };
  };
  /** Runs `work` with a project-wide loyalty rule set, restoring the default afterwards. */
  const withRule = async <T>(rule: string, value: string, work: () => Promise<T>): Promise<T> => {
    const rules = t.service(LoyaltyRuleService);
    await rules.set(rule, 'project', '', value);
    try {
      return await work();
    } finally {
      await rules.unset(rule, 'project', '');
    }
  };
  const newStatus = async (textId: string, fields: { discount?: number; paymentPoints?: boolean } = {}): Promise<string> => {
    const statusId = hex();
    await t.dataSource.query(
      `INSERT INTO statuses (status_id, text_id, name, tier, qualification_type, validity_period, discount, payment_points)
       VALUES ($1, $2, $2, 7, 0, 'unlimited', $3, $4)`,
      [statusId, textId, fields.discount ?? 0, fields.paymentPoints ?? true],
    );
    // The tests assign it through the service, which no request's sync precedes.
    await t.service(ChangeFeed).sync();
    return statusId;
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    await t.grantOperations(await t.enterpriseApplicationId(), ['POST /credits/actions/deposit-credits']);
    partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    otherPartnerId = hex();
    await t.dataSource.query(`INSERT INTO partners (partner_id, name) VALUES ($1, 'Other partner')`, [otherPartnerId]);
    [storeA, storeB, foreignSystemStore] = [hex(), hex(), hex()];
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES
         ($1, $4, 'Closure store A', $7, 'pos-1'), ($2, $5, 'Closure store B', $7, 'pos-1'), ($3, $6, 'Other system store', $7, 'pos-2')`,
      [
        storeA,
        storeB,
        foreignSystemStore,
        `CA${storeA.slice(0, 6)}`,
        `CB${storeB.slice(0, 6)}`,
        `CF${foreignSystemStore.slice(0, 6)}`,
        partnerId,
      ],
    );
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    for (const row of await t.dataSource.query(`SELECT purchase_item_type_id, text_id FROM purchase_item_types`))
      itemTypes[row.text_id] = row.purchase_item_type_id;
    for (const row of await t.dataSource.query(`SELECT purchase_type_id, text_id FROM purchase_types`))
      purchaseTypes[row.text_id] = row.purchase_type_id;
    for (const row of await t.dataSource.query(`SELECT reward_type_id, text_id FROM reward_types`))
      rewardTypes[row.text_id] = row.reward_type_id;
  });

  afterAll(() => t.close());

  describe('refusals change nothing', () => {
    let customer: TestCustomer;

    beforeAll(async () => {
      customer = await customerWith(100);
    });

    it('store_id not_found: an unknown store', async () => {
      await expectRefused(customer.customerId, () => send(customer.customerId, finalBill(), { store_id: hex() }), 'store_id', 'not_found');
    });

    it('purchase_type_id not_allowed_value: an unknown purchase type', async () => {
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], undefined, { purchase_type_id: hex() })),
        'purchase_type_id',
        'not_allowed_value',
      );
    });

    it('bill_item_id item_price_lower_than_paid_amount: a line whose price is below what was paid', async () => {
      const items = [item(), item({ price: 5, paid_amount: 10 })];
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill(items)),
        'bill_item_id',
        'item_price_lower_than_paid_amount',
      );
    });

    it('bill_item_id required: a line without bill_item_id; a repeated one is already_exists', async () => {
      const missing = item();
      delete missing.bill_item_id;
      await expectRefused(customer.customerId, () => send(customer.customerId, finalBill([item(), missing])), 'bill_item_id', 'required');
      const first = item();
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([first, item({ bill_item_id: first.bill_item_id })])),
        'bill_item_id',
        'already_exists',
      );
    });

    it('bill_id already_exists: the same bill sent twice books once', async () => {
      const body = finalBill([item({ paid_amount: 20, price: 20 })]);
      expect((await send(customer.customerId, body)).status).toBe(201);
      await expectRefused(customer.customerId, () => send(customer.customerId, body), 'bill_id', 'already_exists');
    });

    it('invalid_value_format: a negative amount, quantity or discount (a cancellation is canceled: true, not negative amounts)', async () => {
      const id = customer.customerId;
      await expectRefused(
        id,
        () => send(id, finalBill([item()], undefined, { total_price: -1 })),
        'bill.total_price',
        'invalid_value_format',
      );
      for (const field of ['price', 'paid_amount', 'quantity'] as const) {
        const line = finalBill([item({ [field]: -1 })], undefined, { total_price: 10 });
        await expectRefused(id, () => send(id, line), `bill.bill_items.0.${field}`, 'invalid_value_format');
      }
      const recap: Recap = { recommended_discounts: [{ bill_item_id: '1', discount_value: -5 }] };
      await expectRefused(
        id,
        () => send(id, finalBill([item()], recap)),
        'bill.payment_recap.recommended_discounts.0.discount_value',
        'invalid_value_format',
      );
      await expectRefused(id, () => accept(id, bill(), { max_points: -10 }), 'max_points', 'invalid_value_format');
    });

    it('payment_time invalid_value_format: not a datetime', async () => {
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], undefined, { payment_time: 'yesterday' })),
        'payment_time',
        'invalid_value_format',
      );
    });

    it('credit_points not_enough_points_for_payment: paying with more points than the customer has', async () => {
      const poor = await customerWith(50);
      const body = finalBill([item({ paid_amount: 100, price: 100 })], { credit_points: 80 });
      await expectRefused(poor.customerId, () => send(poor.customerId, body), 'credit_points', 'not_enough_points_for_payment');
    });

    it('amount_for_credit not_enough_credits: paying with more credits than the customer has', async () => {
      const body = finalBill([item({ paid_amount: 30, price: 30 })], { amount_for_credit: 10 }, { payment_type: 'C' });
      await expectRefused(customer.customerId, () => send(customer.customerId, body), 'amount_for_credit', 'not_enough_credits');
    });

    it('benefit_codes max_number_of_voucher_exceeded: more codes than the loyalty rule allows', async () => {
      const rewardId = await reward();
      const [first, second] = [await voucherFor(rewardId, customer.customerId), await voucherFor(rewardId, customer.customerId)];
      await withRule('max_vouchers_per_purchase', '1', () =>
        expectRefused(
          customer.customerId,
          () => send(customer.customerId, finalBill([item(), item()], codes(first.code, second.code))),
          'benefit_codes',
          'max_number_of_voucher_exceeded',
        ),
      );
    });

    it('benefit_codes voucher_not_allowed_in_store: the reward lists other stores only', async () => {
      const voucher = await voucherFor(await reward({ stores: [{ storeId: storeB }] }), customer.customerId);
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(voucher.code))),
        'benefit_codes',
        'voucher_not_allowed_in_store',
      );
    });

    it("benefit_codes voucher_cant_be_used_in_store: a partner's own reward at another partner's store", async () => {
      const voucher = await voucherFor(await reward({ globalReward: false, partnerId: otherPartnerId }), customer.customerId);
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(voucher.code))),
        'benefit_codes',
        'voucher_cant_be_used_in_store',
      );
    });

    it('benefit_codes not_enough_items_for_voucher: only lines with loyalty off, or of an item type without rewards', async () => {
      const voucher = await voucherFor(await reward(), customer.customerId);
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item({ loyalty_off: true })], codes(voucher.code))),
        'benefit_codes',
        'not_enough_items_for_voucher',
      );
      const code = await rewardCode(await reward({ rewardGroup: 0 }));
      const withoutRewards = item({ purchase_item_type_id: itemTypes.without_rewards });
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([withoutRewards], codes(code))),
        'benefit_codes',
        'not_enough_items_for_voucher',
      );
    });

    it('benefit_codes voucher_condition_count_not_satisfied: the condition needs two units, the bill has one', async () => {
      const { productId, plu } = await productWithPlu();
      const code = await rewardCode(
        await reward({
          rewardGroup: 0,
          products: [{ productId, relation: RewardRelation.Condition }],
          conditions: [{ related_to: 'product', count: 2 }],
        }),
      );
      const body = finalBill([item({ plu_ids: [plu], quantity: 1 }), item()], codes(code));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, body),
        'benefit_codes',
        'voucher_condition_count_not_satisfied',
      );
    });

    it('benefit_codes voucher_bonus_count_not_satisfied: the bonus needs two units, the bill has one', async () => {
      const { productId, plu } = await productWithPlu();
      const code = await rewardCode(
        await reward({
          rewardGroup: 0,
          products: [{ productId, relation: RewardRelation.Bonus }],
          bonuses: [{ related_to: 'product', count: 2 }],
        }),
      );
      const body = finalBill([item({ plu_ids: [plu], quantity: 1 })], codes(code));
      await expectRefused(customer.customerId, () => send(customer.customerId, body), 'benefit_codes', 'voucher_bonus_count_not_satisfied');
    });

    it('benefit_codes unauthorized_use_vouchers: codes on a bill without customer or card', async () => {
      const code = await rewardCode(await reward({ rewardGroup: 0 }));
      await expectRefused(undefined, () => send(undefined, finalBill([item()], codes(code))), 'benefit_codes', 'unauthorized_use_vouchers');
    });

    it('benefit_codes not_enough_points_for_voucher: a reward code costing more points than the customer has', async () => {
      const code = await rewardCode(await reward({ rewardGroup: 0, pointsCost: 500 }));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item({ paid_amount: 40, price: 40 })], codes(code))),
        'benefit_codes',
        'not_enough_points_for_voucher',
      );
    });

    it('benefit_codes voucher_cant_be_applied_by_date: a reward valid from tomorrow, and a voucher valid from tomorrow', async () => {
      const tomorrow = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
      const code = await rewardCode(await reward({ rewardGroup: 0, validFrom: tomorrow }));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(code))),
        'benefit_codes',
        'voucher_cant_be_applied_by_date',
      );
      const voucher = await voucherFor(await reward(), customer.customerId);
      await t.dataSource.query(`UPDATE vouchers SET valid_from = now() + interval '1 day' WHERE voucher_id = $1`, [voucher.id]);
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(voucher.code))),
        'benefit_codes',
        'voucher_cant_be_applied_by_date',
      );
    });

    it('benefit_codes voucher_cant_be_applied_by_time: a time-of-day window that excludes now', async () => {
      const hour = Number(wallClock(new Date(), t.config.timeZone).time.slice(0, 2));
      const at = (offset: number) => `${String((hour + offset) % 24).padStart(2, '0')}:00:00`;
      const code = await rewardCode(await reward({ rewardGroup: 0, validTimeFrom: at(2), validTimeTo: at(3) }));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(code))),
        'benefit_codes',
        'voucher_cant_be_applied_by_time',
      );
    });

    it('benefit_codes voucher_cant_be_applied_by_validity_days: every weekday but today', async () => {
      const today = wallClock(new Date(), t.config.timeZone).weekday;
      const code = await rewardCode(await reward({ rewardGroup: 0, validWeekdays: [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== today) }));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(code))),
        'benefit_codes',
        'voucher_cant_be_applied_by_validity_days',
      );
    });

    it('benefit_codes voucher_cant_be_applied_by_segment: a segment the customer is not in', async () => {
      const segmentId = hex();
      await t.dataSource.query(`INSERT INTO segments (segment_id, name) VALUES ($1, 'Closure segment')`, [segmentId]);
      const code = await rewardCode(await reward({ rewardGroup: 0, segmentIds: [segmentId] }));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(code))),
        'benefit_codes',
        'voucher_cant_be_applied_by_segment',
      );
    });

    it("benefit_codes voucher_assigned_to_another_customer: another customer's voucher", async () => {
      const other = await t.createCustomer();
      const voucher = await voucherFor(await reward(), other.customerId);
      const before = await snapshot(other.customerId);
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(voucher.code))),
        'benefit_codes',
        'voucher_assigned_to_another_customer',
      );
      expect(await snapshot(other.customerId)).toEqual(before);
    });

    it('benefit_codes voucher_already_used: a gift card with nothing left', async () => {
      const voucher = await voucherFor(await reward({ rewardTypeId: rewardTypes.gift_card, rewardTypeValue: 20 }), customer.customerId);
      await t.dataSource.query(`UPDATE vouchers SET current_balance = 0 WHERE voucher_id = $1`, [voucher.id]);
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(voucher.code))),
        'benefit_codes',
        'voucher_already_used',
      );
    });

    it('benefit_codes voucher_already_applied: an applied voucher, and one voucher twice in a bill', async () => {
      const applied = await voucherFor(await reward(), customer.customerId);
      expect((await ent('POST', `/vouchers/${applied.id}/actions/apply-voucher`, { date_applied: new Date().toISOString() })).status).toBe(
        204,
      );
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(applied.code))),
        'benefit_codes',
        'voucher_already_applied',
      );
      const twice = await voucherFor(await reward(), customer.customerId);
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item(), item()], codes(twice.code, twice.code))),
        'benefit_codes',
        'voucher_already_applied',
      );
    });

    it('benefit_codes voucher_expired: a voucher whose validity ended', async () => {
      const voucher = await voucherFor(await reward(), customer.customerId);
      await t.dataSource.query(
        `UPDATE vouchers SET valid_from = now() - interval '10 days', valid_to = now() - interval '1 day' WHERE voucher_id = $1`,
        [voucher.id],
      );
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(voucher.code))),
        'benefit_codes',
        'voucher_expired',
      );
    });

    it('benefit_codes insufficient_amount_of_purchase: a bill below the reward minimum', async () => {
      const code = await rewardCode(await reward({ rewardGroup: 0, minimumPurchaseValue: 500 }));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item({ paid_amount: 100, price: 100 })], codes(code))),
        'benefit_codes',
        'insufficient_amount_of_purchase',
      );
    });

    it('benefit_codes voucher_invalid_type_of_usage: the code of a catalogue reward, and of a gift card reward', async () => {
      const catalogue = await rewardCode(await reward({ rewardTypeId: rewardTypes.catalogue_item, pointsCost: 10 }));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(catalogue))),
        'benefit_codes',
        'voucher_invalid_type_of_usage',
      );
      const giftCard = await rewardCode(await reward({ rewardGroup: 0, rewardTypeId: rewardTypes.gift_card, rewardTypeValue: 50 }));
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(giftCard))),
        'benefit_codes',
        'voucher_invalid_type_of_usage',
      );
    });

    it('benefit_codes not_found: an unknown code', async () => {
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill([item()], codes(`NOPE${hex().slice(0, 8)}`))),
        'benefit_codes',
        'not_found',
      );
    });

    it('system_id different_system_id: a POS user bound to a store of another system', async () => {
      const user = await t.createApiUser();
      await t.dataSource.query(`UPDATE api_users SET store_id = $1 WHERE user_id = $2`, [foreignSystemStore, user.userId]);
      const applicationId = await t.createApplication(ApiInterface.Enterprise);
      const login = await t.enterprise('POST', '/users/actions/login', {
        body: { user_external_application_id: applicationId, login: user.login, password: user.password },
      });
      const posToken = login.body.data.bearer_token as string;
      const body = { store_id: storeA, cashdesk_number: 1, customer_id: customer.customerId, bill: finalBill() };
      await expectRefused(
        customer.customerId,
        () => t.enterprise('POST', '/purchases/actions/send-purchase', { token: posToken, body }),
        'system_id',
        'different_system_id',
      );
      // The same user closes bills of its own system.
      const own = await t.enterprise('POST', '/purchases/actions/send-purchase', {
        token: posToken,
        body: { ...body, store_id: foreignSystemStore, bill: finalBill() },
      });
      expect(own.status).toBe(201);
    });

    it('card_number card_is_blocked: a blocked card; an unknown card is not_found', async () => {
      const holder = await customerWith(10);
      await t.dataSource.query(`UPDATE cards SET state = 0 WHERE card_number = $1`, [holder.cardNumber]);
      await expectRefused(
        holder.customerId,
        () => send(undefined, finalBill(), { card_number: holder.cardNumber }),
        'card_number',
        'card_is_blocked',
      );
      await expectRefused(undefined, () => send(undefined, finalBill(), { card_number: `999${Date.now()}` }), 'card_number', 'not_found');
    });

    it('max_points customer_cant_pay_by_points: nobody may pay with points, a status without point payments, no customer', async () => {
      await withRule('points_payers', 'none', async () => {
        await expectRefused(
          customer.customerId,
          () => send(customer.customerId, finalBill([item({ paid_amount: 50, price: 50 })], { credit_points: 10 })),
          'max_points',
          'customer_cant_pay_by_points',
        );
        await expectRefused(
          customer.customerId,
          () => accept(customer.customerId, bill([item({ paid_amount: 50, price: 50 })]), { max_points: 10 }),
          'max_points',
          'customer_cant_pay_by_points',
        );
      });
      const restricted = await customerWith(100);
      await t.service(CustomerStatusService).set({
        customer_id: restricted.customerId,
        status_id: await newStatus(`no_points_${hex().slice(0, 6)}`, { paymentPoints: false }),
      });
      await expectRefused(
        restricted.customerId,
        () => send(restricted.customerId, finalBill([item({ paid_amount: 50, price: 50 })], { credit_points: 10 })),
        'max_points',
        'customer_cant_pay_by_points',
      );
      await expectRefused(
        undefined,
        () => accept(undefined, bill([item({ paid_amount: 50, price: 50 })]), { max_points: 10 }),
        'max_points',
        'customer_cant_pay_by_points',
      );
    });

    it('max_points points_min_amount_of_purchase: a bill below the rule minimum for points', async () => {
      await withRule('minimum_purchase_for_points', '100', () =>
        expectRefused(
          customer.customerId,
          () => send(customer.customerId, finalBill([item({ paid_amount: 50, price: 50 })], { credit_points: 10 })),
          'max_points',
          'points_min_amount_of_purchase',
        ),
      );
    });

    it('payment_type customer_cant_pay_by_credits: nobody may pay with credits, or no customer', async () => {
      await ent('POST', '/credits/actions/deposit-credits', { customer_id: customer.customerId, partner_id: partnerId, amount: 20 });
      await withRule('credit_payers', 'none', () =>
        expectRefused(
          customer.customerId,
          () => send(customer.customerId, finalBill([item()], { amount_for_credit: 5 }, { payment_type: 'C' })),
          'payment_type',
          'customer_cant_pay_by_credits',
        ),
      );
      await expectRefused(
        undefined,
        () => send(undefined, finalBill([item()], undefined, { payment_type: 'C' })),
        'payment_type',
        'customer_cant_pay_by_credits',
      );
    });

    it('customer_id customer_was_deleted: a deleted customer; an unknown one is not_found', async () => {
      const deleted = await customerWith(10);
      await t.dataSource.query(`UPDATE customers SET state = 0 WHERE customer_id = $1`, [deleted.customerId]);
      await expectRefused(deleted.customerId, () => send(deleted.customerId, finalBill()), 'customer_id', 'customer_was_deleted');
      await expectRefused(undefined, () => send(hex(), finalBill()), 'customer_id', 'not_found');
    });

    it('missing_argument_exception: a PLU id without code', async () => {
      const before = await snapshot(customer.customerId);
      const response = await send(customer.customerId, finalBill([item({ plu_ids: [{ list_code: 'EAN' }] })]));
      expect(response.status).toBe(400);
      expect(response.body.error.exception).toBe('missing_argument_exception');
      expect(response.body.error.error_data).toEqual({
        parameter: 'code',
        object_of_parameter: 'PluId',
        invalid_params: [expect.objectContaining({ name: 'bill.bill_items.0.plu_ids.0.code', reason: 'required' })],
      });
      expect(await snapshot(customer.customerId)).toEqual(before);
    });

    it('invalid_argument_exception: payment_type null', async () => {
      const before = await snapshot(customer.customerId);
      const response = await send(customer.customerId, finalBill([item()], undefined, { payment_type: null }));
      expect(response.status).toBe(400);
      expect(response.body.error.exception).toBe('invalid_argument_exception');
      expect(response.body.error.error_data).toMatchObject({
        parameter: 'payment_type',
        expected_type: 'string',
        actual_type: 'null',
        invalid_params: [expect.objectContaining({ name: expect.stringContaining('payment_type') })],
      });
      expect(await snapshot(customer.customerId)).toEqual(before);
    });

    it('not_allowed_value: fields send-purchase does not know, sent to accept-payment', async () => {
      const { purchase_type_id: _type, canceled: _canceled, payment_type: _payment, ...plain } = finalBill();
      await expectRefused(
        customer.customerId,
        () => accept(customer.customerId, { ...plain, purchase_type_id: purchaseTypes.store_purchase }),
        'bill.purchase_type_id',
        'not_allowed_value',
      );
    });
  });

  describe('send-purchase books the bill', () => {
    it('with five lines, a fixed-discount voucher, points paid and points earned', async () => {
      const customer = await customerWith(1000);
      const simple = await ent('POST', '/rewards/actions/create-simple-reward', {
        simple_reward: {
          code: `SIX${hex().slice(0, 8)}`,
          names: [{ language_code: 'en', text: 'Six off' }],
          reward_type_id: rewardTypes.fixed_discount,
          reward_type_value: 6,
          voucher_validity: 'end_of_time_unit',
          voucher_validity_value: 'end_of_month',
          global_reward: true,
          state: 1,
          voucher_code_generation_preference: 'A',
        },
      });
      expect(simple.status).toBe(201);
      const voucher = await voucherFor(simple.body.data.reward_id, customer.customerId);
      // The 6 off is shared 2/1/3 by the lines that take rewards; the second line's 1 is within the 2 its price shows
      // taken off already, so 18 + 10 + 27 + 10 are left on the lines payable by points, less the 6.40 paid with
      // 640 points: 58.60, which earns 58 whole points.
      const lines = [
        item({ quantity: 2, price: 20, paid_amount: 20 }),
        item({ quantity: 1, price: 12, paid_amount: 10 }),
        item({ quantity: 3, price: 30, paid_amount: 30 }),
        item({ price: 8, paid_amount: 8, loyalty_off: true }),
        item({ price: 10, paid_amount: 10, purchase_item_type_id: itemTypes.without_rewards }),
      ];
      const body = finalBill(lines, { credit_points: 640, ...codes(voucher.code) });
      const { purchase_type_id: _type, canceled: _canceled, payment_type: _payment, payment_recap: _recap, ...plain } = body;

      const quote = await accept(customer.customerId, plain, { max_points: 640, benefit_codes: [voucher.code] });
      expect(quote.status).toBe(200);
      expect(quote.body.data).toMatchObject({
        credit_points: 640,
        price_of_credit_points: 6.4,
        credit: 0,
        credit_points_of_this_transaction: 58,
        total_credit_points: 418,
        recommended_discounts: [],
      });
      expect(quote.body.data.vouchers).toEqual([
        expect.objectContaining({ code: voucher.code, discount_value: 2, bill_item_id: lines[0].bill_item_id }),
        expect.objectContaining({ code: voucher.code, discount_value: 1, bill_item_id: lines[1].bill_item_id }),
        expect.objectContaining({ code: voucher.code, discount_value: 3, bill_item_id: lines[2].bill_item_id }),
      ]);

      const purchasesBefore = Number(await one(`SELECT count(*)::text AS v FROM purchases`));
      const sent = await send(customer.customerId, body);
      expect(sent.status).toBe(201);
      const purchaseId = sent.body.data.purchase_id as string;
      expect(Number(await one(`SELECT count(*)::text AS v FROM purchases`))).toBe(purchasesBefore + 1);

      const purchase = await t.enterprise('GET', `/purchases/${purchaseId}`, { token, query: { purchase_items_extension: 'true' } });
      expect(purchase.status).toBe(200);
      expect(purchase.body.data).toMatchObject({
        purchase_id: purchaseId,
        customer_id: customer.customerId,
        store_id: storeA,
        external_purchase_id: body.bill_id,
        items_count: 5,
        type_id: purchaseTypes.store_purchase,
        total_price: 78,
        currency_id: currencyId,
        cashdesk_number: '1',
      });
      expect(purchase.body.data.purchase_items).toHaveLength(5);

      const summary = await ent('GET', `/purchases/${purchaseId}/actions/payment-summary`);
      expect(summary.body.data).toMatchObject({ earned_points: 58, used_points: 640, used_points_total: 640, used_credits: 0 });
      expect(summary.body.data.used_vouchers).toEqual([expect.objectContaining({ voucher_id: voucher.id })]);

      expect(await balance(customer.customerId)).toBe(418);
      expect(await historySum(customer.customerId)).toBe(418);
      const used = await ent('GET', `/vouchers/${voucher.id}`);
      expect(used.body.data.applied_date).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
      expect(used.body.data.store_id ?? used.body.data.store?.store_id).toBe(storeA);
      const events = await t.dataSource.query(
        `SELECT e.external_id FROM customer_events e JOIN event_types et ON et.event_type_id = e.event_type_id WHERE e.customer_id = $1 AND et.text_id = 'purchase'`,
        [customer.customerId],
      );
      expect(events).toEqual([{ external_id: body.bill_id }]);
    });

    it('a 10% voucher on a line priced 100 earns on the 90 paid, whether the final bill reports the line reduced or not', async () => {
      const tenPercent = await rewardCode(
        await reward({ rewardGroup: 0, rewardTypeId: rewardTypes.percentage_discount, rewardTypeValue: 10 }),
      );
      await withRule('points_per_currency_unit', '2', async () => {
        const quoted = await accept((await customerWith(0)).customerId, bill([item({ price: 100, paid_amount: 100 })]), {
          benefit_codes: [tenPercent],
        });
        expect(quoted.body.data.credit_points_of_this_transaction).toBe(180);
        for (const paid of [90, 100]) {
          const buyer = await customerWith(0);
          const sent = await send(buyer.customerId, finalBill([item({ price: 100, paid_amount: paid })], codes(tenPercent)));
          expect(sent.status).toBe(201);
          expect(await balance(buyer.customerId)).toBe(180);
        }
      });
    });

    it('learns unknown PLU ids as products', async () => {
      const customer = await customerWith(0);
      const line = item({ plu_name: 'Brand new cheese' });
      expect((await send(customer.customerId, finalBill([line]))).status).toBe(201);
      const learned = await t.dataSource.query(
        `SELECT p.name FROM product_plu_ids u JOIN products p ON p.product_id = u.product_id WHERE u.code = $1`,
        [line.plu_ids[0].code],
      );
      expect(learned).toEqual([{ name: 'Brand new cheese' }]);
    });

    it('spends a gift card over two purchases: the balance drops, and it counts as applied only at zero', async () => {
      const customer = await customerWith(0);
      const giftCard = await voucherFor(await reward({ rewardTypeId: rewardTypes.gift_card, rewardTypeValue: 75 }), customer.customerId);
      const giftBalance = async () => (await ent('POST', '/vouchers/actions/gift-card-balance', { voucher_id: giftCard.id })).body.data;

      expect((await send(customer.customerId, finalBill([item({ paid_amount: 50, price: 50 })], codes(giftCard.code)))).status).toBe(201);
      expect(await giftBalance()).toEqual({ voucher_id: giftCard.id, current_balance: 25, original_balance: 75 });
      expect((await ent('GET', `/vouchers/${giftCard.id}`)).body.data.applied_date).toBeUndefined();

      const second = finalBill([item({ paid_amount: 40, price: 40 })], codes(giftCard.code));
      const sent = await send(customer.customerId, second);
      expect(sent.status).toBe(201);
      expect(await giftBalance()).toEqual({ voucher_id: giftCard.id, current_balance: 0, original_balance: 75 });
      expect((await ent('GET', `/vouchers/${giftCard.id}`)).body.data.applied_date).toBeDefined();
      const summary = await ent('GET', `/purchases/${sent.body.data.purchase_id}/actions/payment-summary`);
      // Points are earned on what the gift card left to pay: 40 - 25.
      expect(summary.body.data.earned_points).toBe(15);

      // A cancellation of the second purchase gives the card back what it took.
      const cancel = await send(
        customer.customerId,
        finalBill(second.bill_items, undefined, { canceled: true, bill_number: second.bill_id }),
      );
      expect(cancel.status).toBe(201);
      expect(await giftBalance()).toEqual({ voucher_id: giftCard.id, current_balance: 25, original_balance: 75 });
      expect((await ent('GET', `/vouchers/${giftCard.id}`)).body.data.applied_date).toBeUndefined();
    });
  });

  describe('cancellation', () => {
    it('reverses earned points, gives back points and credits paid, and makes the voucher usable again', async () => {
      const customer = await customerWith(600);
      await ent('POST', '/credits/actions/deposit-credits', { customer_id: customer.customerId, partner_id: partnerId, amount: 20 });
      const voucher = await voucherFor(await reward({ rewardTypeValue: 5 }), customer.customerId);
      const before = await snapshot(customer.customerId);
      const original = finalBill(
        [item({ paid_amount: 60, price: 60 }), item({ paid_amount: 40, price: 40 })],
        { credit_points: 500, amount_for_credit: 15, ...codes(voucher.code) },
        { payment_type: 'C' },
      );
      const sent = await send(customer.customerId, original);
      expect(sent.status).toBe(201);
      // 100 - 5 (voucher) - 5 (500 points) = 90 to pay, 15 of it with credits, which are money: all 90 earn points.
      const summary = (await ent('GET', `/purchases/${sent.body.data.purchase_id}/actions/payment-summary`)).body.data;
      expect(summary).toMatchObject({ used_points: 500, used_credits: 15, earned_points: 90 });
      expect(await balance(customer.customerId)).toBe(600 - 500 + 90);
      expect(await creditBalance(customer.customerId)).toBe(5);
      expect((await ent('GET', `/vouchers/${voucher.id}`)).body.data.applied_date).toBeDefined();

      const cancellation = finalBill(original.bill_items, undefined, { canceled: true, bill_number: original.bill_id, payment_type: 'C' });
      const canceled = await send(customer.customerId, cancellation);
      expect(canceled.status).toBe(201);
      const after = await snapshot(customer.customerId);
      expect(after.points).toBe(600);
      expect(after.pointHistory).toBe(600);
      expect(after.credits).toBe(20);
      expect(after.vouchers).toEqual(before.vouchers);
      expect(after.purchases).toBe(before.purchases + 2);
      expect((await ent('GET', `/vouchers/${voucher.id}`)).body.data.applied_date).toBeUndefined();
      const events = await t.dataSource.query(
        `SELECT e.external_id, e.secondary_external_id FROM customer_events e JOIN event_types et ON et.event_type_id = e.event_type_id WHERE e.customer_id = $1 AND et.text_id = 'purchase_cancellation'`,
        [customer.customerId],
      );
      expect(events).toEqual([{ external_id: cancellation.bill_id, secondary_external_id: original.bill_id }]);
      // Given back but not deletable: the cancelled purchase still names it.
      const deleted = await t.enterprise('DELETE', `/vouchers/${voucher.id}`, { token });
      expect({ status: deleted.status, param: invalidParam(deleted) }).toEqual({
        status: 400,
        param: expect.objectContaining({ name: 'voucher_id', reason: 'voucher_already_applied' }),
      });

      // The voucher is usable again.
      expect((await send(customer.customerId, finalBill([item({ paid_amount: 20, price: 20 })], codes(voucher.code)))).status).toBe(201);

      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill(original.bill_items, undefined, { canceled: true, bill_number: original.bill_id })),
        'bill_number',
        'already_exists',
      );
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill(original.bill_items, undefined, { canceled: true })),
        'bill_number',
        'required',
      );
      await expectRefused(
        customer.customerId,
        () => send(customer.customerId, finalBill(original.bill_items, undefined, { canceled: true, bill_number: hex() })),
        'bill_number',
        'not_found',
      );
    });

    it('takes back only the earned points still there', async () => {
      const customer = await customerWith(0);
      const original = finalBill([item({ paid_amount: 30, price: 30 })]);
      expect((await send(customer.customerId, original)).status).toBe(201);
      expect(await balance(customer.customerId)).toBe(30);
      await ent('POST', '/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 20 });
      expect(await balance(customer.customerId)).toBe(10);
      expect(
        (await send(customer.customerId, finalBill(original.bill_items, undefined, { canceled: true, bill_number: original.bill_id })))
          .status,
      ).toBe(201);
      expect(await balance(customer.customerId)).toBe(0);
      expect(await historySum(customer.customerId)).toBe(0);
    });
  });

  describe('assign-customer', () => {
    it('gives an anonymous purchase its customer, who earns its points', async () => {
      const customer = await customerWith(0);
      const anonymous = finalBill([item({ paid_amount: 42.5, price: 42.5 })]);
      const sent = await send(undefined, anonymous);
      expect(sent.status).toBe(201);
      expect((await ent('GET', `/purchases/${sent.body.data.purchase_id}/actions/payment-summary`)).body.data.earned_points).toBe(0);
      const assigned = await ent('POST', '/purchases/actions/assign-customer', {
        store_id: storeA,
        external_purchase_id: anonymous.bill_id,
        card_number: customer.cardNumber,
      });
      expect(assigned.status).toBe(204);
      expect(await balance(customer.customerId)).toBe(42);
      expect(await historySum(customer.customerId)).toBe(42);
      const purchase = await ent('GET', `/purchases/${sent.body.data.purchase_id}`);
      expect(purchase.body.data).toMatchObject({ customer_id: customer.customerId, card_number: customer.cardNumber });
      expect((await ent('GET', `/purchases/${sent.body.data.purchase_id}/actions/payment-summary`)).body.data.earned_points).toBe(42);
      // Assigning the same customer again changes nothing; another customer is refused.
      expect(
        (
          await ent('POST', '/purchases/actions/assign-customer', {
            store_id: storeA,
            external_purchase_id: anonymous.bill_id,
            customer_id: customer.customerId,
          })
        ).status,
      ).toBe(204);
      expect(await balance(customer.customerId)).toBe(42);
      const other = await t.createCustomer();
      await expectRefused(
        other.customerId,
        () =>
          ent('POST', '/purchases/actions/assign-customer', {
            store_id: storeA,
            external_purchase_id: anonymous.bill_id,
            customer_id: other.customerId,
          }),
        'external_purchase_id',
        'not_allowed_value',
      );
      await expectRefused(
        customer.customerId,
        () =>
          ent('POST', '/purchases/actions/assign-customer', {
            store_id: storeA,
            external_purchase_id: hex(),
            customer_id: customer.customerId,
          }),
        'external_purchase_id',
        'not_found',
      );
    });
  });

  describe('partners', () => {
    it("records every point movement of a closure under the store's partner", async () => {
      const partnerStore = hex();
      await t.dataSource.query(
        `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Other partner store', $3, 'pos-1')`,
        [partnerStore, `CP${partnerStore.slice(0, 6)}`, otherPartnerId],
      );
      const sendAt = (customerId: string | undefined, body: unknown) =>
        ent('POST', '/purchases/actions/send-purchase', {
          store_id: partnerStore,
          cashdesk_number: 1,
          ...(customerId ? { customer_id: customerId } : {}),
          bill: body,
        });
      const customer = await customerWith(100);
      const paid = finalBill([item({ paid_amount: 30, price: 30 })], { credit_points: 10 });
      expect((await sendAt(customer.customerId, paid)).status).toBe(201);
      const anonymous = finalBill([item({ paid_amount: 20, price: 20 })]);
      expect((await sendAt(undefined, anonymous)).status).toBe(201);
      expect(
        (
          await ent('POST', '/purchases/actions/assign-customer', {
            store_id: partnerStore,
            external_purchase_id: anonymous.bill_id,
            customer_id: customer.customerId,
          })
        ).status,
      ).toBe(204);
      expect(
        (await sendAt(customer.customerId, finalBill(paid.bill_items, undefined, { canceled: true, bill_number: paid.bill_id }))).status,
      ).toBe(201);
      const partners = await t.dataSource.query(`SELECT DISTINCT partner_id FROM point_history WHERE customer_id = $1 AND store_id = $2`, [
        customer.customerId,
        partnerStore,
      ]);
      expect(partners).toEqual([{ partner_id: otherPartnerId }]);
    });
  });

  describe('accept-payment', () => {
    it('is a pure calculation: nothing is created or consumed', async () => {
      const customer = await customerWith(1500);
      const voucher = await voucherFor(await reward(), customer.customerId);
      const code = await rewardCode(await reward({ rewardGroup: 0, pointsCost: 50 }));
      const before = await snapshot(customer.customerId);
      const billBody = bill([item({ paid_amount: 40, price: 40 }), item({ paid_amount: 60, price: 60 })]);
      const quote = await accept(customer.customerId, billBody, { max_points: 1000, benefit_codes: [voucher.code, code] });
      expect(quote.status).toBe(200);
      // 100 - 5 - 5 = 90 left, 10 of it paid with 1000 points, 80 earn points; 1500 - 1000 - 50 (the reward code) + 80.
      expect(quote.body.data).toMatchObject({
        credit_points: 1000,
        price_of_credit_points: 10,
        credit_points_of_this_transaction: 80,
        total_credit_points: 530,
      });
      expect(quote.body.data.vouchers.map((v: { code: string }) => v.code).sort()).toEqual([voucher.code, voucher.code, code, code].sort());
      expect(await snapshot(customer.customerId)).toEqual(before);
      // Asking again gives the same answer.
      expect((await accept(customer.customerId, billBody, { max_points: 1000, benefit_codes: [voucher.code, code] })).body.data).toEqual(
        quote.body.data,
      );
    });

    it('offers no more points than the customer has, nor than the bill is worth', async () => {
      const customer = await customerWith(100);
      const capped = await accept(customer.customerId, bill([item({ paid_amount: 50, price: 50 })]), { max_points: 500 });
      expect(capped.status).toBe(200);
      expect(capped.body.data).toMatchObject({
        credit_points: 100,
        price_of_credit_points: 1,
        credit_points_of_this_transaction: 49,
        total_credit_points: 49,
      });
      expect(capped.body.data.messages.length).toBeGreaterThan(0);
      const small = await accept(customer.customerId, bill([item({ paid_amount: 0.5, price: 0.5 })]), { max_points: 100 });
      expect(small.body.data).toMatchObject({
        credit_points: 50,
        price_of_credit_points: 0.5,
        credit_points_of_this_transaction: 0,
        total_credit_points: 50,
      });
    });

    it('gives the status discount with payment type A (and D), not with S', async () => {
      const customer = await customerWith(0);
      await t
        .service(CustomerStatusService)
        .set({ customer_id: customer.customerId, status_id: await newStatus(`vip_${hex().slice(0, 6)}`, { discount: 10 }) });
      const lines = [item({ paid_amount: 40, price: 40 }), item({ paid_amount: 20, price: 20, loyalty_off: true })];
      const withA = await accept(customer.customerId, bill(lines), { payment_type: 'A' });
      expect(withA.status).toBe(200);
      expect(withA.body.data.recommended_discounts).toEqual([
        expect.objectContaining({ discount_value: 4, discount_percent: 10, bill_item_id: lines[0].bill_item_id }),
      ]);
      // 40 - 4 earns 36 points (the loyalty-off line earns none).
      expect(withA.body.data.credit_points_of_this_transaction).toBe(36);
      const withD = await accept(customer.customerId, bill(lines), { payment_type: 'D' });
      expect(withD.body.data.recommended_discounts).toHaveLength(1);
      expect(withD.body.data.credit_points_of_this_transaction).toBe(0);
      const withS = await accept(customer.customerId, bill(lines), { payment_type: 'S' });
      expect(withS.body.data.recommended_discounts).toEqual([]);
      expect(withS.body.data.credit_points_of_this_transaction).toBe(40);
    });
  });

  describe('recommended-best-rewards', () => {
    it('lists manual rewards (F), only the applicable ones (C), and automated ones too (A)', async () => {
      const customer = await customerWith(100);
      const { productId, plu } = await productWithPlu();
      const other = await productWithPlu();
      const applicable = await rewardCode(await reward({ rewardGroup: 0, priority: 1 }));
      const bonusElsewhere = await rewardCode(
        await reward({
          rewardGroup: 0,
          rewardTypeId: rewardTypes.final_price,
          rewardTypeValue: 1,
          products: [{ productId: other.productId, relation: RewardRelation.Bonus }],
          bonuses: [{ related_to: 'product', count: 1 }],
        }),
      );
      const perUnit = await rewardCode(
        await reward({
          rewardGroup: 0,
          rewardTypeId: rewardTypes.percentage_discount,
          rewardTypeValue: 10,
          products: [{ productId, relation: RewardRelation.Bonus }],
        }),
      );
      const tooDear = await rewardCode(await reward({ rewardGroup: 0, pointsCost: 500 }));
      const automated = await rewardCode(await reward({ rewardGroup: 0, isAutomated: true }));
      const voucher = await voucherFor(await reward(), customer.customerId);
      const billBody = bill([item({ plu_ids: [plu], quantity: 3, paid_amount: 30, price: 30 }), item()]);

      const listed = async (type: 'F' | 'C' | 'A') => {
        const response = await recommend(customer.customerId, billBody, type);
        expect(response.status).toBe(200);
        expect(response.body.data.total_items).toBe(response.body.data.recommended_best_rewards.length);
        return new Map<string, number>(
          response.body.data.recommended_best_rewards.map((r: { code: string; max_count: number }) => [r.code, r.max_count]),
        );
      };
      const full = await listed('F');
      expect(full.get(applicable)).toBe(1);
      expect(full.get(bonusElsewhere)).toBe(0);
      expect(full.get(perUnit)).toBe(3);
      expect(full.get(tooDear)).toBe(0);
      expect(full.get(voucher.code)).toBe(1);
      expect(full.has(automated)).toBe(false);

      const usable = await listed('C');
      expect([...usable.values()].every((count) => count > 0)).toBe(true);
      expect(usable.get(applicable)).toBe(1);
      expect(usable.has(bonusElsewhere)).toBe(false);
      expect(usable.has(tooDear)).toBe(false);
      expect(usable.get(voucher.code)).toBe(1);

      const all = await listed('A');
      expect(all.get(automated)).toBe(1);
      expect(all.get(bonusElsewhere)).toBe(0);
      // An automated reward applies to every later bill by itself; the later tests count without it.
      await t.dataSource.query(`UPDATE rewards SET state = 0 WHERE code = $1`, [automated]);
    });
  });

  describe('Customer interface', () => {
    it('closes a bill for the logged-in customer only; assign-customer is not offered', async () => {
      const customer = await customerWith(0);
      // send-purchase earns points, so a Customer application may call it only when granted.
      const checkoutApp = await t.createApplication(ApiInterface.Customer);
      await t.grantOperations(checkoutApp, ['POST /purchases/actions/send-purchase']);
      const device = await t.deviceToken(customer, checkoutApp);
      const sent = await t.customer('POST', '/purchases/actions/send-purchase', {
        token: device,
        body: { store_id: storeA, cashdesk_number: 1, bill: finalBill([item({ paid_amount: 25, price: 25 })]) },
      });
      expect(sent.status).toBe(201);
      expect(await balance(customer.customerId)).toBe(25);
      const own = await t.customer('GET', `/purchases/${sent.body.data.purchase_id}`, { token: device });
      expect(own.body.data.customer_id).toBe(customer.customerId);

      const other = await t.createCustomer();
      await expectRefused(
        other.customerId,
        () =>
          t.customer('POST', '/purchases/actions/send-purchase', {
            token: device,
            body: { store_id: storeA, cashdesk_number: 1, customer_id: other.customerId, bill: finalBill() },
          }),
        'customer_id',
        'not_belong_to_logged_in_customer',
      );
      const anonymous = await t.customer('POST', '/purchases/actions/send-purchase', {
        token: await t.deviceToken(undefined, checkoutApp),
        body: { store_id: storeA, cashdesk_number: 1, bill: finalBill() },
      });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
      const ungranted = await t.customer('POST', '/purchases/actions/send-purchase', {
        token: await t.deviceToken(customer),
        body: { store_id: storeA, cashdesk_number: 1, bill: finalBill() },
      });
      expect(ungranted.status).toBe(403);
      expect(ungranted.body.error.type).toBe('operation_not_allowed_exception');

      const quote = await t.customer('POST', '/purchases/actions/accept-payment', {
        token: device,
        body: { store_id: storeA, cashdesk_number: 1, payment_type: 'S', bill: bill() },
      });
      expect(quote.status).toBe(200);
      expect(quote.body.data.total_credit_points).toBe(35);

      const assign = await t.customer('POST', '/purchases/actions/assign-customer', {
        token: device,
        body: { store_id: storeA, external_purchase_id: hex(), customer_id: customer.customerId },
      });
      expect(assign.status).toBe(403);
    });
  });

  describe('status recalculation', () => {
    const statusOf = async (customerId: string) => (await t.service(CustomerStatusService).current(customerId))?.textId ?? null;

    it('moves the customer up when points assigned outside a purchase meet the seeded silver tier', async () => {
      const customer = await customerWith(2742);
      expect(await statusOf(customer.customerId)).toBe('silver');
    });

    it('moves the customer up when a purchase earns the missing points, and keeps them there when it is cancelled', async () => {
      const customer = await customerWith(990);
      expect(await statusOf(customer.customerId)).not.toBe('silver');
      const earning = finalBill([item({ paid_amount: 20, price: 20 })]);
      expect((await send(customer.customerId, earning)).status).toBe(201);
      expect(await statusOf(customer.customerId)).toBe('silver');
      // The cancellation takes the earned points back, but the status is lost only at the end of its period.
      expect(
        (await send(customer.customerId, finalBill(earning.bill_items, undefined, { canceled: true, bill_number: earning.bill_id })))
          .status,
      ).toBe(201);
      expect(await statusOf(customer.customerId)).toBe('silver');
    });

    it('moves the customer up when the turnover is met, and keeps them there when that purchase is cancelled', async () => {
      // Last in the file: a turnover threshold on silver would otherwise change the other tests' statuses.
      const silverId = await one(`SELECT status_id AS v FROM statuses WHERE text_id = 'silver'`);
      await t.service(StatusService).qualifyByTurnover(silverId, currencyId, 100, 12);
      const customer = await customerWith(0);
      const statusOf = async () => (await t.service(CustomerStatusService).current(customer.customerId))?.textId ?? null;
      const entry = await statusOf();
      expect(entry).not.toBe('silver');
      expect((await send(customer.customerId, finalBill([item({ paid_amount: 60, price: 60 })]))).status).toBe(201);
      expect(await statusOf()).toBe(entry);
      const second = finalBill([item({ paid_amount: 50, price: 50 })]);
      expect((await send(customer.customerId, second)).status).toBe(201);
      expect(await statusOf()).toBe('silver');
      // Without the turnover the earned status is kept until its period ends.
      expect(
        (await send(customer.customerId, finalBill(second.bill_items, undefined, { canceled: true, bill_number: second.bill_id }))).status,
      ).toBe(201);
      expect(await statusOf()).toBe('silver');
    });
  });
});
