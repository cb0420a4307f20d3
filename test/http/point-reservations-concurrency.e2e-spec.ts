import { randomBytes } from 'node:crypto';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(8).toString('hex');

/** Balance B, a reservation R, and 50 concurrent spends of 10 points each: at most B - R is spent. */
const BALANCE = 400;
const RESERVED = 150;
const SPEND = 10;

describe('Point reservations under concurrency (HTTP)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.create();
  });

  afterAll(() => t.close());

  it('50 concurrent reduce, transfer and point-paid purchases never spend held points, and freed points become spendable', async () => {
    const token = await t.enterpriseToken();
    const ent = (path: string, body: unknown): Promise<TestResponse> => t.enterprise('POST', path, { token, body });
    const [{ store_id: storeId, partner_id: partnerId }] = await t.dataSource.query(
      `SELECT store_id, partner_id FROM stores ORDER BY created_at, store_id LIMIT 1`,
    );
    const [{ purchase_item_type_id: itemType }] = await t.dataSource.query(
      `SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`,
    );
    const [{ purchase_type_id: purchaseType }] = await t.dataSource.query(
      `SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`,
    );
    const [{ currency_id: currency }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
    const [{ point_type_id: pointTypeId }] = await t.dataSource.query(`SELECT point_type_id FROM point_types WHERE is_default`);
    // Points are worth a whole euro each, so a purchase can pay its 10 points, and purchases earn none.
    await t.dataSource.query(
      `INSERT INTO loyalty_rules (rule, scope, scope_id, value) VALUES ('point_value', 'project', '', '1'), ('points_per_currency_unit', 'project', '', '0')`,
    );
    const customer = await t.createCustomer();
    const receiver = await t.createCustomer();
    expect(
      (await ent('/points/actions/assign-points', { customer_id: customer.customerId, partner_id: partnerId, amount: BALANCE })).status,
    ).toBe(201);
    const order = `order-${hex()}`;
    expect(
      (await ent('/point-reservations/actions/reserve-points', { customer_id: customer.customerId, external_id: order, amount: RESERVED }))
        .status,
    ).toBe(204);

    const purchase = () =>
      ent('/purchases/actions/send-purchase', {
        store_id: storeId,
        cashdesk_number: 1,
        customer_id: customer.customerId,
        bill: {
          bill_id: hex(),
          payment_time: new Date().toISOString(),
          currency_id: currency,
          total_price: 20,
          purchase_type_id: purchaseType,
          canceled: false,
          payment_type: 'S',
          payment_recap: { credit_points: SPEND },
          bill_items: [
            {
              plu_ids: [{ list_code: 'EAN', code: 'held-race' }],
              plu_name: 'Race item',
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
    // A point payment on its own goes through the closure and pays from the unheld points.
    const paid = await purchase();
    expect({ status: paid.status, body: paid.body }).toEqual({ status: 201, body: expect.anything() });
    const [{ used }] = await t.dataSource.query(`SELECT used_points::text AS used FROM purchases WHERE purchase_id = $1`, [
      paid.body.data.purchase_id,
    ]);
    expect(used).toBe('10.00');
    const calls: { kind: 'reduce' | 'transfer' | 'purchase' | 'reserve'; run: () => Promise<TestResponse> }[] = [];
    for (let i = 0; i < 50; i++) {
      const kind = (['reduce', 'transfer', 'purchase', 'reserve'] as const)[i % 4];
      const run = {
        reduce: () => ent('/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: SPEND }),
        transfer: () =>
          ent('/points/actions/transfer-points', {
            original_customer_id: customer.customerId,
            new_customer_id: receiver.customerId,
            amount: SPEND,
            point_type_id: pointTypeId,
          }),
        purchase,
        reserve: () =>
          ent('/point-reservations/actions/reserve-points', {
            customer_id: customer.customerId,
            external_id: `race-${hex()}`,
            amount: SPEND,
          }),
      }[kind];
      calls.push({ kind, run });
    }
    const responses = await Promise.all(calls.map((call) => call.run()));
    const outcomes = responses.map((response, index) => ({
      kind: calls[index].kind,
      status: response.status,
      reason: response.body?.error?.error_data?.invalid_params?.[0]?.reason,
    }));
    // Every refusal is a clean shortage, never a 500 or a deadlock.
    for (const outcome of outcomes.filter((o) => o.status >= 300)) {
      expect(outcome).toEqual({
        kind: outcome.kind,
        status: 400,
        reason: outcome.kind === 'reserve' ? 'not_allowed_value' : 'not_enough_points_for_payment',
      });
    }
    const succeeded = outcomes.filter((o) => o.status < 300);
    // 400 - 150 - 10 = 240 free points: exactly 24 of the 50 calls of 10 fit, whichever kinds won.
    expect(succeeded).toHaveLength((BALANCE - RESERVED - SPEND) / SPEND);
    const [{ balance, negative }] = await t.dataSource.query(
      `SELECT coalesce(sum(available_points), 0)::text AS balance, count(*) FILTER (WHERE available_points < 0)::int AS negative
         FROM points WHERE customer_id = $1`,
      [customer.customerId],
    );
    const [{ held }] = await t.dataSource.query(
      `SELECT coalesce(sum(quantity), 0)::text AS held FROM point_reservations WHERE customer_id = $1 AND state = 1`,
      [customer.customerId],
    );
    const spent = (succeeded.filter((o) => o.kind !== 'reserve').length + 1) * SPEND;
    const reservedInRace = succeeded.filter((o) => o.kind === 'reserve').length * SPEND;
    expect(negative).toBe(0);
    expect(Number(balance)).toBe(BALANCE - spent);
    expect(Number(held)).toBe(RESERVED + reservedInRace);
    expect(spent).toBeLessThanOrEqual(BALANCE - RESERVED);
    // The history still sums to the balance.
    const [{ history }] = await t.dataSource.query(
      `SELECT coalesce(sum(point_amount), 0)::text AS history FROM point_history WHERE customer_id = $1`,
      [customer.customerId],
    );
    expect(Number(history)).toBe(Number(balance));

    // Nothing more can be spent until the first reservation is freed; then exactly its 150 can.
    const blocked = await ent('/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: SPEND });
    expect(blocked.status).toBe(400);
    expect((await ent('/point-reservations/actions/free-points', { external_id: order })).status).toBe(204);
    expect(
      (await ent('/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: RESERVED + 0.01 }))
        .status,
    ).toBe(400);
    expect(
      (await ent('/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: RESERVED })).status,
    ).toBe(201);
  });
});
