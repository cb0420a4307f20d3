import { randomBytes } from 'node:crypto';
import { CreditLedgerService, LoyaltyRuleService, PointLedgerService } from '../../src/modules/loyalty';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(6).toString('hex');
const DAY = 86_400_000;

/** The calendar date of an instant in UTC (the test app's time zone). */
const utcDate = (at: Date) => at.toISOString().slice(0, 10);
/** The first midnight (UTC) after the month `at` falls in. */
const monthEnd = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

async function eventually(check: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + 2000;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

describe('Wallet (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let wallet: TestCustomer;
  let shopper: TestCustomer;
  let other: TestCustomer;
  let walletDevice: string;
  let eur: string;
  let czk: string;
  let giftType: string;
  let defaultCreditType: string;
  const soon = new Date(Date.now() + DAY);

  const ent = (path: string, query: Record<string, string | string[]> = {}): Promise<TestResponse> =>
    t.enterprise('GET', `/wallet/actions/${path}`, { token, query });
  const asWallet = (path: string, query: Record<string, string | string[]> = {}): Promise<TestResponse> =>
    t.customer('GET', `/wallet/actions/${path}`, { token: walletDevice, query });
  const param = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const byCurrency = <T extends { currency_id: string }>(entries: T[]) =>
    [...entries].sort((a, b) => (a.currency_id < b.currency_id ? -1 : 1));
  const setPoint = (pointId: string, createdAt: string, validTo?: Date) =>
    t.dataSource.query(`UPDATE points SET created_at = $2, valid_to = $3 WHERE point_id = $1`, [pointId, createdAt, validTo ?? null]);
  const setCredit = (creditId: string, createdAt: string, validTo?: Date) =>
    t.dataSource.query(`UPDATE credits SET created_at = $2, valid_to = $3 WHERE credit_id = $1`, [creditId, createdAt, validTo ?? null]);

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [wallet, shopper, other] = [await t.createCustomer(), await t.createCustomer(), await t.createCustomer()];
    walletDevice = await t.deviceToken(wallet);
    [{ currency_id: eur }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
    [{ currency_id: czk }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'CZK'`);
    [{ credit_type_id: defaultCreditType }] = await t.dataSource.query(`SELECT credit_type_id FROM credit_types WHERE is_default`);
    giftType = hex().padEnd(26, '0');
    await t.dataSource.query(`INSERT INTO credit_types (credit_type_id, name, currency_id) VALUES ($1, 'Gift credit', $2)`, [
      giftType,
      eur,
    ]);
    const [{ partner_id: partnerId }] = await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`);

    // The points ledger: 100 and 50 earned, 30 spent, 10 earned and expired, 20 and 5 expiring tomorrow, 15 held.
    const points = t.service(PointLedgerService);
    const earn = (amount: number) => points.addPoints({ customerId: wallet.customerId, amount: BigInt(amount * 100), partnerId });
    const p1 = await earn(100);
    const p2 = await earn(50);
    const r1 = await points.deductPoints({ customerId: wallet.customerId, amount: 3000n, partnerId });
    const p3 = await earn(10);
    const p4 = await earn(20);
    const p5 = await earn(5);
    await setPoint(p1, '2026-01-05 10:00:00+00');
    await setPoint(p2, '2026-02-10 12:00:00+00', new Date(Date.now() + 40 * DAY));
    await setPoint(r1, '2026-02-15 09:00:00+00');
    await setPoint(p3, '2026-03-01 00:00:00+00', new Date(Date.now() - 3_600_000));
    await setPoint(p4, '2026-03-31 23:59:59+00', soon);
    await setPoint(p5, '2026-04-01 00:00:00+00', soon);
    const reserve = await t.enterprise('POST', '/point-reservations/actions/reserve-points', {
      token,
      body: { customer_id: wallet.customerId, external_id: `wallet-${hex()}`, amount: 15 },
    });
    expect(reserve.status).toBe(204);

    // The credit ledger: EUR 100 in, 40 out; CZK 500 expiring tomorrow; gift EUR 30, expired.
    const credits = t.service(CreditLedgerService);
    const entry = (amount: number, currencyId: string, creditTypeId = defaultCreditType) => ({
      customerId: wallet.customerId,
      amount: BigInt(amount * 10_000),
      creditTypeId,
      currencyId,
      partnerId,
    });
    await setCredit(await credits.addCredits(entry(100, eur)), '2026-01-10 08:00:00+00');
    await setCredit(await credits.deductCredits(entry(40, eur)), '2026-01-20 08:00:00+00');
    await setCredit(await credits.addCredits(entry(500, czk)), '2026-02-01 08:00:00+00', soon);
    await setCredit(await credits.addCredits(entry(30, eur, giftType)), '2026-02-05 08:00:00+00', new Date(Date.now() - 3_600_000));
  });

  afterAll(() => t.close());

  describe('points-overview', () => {
    it('sums earned and redeemed points over the inclusive interval; available is now, less reservations', async () => {
      const all = await ent('points-overview', { customer_id: wallet.customerId });
      expect(all.status).toBe(200);
      expect(all.body.data).toEqual({
        earned_points: 185,
        redeemed_points: 30,
        available_points: 130,
        available_points_money_value: [{ currency_id: eur, value: 1.3 }],
      });
      const february = await ent('points-overview', { customer_id: wallet.customerId, date_from: '2026-02-10', date_to: '2026-02-15' });
      expect(february.body.data).toMatchObject({ earned_points: 50, redeemed_points: 30, available_points: 130 });
      // The last second of March 31st belongs to March, the first of April 1st does not.
      const march = await ent('points-overview', { customer_id: wallet.customerId, date_from: '2026-03-01', date_to: '2026-03-31' });
      expect(march.body.data).toMatchObject({ earned_points: 30, redeemed_points: 0 });
      const fromApril = await ent('points-overview', { customer_id: wallet.customerId, date_from: '2026-04-01' });
      expect(fromApril.body.data).toMatchObject({ earned_points: 5, redeemed_points: 0 });
      const untilJanuary = await ent('points-overview', { customer_id: wallet.customerId, date_to: '2026-01-31' });
      expect(untilJanuary.body.data).toMatchObject({ earned_points: 100, redeemed_points: 0 });
    });

    it('values the points per configured currency, and not at all when the customer may not pay with points', async () => {
      const rules = t.service(LoyaltyRuleService);
      await rules.set('point_value', 'project', '', '0.5');
      await rules.set('point_value_currencies', 'project', '', 'czk, EUR');
      try {
        await eventually(async () => {
          const valued = await ent('points-overview', { customer_id: wallet.customerId });
          expect(byCurrency(valued.body.data.available_points_money_value)).toEqual(
            byCurrency([
              { currency_id: eur, value: 65 },
              { currency_id: czk, value: 65 },
            ]),
          );
        });
        await rules.set('points_payers', 'project', '', 'none');
        await eventually(async () => {
          expect((await ent('points-overview', { customer_id: wallet.customerId })).body.data.available_points_money_value).toEqual([]);
        });
      } finally {
        for (const rule of ['point_value', 'point_value_currencies', 'points_payers']) await rules.unset(rule, 'project', '');
      }
      await expect(rules.set('point_value_currencies', 'project', '', 'EUR,XYZ')).rejects.toThrow('No currency has this code');
      await expect(rules.set('point_value_currencies', 'project', '', 'euro')).rejects.toThrow('three-letter');
    });

    it('answers zeros for a customer without points', async () => {
      const empty = await ent('points-overview', { customer_id: other.customerId });
      expect(empty.body.data).toEqual({
        earned_points: 0,
        redeemed_points: 0,
        available_points: 0,
        available_points_money_value: [{ currency_id: eur, value: 0 }],
      });
    });
  });

  describe('credits-overview', () => {
    it('sums credits per currency and in total, with the credit type filter in both array forms', async () => {
      const all = await ent('credits-overview', { customer_id: wallet.customerId });
      expect(all.status).toBe(200);
      expect(all.body.data).toMatchObject({ earned_credits: 630, redeemed_credits: 40, available_credits: 560 });
      expect(byCurrency(all.body.data.split_by_currency)).toEqual(
        byCurrency([
          { currency_id: eur, earned_credits: 130, redeemed_credits: 40, available_credits: 60 },
          { currency_id: czk, earned_credits: 500, redeemed_credits: 0, available_credits: 500 },
        ]),
      );
      const gift = await ent('credits-overview', { customer_id: wallet.customerId, credit_type_id: giftType });
      expect(gift.body.data).toEqual({
        earned_credits: 30,
        redeemed_credits: 0,
        available_credits: 0,
        split_by_currency: [{ currency_id: eur, earned_credits: 30, redeemed_credits: 0, available_credits: 0 }],
      });
      const both = await ent('credits-overview', { customer_id: wallet.customerId, 'credit_type_id[]': [giftType, defaultCreditType] });
      expect(both.body.data).toMatchObject({ earned_credits: 630, redeemed_credits: 40, available_credits: 560 });
      const january = await ent('credits-overview', { customer_id: wallet.customerId, date_from: '2026-01-01', date_to: '2026-01-31' });
      expect(january.body.data).toMatchObject({ earned_credits: 100, redeemed_credits: 40, available_credits: 560 });
      const unknown = await ent('credits-overview', { customer_id: wallet.customerId, credit_type_id: 'ffffffffffffffffffffffffff' });
      expect(unknown.status).toBe(400);
      expect(param(unknown)).toMatchObject({ name: 'credit_type_id', reason: 'not_found' });
    });
  });

  describe('expiration overviews', () => {
    it('reports the next expiry date, its amount and what expires this month, over spendable records only', async () => {
      const thisMonth = soon < monthEnd(new Date()) ? 25 : 0;
      const points = await ent('points-expiration-overview', { customer_id: wallet.customerId });
      expect(points.status).toBe(200);
      expect(points.body.data).toEqual({ next_amount: 25, next_date: utcDate(soon), current_month_amount: thisMonth });
      const credits = await ent('credits-expiration-overview', { customer_id: wallet.customerId });
      expect(credits.body.data).toEqual({ next_amount: 500, next_date: utcDate(soon), current_month_amount: thisMonth * 20 });
      const nothing = await ent('points-expiration-overview', { customer_id: other.customerId });
      // Without a date the answer leaves next_date out, as every answer leaves out null fields.
      expect(nothing.body.data).toStrictEqual({ next_amount: 0, current_month_amount: 0 });
    });
  });

  describe('sales-turnover', () => {
    beforeAll(async () => {
      const [{ store_id: storeId }] = await t.dataSource.query(`SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1`);
      const [{ purchase_item_type_id: itemType }] = await t.dataSource.query(
        `SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`,
      );
      const [{ purchase_type_id: purchaseType }] = await t.dataSource.query(
        `SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`,
      );
      const send = async (billId: string, currencyId: string, total: number, paidAt: string, cancels?: string) => {
        const response = await t.enterprise('POST', '/purchases/actions/send-purchase', {
          token,
          body: {
            store_id: storeId,
            cashdesk_number: 1,
            customer_id: shopper.customerId,
            bill: {
              bill_id: billId,
              ...(cancels ? { bill_number: cancels } : {}),
              payment_time: paidAt,
              currency_id: currencyId,
              total_price: total,
              purchase_type_id: purchaseType,
              canceled: cancels !== undefined,
              payment_type: 'S',
              bill_items: [
                {
                  plu_ids: [{ list_code: 'EAN', code: 'wallet-item' }],
                  plu_name: 'Item',
                  vat_rate: 21,
                  quantity: 1,
                  paid_amount: total,
                  price: total,
                  bill_item_id: '1',
                  loyalty_off: false,
                  purchase_item_type_id: itemType,
                },
              ],
            },
          },
        });
        expect(response.status).toBe(201);
      };
      const first = `bill-${hex()}`;
      await send(first, eur, 40, '2026-01-10 10:00:00');
      await send(`bill-${hex()}`, eur, 25.5, '2026-02-10 10:00:00');
      await send(`bill-${hex()}`, eur, 40, '2026-02-12 10:00:00', first);
      await send(`bill-${hex()}`, czk, 300, '2026-02-20 23:59:59');
    });

    it('is purchases less cancellations per currency, inside the inclusive interval', async () => {
      const all = await ent('sales-turnover', { customer_id: shopper.customerId });
      expect(all.status).toBe(200);
      expect(byCurrency(all.body.data.turnover)).toEqual(
        byCurrency([
          { currency_id: eur, value: 25.5 },
          { currency_id: czk, value: 300 },
        ]),
      );
      const january = await ent('sales-turnover', { customer_id: shopper.customerId, date_from: '2026-01-01', date_to: '2026-01-31' });
      expect(january.body.data.turnover).toEqual([{ currency_id: eur, value: 40 }]);
      const february = await ent('sales-turnover', { customer_id: shopper.customerId, date_from: '2026-02-01', date_to: '2026-02-20' });
      expect(byCurrency(february.body.data.turnover)).toEqual(
        byCurrency([
          { currency_id: eur, value: -14.5 },
          { currency_id: czk, value: 300 },
        ]),
      );
      const none = await ent('sales-turnover', { customer_id: shopper.customerId, date_to: '2025-12-31' });
      expect(none.body.data).toEqual({ turnover: [] });
    });
  });

  describe('requests', () => {
    const operations = [
      'sales-turnover',
      'points-overview',
      'credits-overview',
      'points-expiration-overview',
      'credits-expiration-overview',
    ];

    it('needs a known customer_id on the Enterprise interface', async () => {
      for (const operation of operations) {
        const missing = await ent(operation);
        expect({ operation, status: missing.status, param: param(missing) }).toEqual({
          operation,
          status: 400,
          param: expect.objectContaining({ name: 'customer_id', reason: 'required' }),
        });
        const unknown = await ent(operation, { customer_id: 'ffffffffffffffffffffffffff' });
        expect({ operation, status: unknown.status, param: param(unknown) }).toEqual({
          operation,
          status: 400,
          param: expect.objectContaining({ name: 'customer_id', reason: 'not_found' }),
        });
      }
    });

    it('refuses malformed and reversed intervals', async () => {
      const malformed = await ent('points-overview', { customer_id: wallet.customerId, date_from: '2026-02-30' });
      expect(malformed.status).toBe(400);
      expect(param(malformed).name).toBe('date_from');
      const reversed = await ent('credits-overview', { customer_id: wallet.customerId, date_from: '2026-03-02', date_to: '2026-03-01' });
      expect(reversed.status).toBe(400);
      expect(param(reversed)).toMatchObject({ name: 'date_to', reason: 'not_allowed_value' });
    });

    it("answers the logged-in customer's own wallet on the Customer interface", async () => {
      for (const operation of operations) {
        const own = await asWallet(operation);
        const named = await ent(operation, { customer_id: wallet.customerId });
        expect({ operation, status: own.status, body: own.body }).toEqual({ operation, status: 200, body: named.body });
        const foreign = await asWallet(operation, { customer_id: other.customerId });
        expect({ operation, status: foreign.status, param: param(foreign) }).toEqual({
          operation,
          status: 400,
          param: expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }),
        });
      }
      const anonymous = await t.customer('GET', '/wallet/actions/points-overview', { token: await t.deviceToken() });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    });
  });
});
