import { randomBytes } from 'node:crypto';
import { CustomerStatusService } from '../../src/modules/customers';
import { StatusPeriodEndService } from '../../src/modules/purchases';
import { ChangeFeed } from '../../src/platform/change-feed';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

interface HistoryRow {
  from_status_id?: string;
  to_status_id?: string;
  reason: string;
  status_record_id?: string;
}

/**
 * Tiers through the API: a status reached by a number of purchases, an upgrade at once, no downgrade
 * before the record's end plus its grace, the period-end run, and the status history of each change.
 */
describe('Status tiers (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let operatorToken: string;
  let storeId: string;
  let currencyId: string;
  let itemTypeId: string;
  let purchaseTypeId: string;
  const ids: Record<string, string> = {};
  const GRACE_DAYS = 10;

  const ent = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<TestResponse> => t.enterprise(method, path, { token, body });
  const op = (method: 'GET' | 'PUT', path: string, body?: unknown): Promise<TestResponse> =>
    t.operator(method, path, { token: operatorToken, body });

  const finalBill = (amount: number, overrides: Record<string, unknown> = {}) => ({
    bill_id: hex(),
    payment_time: new Date().toISOString(),
    currency_id: currencyId,
    total_price: amount,
    bill_items: [
      {
        plu_ids: [{ list_code: 'EAN', code: hex() }],
        plu_name: 'Coffee',
        vat_rate: 21,
        quantity: 1,
        paid_amount: amount,
        price: amount,
        bill_item_id: '1',
        loyalty_off: false,
        purchase_item_type_id: itemTypeId,
      },
    ],
    purchase_type_id: purchaseTypeId,
    canceled: false,
    payment_type: 'S',
    ...overrides,
  });
  const send = async (customerId: string, bill: Record<string, unknown>): Promise<void> => {
    const sent = await ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId,
      bill,
    });
    if (sent.status !== 201) throw new Error(`send-purchase failed: ${sent.text}`);
  };
  const cancel = (customerId: string, bill: ReturnType<typeof finalBill>) =>
    send(customerId, { ...finalBill(bill.total_price), bill_items: bill.bill_items, canceled: true, bill_number: bill.bill_id });
  const statusOf = async (customerId: string) => (await t.service(CustomerStatusService).current(customerId))?.textId ?? null;
  const history = async (customerId: string): Promise<HistoryRow[]> => {
    const response = await op('GET', `/customers/${customerId}/status-history`);
    expect(response.status).toBe(200);
    expect(response.body.data.total_items).toBe(response.body.data.status_changes.length);
    return response.body.data.status_changes;
  };
  /** Moves the customer's active record into the past, ending `daysAgo` days ago. */
  const endRecord = (customerId: string, daysAgo: number) =>
    t.dataSource.query(
      `UPDATE customer_status_records SET valid_from = now() - interval '13 months', valid_to = now() - make_interval(days => $2)
        WHERE customer_id = $1 AND state = 1`,
      [customerId, daysAgo],
    );
  /** A customer holding silver, reached by three purchases; answers the bills. */
  const silverCustomer = async (): Promise<{ customer: TestCustomer; bills: ReturnType<typeof finalBill>[] }> => {
    const customer = await t.createCustomer();
    const bills = [finalBill(10), finalBill(10), finalBill(10)];
    for (const bill of bills) await send(customer.customerId, bill);
    expect(await statusOf(customer.customerId)).toBe('silver');
    return { customer, bills };
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    operatorToken = (await t.operatorToken()).token;
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    storeId = hex();
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Tier store', $3, 'pos-1')`,
      [storeId, `T${storeId.slice(0, 6)}`, partnerId],
    );
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    itemTypeId = (await t.dataSource.query(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`))[0]
      .purchase_item_type_id;
    purchaseTypeId = (await t.dataSource.query(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`))[0]
      .purchase_type_id;
    for (const row of await t.dataSource.query(`SELECT status_id, text_id FROM statuses`)) ids[row.text_id] = row.status_id;
  });
  afterAll(() => t.close());

  it('leaves the statuses defined before it as they were: no purchase threshold, no grace, points still qualify', async () => {
    const silver = (await op('GET', '/statuses/silver')).body.data;
    expect(silver).toMatchObject({ qualification_points: 1000, qualification_period: 12, downgrade_grace_days: 0 });
    expect(silver.qualification_purchases).toBeUndefined();
    const customer = await t.createCustomer();
    const assigned = await ent('POST', '/points/actions/assign-points', {
      customer_id: customer.customerId,
      partner_id: (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id,
      amount: 1000,
    });
    expect(assigned.status).toBe(201);
    expect(await statusOf(customer.customerId)).toBe('silver');
    expect(await history(customer.customerId)).toEqual([
      expect.objectContaining({ to_status_id: ids.silver, reason: 'points', status_record_id: expect.any(String) }),
    ]);
    expect((await history(customer.customerId))[0].from_status_id).toBeUndefined();
  });

  describe('silver reached by three purchases a year, with grace', () => {
    beforeAll(async () => {
      const { status_id: _id, state: _state, last_change: _change, ...silver } = (await op('GET', '/statuses/silver')).body.data;
      const changed = await op('PUT', '/statuses/silver', {
        ...silver,
        qualification_points: null,
        qualification_purchases: 3,
        downgrade_grace_days: GRACE_DAYS,
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data).toMatchObject({ qualification_purchases: 3, downgrade_grace_days: GRACE_DAYS });
      await t.service(ChangeFeed).sync();
    });

    it('moves the customer up at once with the purchase that makes the count', async () => {
      const customer = await t.createCustomer();
      await send(customer.customerId, finalBill(10));
      await send(customer.customerId, finalBill(10));
      expect(await statusOf(customer.customerId)).toBeNull();
      await send(customer.customerId, finalBill(10));
      expect(await statusOf(customer.customerId)).toBe('silver');
      expect(await history(customer.customerId)).toEqual([expect.objectContaining({ to_status_id: ids.silver, reason: 'purchase' })]);
    });

    it('keeps the status after a cancellation until the period ends, and through the grace days after it', async () => {
      const { customer, bills } = await silverCustomer();
      await cancel(customer.customerId, bills[2]);
      expect(await statusOf(customer.customerId)).toBe('silver');

      await endRecord(customer.customerId, GRACE_DAYS - 1);
      expect(await statusOf(customer.customerId)).toBe('silver');
      await t.service(StatusPeriodEndService).run();
      expect(await statusOf(customer.customerId)).toBe('silver');
      expect(await history(customer.customerId)).toHaveLength(1);
    });

    it('moves the customer to what they reach once the period and its grace have passed', async () => {
      const { customer, bills } = await silverCustomer();
      await cancel(customer.customerId, bills[2]);
      await endRecord(customer.customerId, GRACE_DAYS + 1);
      expect(await statusOf(customer.customerId)).toBeNull();

      const run = await t.service(StatusPeriodEndService).run();
      expect(run.ran).toBe(true);
      expect(await statusOf(customer.customerId)).toBe('basic');
      expect(await history(customer.customerId)).toEqual([
        expect.objectContaining({ from_status_id: ids.silver, to_status_id: ids.basic, reason: 'period_end' }),
        expect.objectContaining({ to_status_id: ids.silver, reason: 'purchase' }),
      ]);
      // Run again: nothing left to move.
      await t.service(StatusPeriodEndService).run();
      expect(await history(customer.customerId)).toHaveLength(2);
    });

    it('gives a customer who still qualifies at the period end a fresh record of the same status, which is no change', async () => {
      const { customer } = await silverCustomer();
      await endRecord(customer.customerId, GRACE_DAYS + 1);
      await t.service(StatusPeriodEndService).run();
      expect(await statusOf(customer.customerId)).toBe('silver');
      const [record] = await t.dataSource.query(
        `SELECT valid_to > now() AS current FROM customer_status_records WHERE customer_id = $1 AND state = 1`,
        [customer.customerId],
      );
      expect(record.current).toBe(true);
      expect(await history(customer.customerId)).toHaveLength(1);
    });

    it('moves each customer once when two runs go at once', async () => {
      const customers: string[] = [];
      for (let index = 0; index < 4; index++) {
        const { customer, bills } = await silverCustomer();
        await cancel(customer.customerId, bills[0]);
        await endRecord(customer.customerId, GRACE_DAYS + 1);
        customers.push(customer.customerId);
      }
      const periodEnd = t.service(StatusPeriodEndService);
      const runs = await Promise.all([periodEnd.run(), periodEnd.run()]);
      expect(runs.reduce((sum, run) => sum + run.reviewed, 0)).toBeGreaterThanOrEqual(customers.length);
      const [moves] = await t.dataSource.query(
        `SELECT count(*)::int AS changes,
                count(DISTINCT customer_id)::int AS customers
           FROM customer_status_changes WHERE customer_id = ANY($1) AND reason = 'period_end'`,
        [customers],
      );
      expect(moves).toEqual({ changes: customers.length, customers: customers.length });
      const [active] = await t.dataSource.query(
        `SELECT count(*)::int AS records FROM customer_status_records WHERE customer_id = ANY($1) AND state = 1`,
        [customers],
      );
      expect(active.records).toBe(customers.length);
      for (const customerId of customers) expect(await statusOf(customerId)).toBe('basic');
    });

    it('keeps a status given by hand as a change by hand', async () => {
      const { customer } = await silverCustomer();
      const set = await ent('POST', '/customers/actions/set-status-record', { customer_id: customer.customerId, status_id: ids.gold });
      expect(set.status).toBe(200);
      expect((await history(customer.customerId))[0]).toMatchObject({
        from_status_id: ids.silver,
        to_status_id: ids.gold,
        reason: 'manual',
        status_record_id: set.body.data.status_record_id,
      });
    });
  });

  it('answers 404 for the history of a customer that does not exist', async () => {
    expect((await op('GET', `/customers/${hex()}/status-history`)).status).toBe(404);
  });
});
