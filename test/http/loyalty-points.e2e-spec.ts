import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('Loyalty points and credits (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let partnerId: string;
  let pointTypeId: string;

  const ent = (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    options: { query?: Record<string, string | string[]>; body?: unknown } = {},
  ): Promise<TestResponse> => t.enterprise(method, path, { token, ...options });
  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const assign = (customerId: string, amount: number, note?: string) =>
    ent('POST', '/points/actions/assign-points', { body: { customer_id: customerId, partner_id: partnerId, amount, note } });
  const reduce = (customerId: string, amount: number, note?: string) =>
    ent('POST', '/points/actions/reduce-points', { body: { customer_id: customerId, partner_id: partnerId, amount, note } });
  const history = async (customerId: string) =>
    (await ent('GET', '/point-history', { query: { customer_id: customerId, count: '1000' } })).body.data.point_history as {
      point_amount: number;
      point_operation_type: string;
      point_operation_note?: string;
    }[];
  const balance = async (customerId: string): Promise<number> => {
    const rows: { total: string }[] = await t.dataSource.query(
      `SELECT coalesce(sum(available_points), 0)::text AS total FROM points WHERE customer_id = $1 AND (valid_to IS NULL OR valid_to > now())`,
      [customerId],
    );
    return Number(rows[0].total);
  };
  const sum = (values: number[]) => Math.round(values.reduce((a, b) => a + b, 0) * 100) / 100 + 0;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    await t.grantOperations(await t.enterpriseApplicationId(), [
      'POST /credits/actions/deposit-credits',
      'POST /credits/actions/reduce-credits',
      'POST /credits/actions/transfer-credits',
    ]);
    partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners WHERE name = 'Default partner'`))[0].partner_id;
    pointTypeId = (await ent('GET', '/point-types')).body.data.point_types[0].point_type_id;
  });

  afterAll(() => t.close());

  describe('point types', () => {
    it('lists the default point type on both interfaces and reads one', async () => {
      const list = await ent('GET', '/point-types');
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual({
        point_types: [{ point_type_id: pointTypeId, name: 'Loyalty points', last_change: expect.stringMatching(DATE_TIME) }],
        total_items: 1,
      });
      const customerSide = await t.customer('GET', `/point-types/${pointTypeId}`, { token: await t.deviceToken() });
      expect(customerSide.body.data.point_type_id).toBe(pointTypeId);
      expect((await ent('GET', '/point-types/nope')).status).toBe(404);
    });
  });

  describe('assign and reduce', () => {
    let customer: TestCustomer;
    beforeAll(async () => {
      customer = await t.createCustomer();
    });

    it('assigns points as a collection record with history', async () => {
      const created = await assign(customer.customerId, 100, 'Welcome bonus');
      expect(created.status).toBe(201);
      const pointId = created.body.data.point_id;
      const record = await ent('GET', `/points/${pointId}`);
      expect(record.body.data).toEqual({
        point_id: pointId,
        customer_id: customer.customerId,
        assigned_points: 100,
        available_points: 100,
        point_type_id: pointTypeId,
        partner_id: partnerId,
        state: 1,
        created_at: expect.stringMatching(DATE_TIME),
        note: 'Welcome bonus',
      });
      const movements = await history(customer.customerId);
      expect(movements).toEqual([
        expect.objectContaining({
          customer_id: customer.customerId,
          point_amount: 100,
          point_operation_type: 'Points addition',
          point_operation_note: 'Welcome bonus',
          point_type_id: pointTypeId,
          partner_id: partnerId,
        }),
      ]);
    });

    it('reduces the oldest points first and never below zero', async () => {
      const second = (await assign(customer.customerId, 50.5)).body.data.point_id;
      const reduced = await reduce(customer.customerId, 120.25, 'Paid with points');
      expect(reduced.status).toBe(201);
      const points = (await ent('GET', '/points', { query: { customer_id: customer.customerId, sort_field: 'created_at' } })).body.data
        .points;
      expect(points.map((p: { assigned_points: number; available_points: number }) => [p.assigned_points, p.available_points])).toEqual([
        [100, 0],
        [50.5, 30.25],
        [-120.25, 0],
      ]);
      expect(points[1].point_id).toBe(second);
      const short = await reduce(customer.customerId, 30.26);
      expect(short.status).toBe(400);
      expect(invalidParam(short)).toMatchObject({ name: 'amount', reason: 'not_enough_points_for_payment', value: '30.26' });
      expect(await balance(customer.customerId)).toBe(30.25);
      expect(sum((await history(customer.customerId)).map((m) => m.point_amount))).toBe(30.25);
    });

    it('refuses bad amounts, customers, partners and point types with nothing written', async () => {
      const before = (await history(customer.customerId)).length;
      for (const amount of [0, -1, 1.234]) {
        const bad = await assign(customer.customerId, amount);
        expect(bad.status).toBe(400);
        expect(invalidParam(bad)).toMatchObject({ name: 'amount', reason: 'invalid_value_format' });
      }
      const missing = await ent('POST', '/points/actions/assign-points', { body: { customer_id: customer.customerId, amount: 5 } });
      expect(invalidParam(missing)).toMatchObject({ name: 'partner_id', reason: 'required' });
      const unknownCustomer = await assign('0'.repeat(32), 5);
      expect(invalidParam(unknownCustomer)).toMatchObject({ name: 'customer_id', reason: 'not_found' });
      const unknownPartner = await ent('POST', '/points/actions/assign-points', {
        body: { customer_id: customer.customerId, partner_id: 'nope', amount: 5 },
      });
      expect(invalidParam(unknownPartner)).toMatchObject({ name: 'partner_id', reason: 'not_found' });
      const unknownType = await ent('POST', '/points/actions/reduce-points', {
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 5, point_type_id: 'nope' },
      });
      expect(invalidParam(unknownType)).toMatchObject({ name: 'point_type_id', reason: 'not_found' });
      const extra = await ent('POST', '/points/actions/assign-points', {
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 5, bonus: true },
      });
      expect(invalidParam(extra)).toMatchObject({ name: 'bonus', reason: 'not_allowed_value' });
      expect((await history(customer.customerId)).length).toBe(before);
    });

    it('is offered on the Enterprise interface only', async () => {
      const device = await t.deviceToken(customer);
      const response = await t.customer('POST', '/points/actions/assign-points', {
        token: device,
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 5 },
      });
      expect(response.status).toBe(403);
      expect(response.body.error.type).toBe('interface_not_allowed_exception');
    });
  });

  describe('transfer and synchronize', () => {
    it('moves points atomically: both sides or neither', async () => {
      const giver = await t.createCustomer();
      const receiver = await t.createCustomer();
      await assign(giver.customerId, 80);
      const body = {
        original_customer_id: giver.customerId,
        new_customer_id: receiver.customerId,
        amount: 30,
        point_type_id: pointTypeId,
        note: 'Gift',
      };
      expect((await ent('POST', '/points/actions/transfer-points', { body })).status).toBe(204);
      expect(await balance(giver.customerId)).toBe(50);
      expect(await balance(receiver.customerId)).toBe(30);
      const tooMuch = await ent('POST', '/points/actions/transfer-points', { body: { ...body, amount: 51 } });
      expect(invalidParam(tooMuch)).toMatchObject({ name: 'amount', reason: 'not_enough_points_for_payment' });
      const unknownReceiver = await ent('POST', '/points/actions/transfer-points', { body: { ...body, new_customer_id: '0'.repeat(32) } });
      expect(invalidParam(unknownReceiver)).toMatchObject({ name: 'new_customer_id', reason: 'not_found' });
      const self = await ent('POST', '/points/actions/transfer-points', { body: { ...body, new_customer_id: giver.customerId } });
      expect(invalidParam(self)).toMatchObject({ name: 'new_customer_id', reason: 'not_allowed_value' });
      expect(await balance(giver.customerId)).toBe(50);
      expect(await balance(receiver.customerId)).toBe(30);
      expect((await history(receiver.customerId)).map((m) => [m.point_amount, m.point_operation_type, m.point_operation_note])).toEqual([
        [30, 'Points transfer in', 'Gift'],
      ]);
    });

    it('lets a logged-in customer transfer only their own points', async () => {
      const giver = await t.createCustomer();
      const other = await t.createCustomer();
      await assign(giver.customerId, 10);
      const device = await t.deviceToken(giver);
      const foreign = await t.customer('POST', '/points/actions/transfer-points', {
        token: device,
        body: { original_customer_id: other.customerId, new_customer_id: giver.customerId, amount: 1, point_type_id: pointTypeId },
      });
      expect(invalidParam(foreign)).toMatchObject({ name: 'original_customer_id', reason: 'not_belong_to_logged_in_customer' });
      const own = await t.customer('POST', '/points/actions/transfer-points', {
        token: device,
        body: { original_customer_id: giver.customerId, new_customer_id: other.customerId, amount: 4, point_type_id: pointTypeId },
      });
      expect(own.status).toBe(204);
      expect(await balance(other.customerId)).toBe(4);
      const anonymous = await t.customer('POST', '/points/actions/transfer-points', {
        token: await t.deviceToken(),
        body: { original_customer_id: giver.customerId, new_customer_id: other.customerId, amount: 1, point_type_id: pointTypeId },
      });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    });

    it('synchronizes a balance up and down, recording the difference as one movement', async () => {
      const customer = await t.createCustomer();
      await assign(customer.customerId, 40);
      const sync = (amount: number) =>
        ent('POST', '/points/actions/synchronize-points', { body: { customer_id: customer.customerId, amount, note: 'POS sync' } });
      expect((await sync(100)).status).toBe(204);
      expect(await balance(customer.customerId)).toBe(100);
      expect((await sync(25)).status).toBe(204);
      expect(await balance(customer.customerId)).toBe(25);
      expect((await sync(25)).status).toBe(204);
      const movements = await history(customer.customerId);
      expect(movements.map((m) => [m.point_amount, m.point_operation_type])).toEqual([
        [40, 'Points addition'],
        [60, 'Points synchronization'],
        [-75, 'Points synchronization'],
      ]);
      expect(invalidParam(await sync(-1))).toMatchObject({ name: 'amount', reason: 'invalid_value_format' });
    });
  });

  describe('lists and history', () => {
    it('filters points and history, and scopes the Customer interface to the logged-in customer', async () => {
      const customer = await t.createCustomer();
      const other = await t.createCustomer();
      await assign(customer.customerId, 10, 'first');
      await reduce(customer.customerId, 3, 'coffee');
      await assign(other.customerId, 7);
      const device = await t.deviceToken(customer);

      const mine = await t.customer('GET', '/points', { token: device });
      expect(mine.body.data.total_items).toBe(2);
      const foreign = await t.customer('GET', '/points', { token: device, query: { customer_id: other.customerId } });
      expect(invalidParam(foreign)).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      const otherPointId = (await ent('GET', '/points', { query: { customer_id: other.customerId } })).body.data.points[0].point_id;
      expect((await t.customer('GET', `/points/${otherPointId}`, { token: device })).status).toBe(404);

      const sub = await t.customer('GET', `/customers/${customer.customerId}/points`, {
        token: device,
        query: { point_type_id: pointTypeId },
      });
      expect(sub.status).toBe(200);
      expect(sub.body.data.total_items).toBe(2);
      expect((await t.customer('GET', `/customers/${other.customerId}/points`, { token: device })).status).toBe(400);
      expect((await ent('GET', `/customers/${'0'.repeat(32)}/points`)).status).toBe(404);
      expect((await ent('GET', `/customers/${other.customerId}/points`)).body.data.points).toHaveLength(1);

      const future = await ent('GET', '/points', {
        query: { customer_id: customer.customerId, create_point_time_from: '2999-01-01 00:00:00' },
      });
      expect(future.body.data.total_items).toBe(0);
      const badTime = await ent('GET', '/points', { query: { create_point_time_from: 'yesterday' } });
      expect(invalidParam(badTime)).toMatchObject({ name: 'create_point_time_from', reason: 'invalid_value_format' });

      const reductions = await t.customer('GET', '/point-history', {
        token: device,
        query: { customer_id: customer.customerId, point_operation_type: 'reduct' },
      });
      expect(reductions.body.data.point_history).toEqual([
        expect.objectContaining({
          point_amount: -3,
          point_operation_note: 'coffee',
          point_history_record_time: expect.stringMatching(DATE_TIME),
          extended_data: expect.any(String),
        }),
      ]);
      expect(JSON.parse(reductions.body.data.point_history[0].extended_data).spent_from).toEqual([
        { point_id: expect.any(String), points: 3 },
      ]);
      const byNote = await ent('GET', '/point-history', { query: { customer_id: customer.customerId, point_operation_note: 'FIRST' } });
      expect(byNote.body.data.total_items).toBe(1);
      const noCustomer = await ent('GET', '/point-history');
      expect(invalidParam(noCustomer)).toMatchObject({ name: 'customer_id', reason: 'required' });
    });
  });

  describe('concurrency', () => {
    it('never spends a point twice: 50 concurrent reductions against one customer', async () => {
      const customer = await t.createCustomer();
      await assign(customer.customerId, 100);
      await assign(customer.customerId, 150);
      const responses = await Promise.all(Array.from({ length: 50 }, () => reduce(customer.customerId, 7)));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s !== 201 && s !== 400)).toEqual([]);
      const succeeded = statuses.filter((s) => s === 201).length;
      // 250 points cover 35 reductions of 7; the rest must be refused.
      expect(succeeded).toBe(35);
      expect(await balance(customer.customerId)).toBe(5);
      const negative: unknown[] = await t.dataSource.query(`SELECT 1 FROM points WHERE customer_id = $1 AND available_points < 0`, [
        customer.customerId,
      ]);
      expect(negative).toEqual([]);
      expect(sum((await history(customer.customerId)).map((m) => m.point_amount))).toBe(5);
    });
  });

  describe('credits', () => {
    let creditTypeId: string;
    let eurId: string;
    beforeAll(async () => {
      const types = await ent('GET', '/credit-types');
      creditTypeId = types.body.data.credit_types[0].credit_type_id;
      eurId = (await ent('GET', '/currencies', { query: { currency_code: 'EUR' } })).body.data.currencies[0].currency_id;
    });

    it('has a default credit type', async () => {
      const one = await ent('GET', `/credit-types/${creditTypeId}`);
      expect(one.body.data).toEqual({ credit_type_id: creditTypeId, name: 'Credits', last_change: expect.stringMatching(DATE_TIME) });
      expect((await ent('GET', '/credit-types/nope')).status).toBe(404);
    });

    it('deposits, reduces and transfers money exactly, never below zero', async () => {
      const customer = await t.createCustomer();
      const receiver = await t.createCustomer();
      const deposit = await ent('POST', '/credits/actions/deposit-credits', {
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 10.1, note: 'Refund' },
      });
      expect(deposit.status).toBe(201);
      await ent('POST', '/credits/actions/deposit-credits', {
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 0.2, currency_id: eurId },
      });
      const record = await ent('GET', `/credits/${deposit.body.data.credit_id}`);
      expect(record.body.data).toEqual({
        credit_id: deposit.body.data.credit_id,
        customer_id: customer.customerId,
        assigned_credits: 10.1,
        available_credits: 10.1,
        credit_type_id: creditTypeId,
        partner_id: partnerId,
        currency_id: eurId,
        state: 1,
        note: 'Refund',
      });
      const reduced = await ent('POST', '/credits/actions/reduce-credits', {
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 10.25 },
      });
      expect(reduced.status).toBe(201);
      const short = await ent('POST', '/credits/actions/reduce-credits', {
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 0.06 },
      });
      expect(invalidParam(short)).toMatchObject({ name: 'amount', reason: 'not_enough_credits' });
      const cents = await ent('POST', '/credits/actions/deposit-credits', {
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 0.001 },
      });
      expect(invalidParam(cents)).toMatchObject({ name: 'amount', reason: 'invalid_value_format' });
      const transfer = await ent('POST', '/credits/actions/transfer-credits', {
        body: {
          original_customer_id: customer.customerId,
          new_customer_id: receiver.customerId,
          amount: 0.05,
          credit_type_id: creditTypeId,
        },
      });
      expect(transfer.status).toBe(204);
      const list = await ent('GET', '/credits', { query: { customer_id: customer.customerId, 'credit_type_id[]': [creditTypeId] } });
      expect(list.body.data.credits.map((c: { assigned_credits: number }) => c.assigned_credits).sort()).toEqual([
        -0.05, -10.25, 0.2, 10.1,
      ]);
      const creditHistory = await ent('GET', '/credit-history', { query: { customer_id: customer.customerId } });
      expect(
        creditHistory.body.data.credit_history.map((h: { amount: number; credit_operation_type: string }) => [
          h.amount,
          h.credit_operation_type,
        ]),
      ).toEqual([
        [10.1, 'Credits deposit'],
        [0.2, 'Credits deposit'],
        [-10.25, 'Credits reduction'],
        [-0.05, 'Credits transfer out'],
      ]);
      expect(sum(creditHistory.body.data.credit_history.map((h: { amount: number }) => h.amount))).toBe(0);
      const received = await ent('GET', '/credit-history', {
        query: { customer_id: receiver.customerId, credit_operation_type: 'transfer in' },
      });
      expect(received.body.data.credit_history).toEqual([
        expect.objectContaining({ amount: 0.05, currency_id: eurId, credit_history_record_time: expect.stringMatching(DATE_TIME) }),
      ]);
    });

    it('shows a customer their own credits only, and keeps the actions off the Customer interface', async () => {
      const customer = await t.createCustomer();
      await ent('POST', '/credits/actions/deposit-credits', {
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 3 },
      });
      const device = await t.deviceToken(customer);
      expect((await t.customer('GET', '/credits', { token: device })).body.data.total_items).toBe(1);
      expect(
        (await t.customer('GET', '/credit-history', { token: device, query: { customer_id: customer.customerId } })).body.data.total_items,
      ).toBe(1);
      const action = await t.customer('POST', '/credits/actions/deposit-credits', {
        token: device,
        body: { customer_id: customer.customerId, partner_id: partnerId, amount: 3 },
      });
      expect(action.status).toBe(403);
    });

    it('answers 403 operation_not_allowed_exception when a project switches credit actions off', async () => {
      const app = await TestApp.create({ TESSERA_DISABLED_OPERATIONS: 'POST /credits/actions/deposit-credits' });
      try {
        const customer = await app.createCustomer();
        const response = await app.enterprise('POST', '/credits/actions/deposit-credits', {
          token: await app.enterpriseToken(),
          body: { customer_id: customer.customerId, partner_id: partnerId, amount: 3 },
        });
        expect(response.status).toBe(403);
        expect(response.body.error.type).toBe('operation_not_allowed_exception');
      } finally {
        await app.close();
      }
    });
  });
});
