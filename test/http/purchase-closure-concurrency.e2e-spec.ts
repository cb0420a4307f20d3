import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(8).toString('hex');

/** Points paid per bill; a 20.00 bill with a 1.00 voucher and 10.00 paid in points earns 9 back. */
const POINTS_PER_BILL = 1000;
const EARNED_PER_BILL = 9;
const STARTING_POINTS = 25_000;

describe('Purchase closure under concurrency (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let storeId: string;
  let partnerId: string;
  let itemType: string;
  let purchaseType: string;
  let currency: string;
  const ent = (method: 'POST', path: string, body: unknown): Promise<TestResponse> => t.enterprise(method, path, { token, body });

  const sendPurchase = (
    billId: string,
    customerId: string | null,
    recap?: { credit_points: number; vouchers: { code: string }[] },
    pluCode = 'race-coffee',
  ): Promise<TestResponse> =>
    ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeId,
      cashdesk_number: 1,
      ...(customerId ? { customer_id: customerId } : {}),
      bill: {
        bill_id: billId,
        payment_time: '2026-11-22 10:00:00',
        currency_id: currency,
        total_price: 20,
        purchase_type_id: purchaseType,
        canceled: false,
        payment_type: 'S',
        ...(recap ? { payment_recap: recap } : {}),
        bill_items: [
          {
            plu_ids: [{ list_code: 'EAN', code: pluCode }],
            plu_name: 'Coffee',
            vat_rate: 21,
            quantity: 1,
            paid_amount: 20,
            price: 20,
            bill_item_id: '1',
            loyalty_off: false,
            purchase_item_type_id: itemType,
          },
        ],
      },
    });

  const balanceOf = async (customerId: string) => {
    const [{ balance, negative }] = await t.dataSource.query(
      `SELECT coalesce(sum(available_points), 0)::text AS balance, count(*) FILTER (WHERE available_points < 0)::int AS negative FROM points WHERE customer_id = $1`,
      [customerId],
    );
    const [{ history }] = await t.dataSource.query(
      `SELECT coalesce(sum(point_amount), 0)::text AS history FROM point_history WHERE customer_id = $1`,
      [customerId],
    );
    return { balance: Number(balance), negativeRecords: negative as number, history: Number(history) };
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [{ store_id: storeId, partner_id: partnerId }] = await t.dataSource.query(
      `SELECT store_id, partner_id FROM stores ORDER BY created_at, store_id LIMIT 1`,
    );
    [{ purchase_item_type_id: itemType }] = await t.dataSource.query(
      `SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`,
    );
    [{ purchase_type_id: purchaseType }] = await t.dataSource.query(
      `SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`,
    );
    [{ currency_id: currency }] = await t.dataSource.query(`SELECT currency_id FROM currencies ORDER BY currency_id LIMIT 1`);
  });
  afterAll(() => t.close());

  it('50 concurrent bills of one customer paying points with vouchers never overspend, use a voucher twice, or book a refused bill', async () => {
    const [{ reward_type_id: fixedDiscount }] = await t.dataSource.query(
      `SELECT reward_type_id FROM reward_types WHERE text_id = 'fixed_discount'`,
    );
    const rewardId = await t
      .service(RewardService)
      .define({ code: `RACE${hex()}`, names: { en: 'Race euro off' }, rewardGroup: 1, rewardTypeId: fixedDiscount, rewardTypeValue: 1 });
    const customer = await t.createCustomer();
    expect(
      (
        await ent('POST', '/points/actions/assign-points', {
          customer_id: customer.customerId,
          partner_id: partnerId,
          amount: STARTING_POINTS,
        })
      ).status,
    ).toBe(201);
    const vouchers: { id: string; code: string }[] = [];
    for (let i = 0; i < 50; i++) {
      const created = await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customer.customerId });
      expect(created.status).toBe(201);
      const [{ code }] = await t.dataSource.query(`SELECT code FROM vouchers WHERE voucher_id = $1`, [created.body.data.voucher_id]);
      vouchers.push({ id: created.body.data.voucher_id, code });
    }
    // Every voucher once, and five of them a second time in other bills.
    const bills = [...vouchers, ...vouchers.slice(0, 5)].map((voucher) => ({ billId: hex(), voucher }));
    const responses = await Promise.all(
      bills.map((bill) =>
        sendPurchase(bill.billId, customer.customerId, { credit_points: POINTS_PER_BILL, vouchers: [{ code: bill.voucher.code }] }),
      ),
    );
    const outcomes = bills.map((bill, index) => ({
      ...bill,
      status: responses[index].status,
      refusal: responses[index].body?.error?.error_data?.invalid_params?.[0],
    }));

    const booked = outcomes.filter((outcome) => outcome.status === 201);
    const refused = outcomes.filter((outcome) => outcome.status !== 201);
    // The balance covers some bills, not all.
    expect(booked.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(5);
    for (const outcome of refused) {
      expect(outcome.status).toBe(400);
      expect([
        { name: 'credit_points', reason: 'not_enough_points_for_payment' },
        { name: 'benefit_codes', reason: 'voucher_already_applied' },
      ]).toContainEqual({ name: outcome.refusal?.name, reason: outcome.refusal?.reason });
    }

    // A refused bill booked nothing: no purchase, and its voucher is unused unless another bill used it.
    const purchases: { external_purchase_id: string; used_points: string; earned_points: string }[] = await t.dataSource.query(
      `SELECT external_purchase_id, used_points::text, earned_points::text FROM purchases WHERE customer_id = $1`,
      [customer.customerId],
    );
    expect(purchases.map((p) => p.external_purchase_id).sort()).toEqual(booked.map((b) => b.billId).sort());
    const bookedVouchers = new Set(booked.map((b) => b.voucher.id));
    expect(bookedVouchers.size).toBe(booked.length);
    const links: { voucher_id: string; uses: number }[] = await t.dataSource.query(
      `SELECT voucher_id, count(*)::int AS uses FROM purchase_vouchers WHERE voucher_id = ANY($1) GROUP BY voucher_id`,
      [vouchers.map((v) => v.id)],
    );
    expect(links.every((link) => link.uses === 1)).toBe(true);
    expect(new Set(links.map((link) => link.voucher_id))).toEqual(bookedVouchers);
    const applied: { voucher_id: string }[] = await t.dataSource.query(
      `SELECT voucher_id FROM vouchers WHERE voucher_id = ANY($1) AND applied_at IS NOT NULL`,
      [vouchers.map((v) => v.id)],
    );
    expect(new Set(applied.map((row) => row.voucher_id))).toEqual(bookedVouchers);
    // A reused code is refused as applied only when its first bill was booked.
    for (const outcome of refused.filter((o) => o.refusal?.reason === 'voucher_already_applied'))
      expect(bookedVouchers.has(outcome.voucher.id)).toBe(true);

    // Points: never below zero, the history adds up to the balance, and each booked bill moved exactly its points.
    const { balance, negativeRecords, history } = await balanceOf(customer.customerId);
    expect(negativeRecords).toBe(0);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(history).toBe(balance);
    for (const purchase of purchases)
      expect([Number(purchase.used_points), Number(purchase.earned_points)]).toEqual([POINTS_PER_BILL, EARNED_PER_BILL]);
    expect(balance).toBe(STARTING_POINTS - booked.length * (POINTS_PER_BILL - EARNED_PER_BILL));
    // A bill refused for points could not have been paid by the balance left at the end (it only shrinks).
    if (refused.some((o) => o.refusal?.reason === 'not_enough_points_for_payment')) expect(balance).toBeLessThan(POINTS_PER_BILL);
  });

  it('the same bill sent twice at once books once, for a customer and for an anonymous bill', async () => {
    const customer = await t.createCustomer();
    const pairs = Array.from({ length: 10 }, (_, index) => ({ billId: hex(), customerId: index % 2 === 0 ? customer.customerId : null }));
    const results = await Promise.all(
      pairs.map(async (pair) => ({
        ...pair,
        responses: await Promise.all([sendPurchase(pair.billId, pair.customerId), sendPurchase(pair.billId, pair.customerId)]),
      })),
    );
    for (const { billId, responses } of results) {
      expect(responses.map((r) => r.status).sort()).toEqual([201, 400]);
      const loser = responses.find((r) => r.status === 400) as TestResponse;
      expect(loser.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'bill_id', reason: 'already_exists' });
      const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM purchases WHERE external_purchase_id = $1`, [billId]);
      expect(n).toBe(1);
    }
    // Five bills of 20.00 earned 20 points each, once.
    const { balance, history } = await balanceOf(customer.customerId);
    expect(balance).toBe(5 * 20);
    expect(history).toBe(balance);
  });

  it('20 concurrent bills of a product nobody knows yet learn it once and all book', async () => {
    const pluCode = `race-new-${hex()}`;
    const responses = await Promise.all(Array.from({ length: 20 }, () => sendPurchase(hex(), null, undefined, pluCode)));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 20 }, () => 201));
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM product_plu_ids WHERE code = $1`, [pluCode]);
    expect(n).toBe(1);
  });
});
