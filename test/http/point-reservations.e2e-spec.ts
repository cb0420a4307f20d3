import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const ref = () => `order-${randomBytes(6).toString('hex')}`;

describe('Point reservations (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let anonymousDevice: string;

  const ent = (method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>): Promise<TestResponse> =>
    t.enterprise(method, path, { token, body, query });
  const asJane = (method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>): Promise<TestResponse> =>
    t.customer(method, path, { token: janeDevice, body, query });
  const reason = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const assign = async (customerId: string, amount: number) =>
    expect((await ent('POST', '/points/actions/assign-points', { customer_id: customerId, partner_id: partnerId, amount })).status).toBe(
      201,
    );
  const reserve = (customerId: string, externalId: string, amount: number, expiration?: string) =>
    ent('POST', '/point-reservations/actions/reserve-points', {
      customer_id: customerId,
      external_id: externalId,
      amount,
      ...(expiration ? { expiration_time: expiration } : {}),
    });
  const reservationRow = async (externalId: string) =>
    t.dataSource.query<any[]>(`SELECT * FROM point_reservations WHERE external_id = $1 ORDER BY created_at`, [externalId]);
  const spendable = async (customerId: string) =>
    (await ent('GET', '/wallet/actions/points-overview', undefined, { customer_id: customerId })).body.data.available_points;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [{ partner_id: partnerId }] = await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`);
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    anonymousDevice = await t.deviceToken();
    await assign(jane.customerId, 100);
    await assign(max.customerId, 50);
  });

  afterAll(() => t.close());

  describe('reserve-points and free-points', () => {
    it('holds points so no spending path can use them, and frees them again', async () => {
      const customer = await t.createCustomer();
      await assign(customer.customerId, 100);
      const order = ref();
      expect((await reserve(customer.customerId, order, 60.5, '2099-01-01 12:00:00')).status).toBe(204);
      const [row] = await reservationRow(order);
      expect(row).toMatchObject({ customer_id: customer.customerId, quantity: '60.50', state: 1 });
      expect(await spendable(customer.customerId)).toBe(39.5);

      // reduce-points, transfer-points and a voucher bought with points see only the unheld 39.50.
      const reduce = await ent('POST', '/points/actions/reduce-points', {
        customer_id: customer.customerId,
        partner_id: partnerId,
        amount: 40,
      });
      expect(reduce.status).toBe(400);
      expect(reason(reduce)).toMatchObject({ name: 'amount', reason: 'not_enough_points_for_payment' });
      const [{ point_type_id: pointTypeId }] = await t.dataSource.query(`SELECT point_type_id FROM point_types WHERE is_default`);
      const transfer = await ent('POST', '/points/actions/transfer-points', {
        original_customer_id: customer.customerId,
        new_customer_id: max.customerId,
        amount: 39.51,
        point_type_id: pointTypeId,
      });
      expect(transfer.status).toBe(400);
      const [{ reward_type_id: typeId }] = await t.dataSource.query(
        `SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'`,
      );
      const rewardId = await t.service(RewardService).define({
        code: `HOLD${randomBytes(4).toString('hex')}`,
        names: { en: 'Held mug' },
        rewardGroup: 1,
        rewardTypeId: typeId,
        pointsCost: 45,
      });
      const voucher = await ent('POST', `/rewards/${rewardId}/actions/create-voucher`, { customer_id: customer.customerId });
      expect(voucher.status).toBe(400);
      expect(reason(voucher).reason).toBe('not_enough_points_for_voucher');
      // A second reservation cannot take held points either.
      const second = await reserve(customer.customerId, ref(), 40);
      expect(second.status).toBe(400);
      expect(reason(second)).toMatchObject({ name: 'amount', reason: 'not_allowed_value' });
      // Nothing was spent by the refusals.
      const [{ balance }] = await t.dataSource.query(`SELECT sum(available_points)::text AS balance FROM points WHERE customer_id = $1`, [
        customer.customerId,
      ]);
      expect(balance).toBe('100.00');

      // What is not held can be spent.
      expect(
        (await ent('POST', '/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 39.5 }))
          .status,
      ).toBe(201);
      expect(await spendable(customer.customerId)).toBe(0);

      expect((await ent('POST', '/point-reservations/actions/free-points', { external_id: order })).status).toBe(204);
      const [freed] = await reservationRow(order);
      expect(freed.state).toBe(0);
      expect(await spendable(customer.customerId)).toBe(60.5);
      expect(
        (await ent('POST', '/points/actions/reduce-points', { customer_id: customer.customerId, partner_id: partnerId, amount: 60.5 }))
          .status,
      ).toBe(201);
    });

    it('stops holding once the expiration passes, shown with state 2, and the external id can be used again', async () => {
      const customer = await t.createCustomer();
      await assign(customer.customerId, 30);
      const order = ref();
      expect((await reserve(customer.customerId, order, 30, '2099-01-01 00:00:00')).status).toBe(204);
      expect(await spendable(customer.customerId)).toBe(0);
      await t.dataSource.query(`UPDATE point_reservations SET expiration = now() - interval '1 second' WHERE external_id = $1`, [order]);
      expect(await spendable(customer.customerId)).toBe(30);
      const list = await ent('GET', '/point-reservations', undefined, { external_id: order });
      expect(list.body.data.point_reservations).toEqual([expect.objectContaining({ external_id: order, state: 2 })]);
      // Freeing an expired reservation finds nothing active.
      const free = await ent('POST', '/point-reservations/actions/free-points', { external_id: order });
      expect(free.status).toBe(400);
      expect(reason(free)).toMatchObject({ name: 'external_id', reason: 'not_found' });
      // Reusing the id creates a new active reservation and marks the expired one.
      expect((await reserve(customer.customerId, order, 10)).status).toBe(204);
      const rows = await reservationRow(order);
      expect(rows.map((row) => row.state)).toEqual([2, 1]);
      expect(rows[1].expiration).toBeNull();
      expect(await spendable(customer.customerId)).toBe(20);
    });

    it('refuses bad amounts, duplicates, unknown customers and past expirations, writing nothing', async () => {
      const order = ref();
      expect((await reserve(jane.customerId, order, 10)).status).toBe(204);
      const cases: [unknown, string, string][] = [
        [{ customer_id: jane.customerId, external_id: order, amount: 5 }, 'external_id', 'already_exists'],
        [{ customer_id: jane.customerId, external_id: ref(), amount: 0 }, 'amount', 'not_allowed_value'],
        [{ customer_id: jane.customerId, external_id: ref(), amount: -3 }, 'amount', 'not_allowed_value'],
        [{ customer_id: jane.customerId, external_id: ref(), amount: 1.005 }, 'amount', 'invalid_value_format'],
        [{ customer_id: jane.customerId, external_id: ref(), amount: 90.01 }, 'amount', 'not_allowed_value'],
        [{ customer_id: 'ffffffffffffffffffffffffff', external_id: ref(), amount: 1 }, 'customer_id', 'not_found'],
        [{ external_id: ref(), amount: 1 }, 'customer_id', 'required'],
        [{ customer_id: jane.customerId, amount: 1 }, 'external_id', 'required'],
        [
          { customer_id: jane.customerId, external_id: ref(), amount: 1, expiration_time: '2020-01-01 00:00:00' },
          'expiration_time',
          'not_allowed_value',
        ],
        [
          { customer_id: jane.customerId, external_id: ref(), amount: 1, expiration_time: 'soon' },
          'expiration_time',
          'invalid_value_format',
        ],
        [{ customer_id: jane.customerId, external_id: ref(), amount: 1, quantity: 1 }, 'quantity', 'not_allowed_value'],
      ];
      const [{ count: before }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM point_reservations`);
      for (const [body, field, code] of cases) {
        const response = await ent('POST', '/point-reservations/actions/reserve-points', body);
        expect({ body, status: response.status }).toEqual({ body, status: 400 });
        expect({ body, param: reason(response) }).toEqual({ body, param: expect.objectContaining({ name: field, reason: code }) });
      }
      const [{ count: after }] = await t.dataSource.query(`SELECT count(*)::int AS count FROM point_reservations`);
      expect(after).toBe(before);
      // The one reservation of this order still holds its 10.
      expect(await spendable(jane.customerId)).toBe(90);
      expect((await ent('POST', '/point-reservations/actions/free-points', { external_id: order })).status).toBe(204);
      const again = await ent('POST', '/point-reservations/actions/free-points', { external_id: order });
      expect(reason(again)).toMatchObject({ name: 'external_id', reason: 'not_found' });
      const unknown = await ent('POST', '/point-reservations/actions/free-points', { external_id: ref() });
      expect(unknown.status).toBe(400);
      expect(reason(unknown)).toMatchObject({ name: 'external_id', reason: 'not_found' });
    });

    it('a cancellation takes back earned points even when they are held', async () => {
      const customer = await t.createCustomer();
      const [{ store_id: storeId }] = await t.dataSource.query(`SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1`);
      const [{ purchase_item_type_id: itemType }] = await t.dataSource.query(
        `SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`,
      );
      const [{ purchase_type_id: purchaseType }] = await t.dataSource.query(
        `SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`,
      );
      const [{ currency_id: currency }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
      const bill = (billId: string, canceled: boolean, billNumber?: string) => ({
        store_id: storeId,
        cashdesk_number: 1,
        customer_id: customer.customerId,
        bill: {
          bill_id: billId,
          ...(billNumber ? { bill_number: billNumber } : {}),
          payment_time: '2026-01-10 10:00:00',
          currency_id: currency,
          total_price: 40,
          purchase_type_id: purchaseType,
          canceled,
          payment_type: 'S',
          bill_items: [
            {
              plu_ids: [{ list_code: 'EAN', code: 'hold-tea' }],
              plu_name: 'Tea',
              vat_rate: 21,
              quantity: 1,
              paid_amount: 40,
              price: 40,
              bill_item_id: '1',
              loyalty_off: false,
              purchase_item_type_id: itemType,
            },
          ],
        },
      });
      const billId = ref();
      expect((await ent('POST', '/purchases/actions/send-purchase', bill(billId, false))).status).toBe(201);
      expect(await spendable(customer.customerId)).toBe(40);
      expect((await reserve(customer.customerId, ref(), 40)).status).toBe(204);
      expect((await ent('POST', '/purchases/actions/send-purchase', bill(ref(), true, billId))).status).toBe(201);
      const [{ balance }] = await t.dataSource.query(
        `SELECT coalesce(sum(available_points), 0)::text AS balance FROM points WHERE customer_id = $1`,
        [customer.customerId],
      );
      expect(balance).toBe('0.00');
      expect(await spendable(customer.customerId)).toBe(0);
    });
  });

  describe('GET /point-reservations and GET /point-reservations/{id}', () => {
    let janeOrders: string[];
    let maxOrder: string;

    beforeAll(async () => {
      janeOrders = [ref(), ref(), ref()];
      expect((await reserve(jane.customerId, janeOrders[0], 5, '2099-06-30 18:00:00')).status).toBe(204);
      expect((await reserve(jane.customerId, janeOrders[1], 7)).status).toBe(204);
      expect((await reserve(jane.customerId, janeOrders[2], 3)).status).toBe(204);
      expect((await ent('POST', '/point-reservations/actions/free-points', { external_id: janeOrders[2] })).status).toBe(204);
      maxOrder = ref();
      expect((await reserve(max.customerId, maxOrder, 20)).status).toBe(204);
    });

    it('lists every state with filters, sorting and paging, in the PointReservation shape', async () => {
      const all = await ent('GET', '/point-reservations', undefined, {
        customer_id: jane.customerId,
        sort_field: 'quantity',
        sort_direction: 'DESC',
      });
      expect(all.status).toBe(200);
      const mine = all.body.data.point_reservations.filter((r: any) => janeOrders.includes(r.external_id));
      expect(mine.map((r: any) => [r.external_id, r.quantity, r.state])).toEqual([
        [janeOrders[1], 7, 1],
        [janeOrders[0], 5, 1],
        [janeOrders[2], 3, 0],
      ]);
      expect(mine[1]).toEqual({
        points_reservation_id: expect.stringMatching(/^[0-9a-f]+$/),
        customer_id: jane.customerId,
        external_id: janeOrders[0],
        quantity: 5,
        state: 1,
        expiration: '2099-06-30 18:00:00',
      });
      expect(all.body.data.point_reservations.every((r: any) => r.customer_id === jane.customerId)).toBe(true);

      const page = await ent('GET', '/point-reservations', undefined, {
        customer_id: jane.customerId,
        count: '1',
        offset: '1',
        sort_field: 'quantity',
      });
      expect(page.body.data.total_items).toBe(all.body.data.total_items);
      expect(page.body.data.point_reservations).toHaveLength(1);
      const byExternal = await ent('GET', '/point-reservations', undefined, { external_id: maxOrder });
      expect(byExternal.body.data).toEqual({
        point_reservations: [expect.objectContaining({ customer_id: max.customerId, quantity: 20 })],
        total_items: 1,
      });
      const badSort = await ent('GET', '/point-reservations', undefined, { sort_field: 'amount' });
      expect(badSort.status).toBe(400);
    });

    it('shows one reservation; an unknown id is 404', async () => {
      const [row] = await reservationRow(janeOrders[0]);
      const one = await ent('GET', `/point-reservations/${row.point_reservation_id}`);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ points_reservation_id: row.point_reservation_id, external_id: janeOrders[0], state: 1 });
      expect((await ent('GET', '/point-reservations/ffffffffffffffffffffffffff')).status).toBe(404);
    });

    it('limits the Customer interface to the logged-in customer', async () => {
      const list = await asJane('GET', '/point-reservations');
      expect(list.status).toBe(200);
      expect(list.body.data.point_reservations.length).toBeGreaterThanOrEqual(3);
      expect(list.body.data.point_reservations.every((r: any) => r.customer_id === jane.customerId)).toBe(true);
      const foreignFilter = await asJane('GET', '/point-reservations', undefined, { customer_id: max.customerId });
      expect(foreignFilter.status).toBe(400);
      expect(reason(foreignFilter)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      const [maxRow] = await reservationRow(maxOrder);
      expect((await asJane('GET', `/point-reservations/${maxRow.point_reservation_id}`)).status).toBe(404);
      const [janeRow] = await reservationRow(janeOrders[0]);
      expect((await asJane('GET', `/point-reservations/${janeRow.point_reservation_id}`)).status).toBe(200);

      const anonymous = await t.customer('GET', '/point-reservations', { token: anonymousDevice });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    });

    it('lets a customer reserve and free their own points only', async () => {
      const order = ref();
      expect((await asJane('POST', '/point-reservations/actions/reserve-points', { external_id: order, amount: 1 })).status).toBe(204);
      expect((await reservationRow(order))[0].customer_id).toBe(jane.customerId);
      const foreign = await asJane('POST', '/point-reservations/actions/reserve-points', {
        customer_id: max.customerId,
        external_id: ref(),
        amount: 1,
      });
      expect(foreign.status).toBe(400);
      expect(reason(foreign)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      const freeForeign = await asJane('POST', '/point-reservations/actions/free-points', { external_id: maxOrder });
      expect(freeForeign.status).toBe(400);
      expect(reason(freeForeign)).toMatchObject({ name: 'external_id', reason: 'not_belong_to_logged_in_customer' });
      expect((await reservationRow(maxOrder))[0].state).toBe(1);
      expect((await asJane('POST', '/point-reservations/actions/free-points', { external_id: order })).status).toBe(204);
      expect((await reservationRow(order))[0].state).toBe(0);
      const anonymous = await t.customer('POST', '/point-reservations/actions/free-points', {
        token: anonymousDevice,
        body: { external_id: maxOrder },
      });
      expect(anonymous.status).toBe(403);
    });
  });
});
