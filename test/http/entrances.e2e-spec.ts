import { EntranceService, EntranceState } from '../../src/modules/entrances';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

/** A day relative to today (UTC, the test server's time zone), as `YYYY-MM-DD`. */
const day = (offset: number): string => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('Charged entrances (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let idle: TestCustomer;
  let janeDevice: string;
  let anonymousDevice: string;
  let janeCard: string;
  let maxCard: string;

  const ent = (path: string, query?: Record<string, string>): Promise<TestResponse> => t.enterprise('GET', path, { token, query });
  const asJane = (path: string, query?: Record<string, string>): Promise<TestResponse> =>
    t.customer('GET', path, { token: janeDevice, query });
  const ids = (response: TestResponse): string[] => response.body.data.entrances.map((e: { entrance_id: string }) => e.entrance_id);
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const cardOf = async (customer: TestCustomer): Promise<string> =>
    (await t.dataSource.query(`SELECT card_id FROM cards WHERE customer_id = $1 LIMIT 1`, [customer.customerId]))[0].card_id;
  const put = (entranceId: string, entrance: Record<string, unknown>, device?: string): Promise<TestResponse> =>
    device
      ? t.customer('PUT', `/entrances/${entranceId}`, { token: device, body: { entrance } })
      : t.enterprise('PUT', `/entrances/${entranceId}`, { token, body: { entrance } });
  const row = async (entranceId: string) =>
    (await t.dataSource.query(`SELECT * FROM entrances WHERE entrance_id = $1`, [entranceId]))[0] as Record<string, unknown>;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [jane, max, idle] = [await t.createCustomer(), await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    anonymousDevice = await t.deviceToken();
    [janeCard, maxCard] = [await cardOf(jane), await cardOf(max)];
    await t.service(EntranceService).import([
      {
        entranceId: 'season-1',
        posId: 3,
        cardId: janeCard,
        name: 'Season Pass Alps',
        resortName: 'Alps',
        customerCategoryName: 'adult',
        externalOrderId: 'EO-1',
        externalEntranceId: 'EE-1',
        externalTurnstilePermissionId: 'TP-1',
        entranceTypeId: 0,
        orderItemId: 'OI-1',
        productId: 'P-SEASON',
        chargedPrice: 499.9,
        chargeDate: new Date('2024-01-10T09:00:00Z'),
        validFrom: '2024-01-01',
        validTo: day(10),
        state: EntranceState.Active,
        createdAt: new Date('2024-01-10T09:00:00Z'),
        usages: [
          { date: '2024-01-15', distance: 10.5, elevation: 1000, achievementTextId: 'bronze' },
          { date: '2024-01-20', distance: 4, elevation: 500, achievementTextId: 'silver' },
        ],
      },
      {
        entranceId: 'day-1',
        posId: 6,
        cardId: janeCard,
        name: 'One day Tatras',
        resortName: 'Tatras',
        customerCategoryName: 'child',
        entranceTypeId: 1,
        validFrom: '2024-01-20',
        validTo: '2024-01-20',
        state: EntranceState.Cancelled,
        createdAt: new Date('2024-01-20T08:00:00Z'),
        cancelledAt: new Date('2024-02-01T12:00:00Z'),
        usages: [{ date: '2024-01-20', distance: 1, elevation: 0 }],
      },
      {
        entranceId: 'multi-1',
        posId: 3,
        cardId: maxCard,
        name: 'Three days Alps',
        resortName: 'Alps',
        entranceTypeId: 2,
        validFrom: '2024-03-01',
        validTo: '2024-03-03',
        state: EntranceState.Active,
        createdAt: new Date('2024-02-15T08:00:00Z'),
      },
    ]);
  });

  afterAll(() => t.close());

  describe('GET /entrances', () => {
    it('lists every entrance oldest first, in the Entrance shape, and pages', async () => {
      const list = await ent('/entrances');
      expect(list.status).toBe(200);
      expect(ids(list)).toEqual(['season-1', 'day-1', 'multi-1']);
      expect(list.body.data.total_items).toBe(3);
      expect(list.body.data.entrances[0]).toEqual({
        entrance_id: 'season-1',
        pos_id: 3,
        name: 'Season Pass Alps',
        customer_id: jane.customerId,
        resort_name: 'Alps',
        customer_category_name: 'adult',
        external_order_id: 'EO-1',
        external_entrance_id: 'EE-1',
        external_turnstile_permission_id: 'TP-1',
        entrance_type_id: 0,
        order_item_id: 'OI-1',
        card_id: janeCard,
        created_at: '2024-01-10 09:00:00',
        charged_price: 499.9,
        product_ids: 'P-SEASON',
        charge_date: '2024-01-10 09:00:00',
        valid_from: '2024-01-01',
        valid_to: day(10),
        last_change: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        state: 1,
      });
      expect(list.body.data.entrances[1]).toMatchObject({ state: 0, cancelled_at: '2024-02-01 12:00:00' });
      const page = await ent('/entrances', { sort_field: 'entrance_id', sort_direction: 'DESC', count: '1', offset: '1' });
      expect(ids(page)).toEqual(['multi-1']);
      expect(page.body.data.total_items).toBe(3);
    });

    it.each([
      [{ pos_id: '6' }, ['day-1']],
      [{ external_order_id: 'EO-1' }, ['season-1']],
      [{ name: 'alps' }, ['season-1', 'multi-1']],
      [{ resort_name: 'Tatras' }, ['day-1']],
      [{ customer_category_name: 'adult' }, ['season-1']],
      [{ entrance_type_id: '2' }, ['multi-1']],
      [{ state: '0' }, ['day-1']],
      [{ state: '1' }, ['season-1', 'multi-1']],
      [{ external_entrance_id: 'EE-1' }, ['season-1']],
      [{ is_valid: 'true' }, ['season-1']],
      [{ is_valid: 'false' }, ['day-1', 'multi-1']],
      [{ is_cancelled: 'true' }, ['day-1']],
      [{ is_cancelled: 'false' }, ['season-1', 'multi-1']],
      [{ valid_from: '2024-03-02', valid_to: '2024-03-10' }, ['season-1', 'multi-1']],
      [{ valid_to: '2023-12-31' }, []],
      [{ valid_from: '2024-01-20', valid_to: '2024-01-20' }, ['season-1', 'day-1']],
      [{ product_id: 'P-SEASON' }, ['season-1']],
      [{ external_turnstile_permission_id: 'TP-1' }, ['season-1']],
      [{ order_item_id: 'OI-1' }, ['season-1']],
    ])('filters by %j', async (query, expected) => {
      const list = await ent('/entrances', query);
      expect(list.status).toBe(200);
      expect(ids(list)).toEqual(expected);
      expect(list.body.data.total_items).toBe(expected.length);
    });

    it('filters by card and by customer', async () => {
      expect(ids(await ent('/entrances', { card_id: maxCard }))).toEqual(['multi-1']);
      expect(ids(await ent('/entrances', { customer_id: jane.customerId }))).toEqual(['season-1', 'day-1']);
    });

    it('refuses bad filter values', async () => {
      const queries: Record<string, string>[] = [{ pos_id: '4' }, { is_valid: 'maybe' }, { valid_from: '2024-13-01' }, { state: '2' }];
      for (const query of queries) {
        const response = await ent('/entrances', query);
        expect(response.status).toBe(400);
        expect(invalidParams(response)[0].name).toBe(Object.keys(query)[0]);
      }
    });

    it("shows the logged-in customer's entrances only on the Customer interface", async () => {
      expect(ids(await asJane('/entrances'))).toEqual(['season-1', 'day-1']);
      expect(ids(await asJane('/entrances', { resort_name: 'Alps' }))).toEqual(['season-1']);
      const foreign = await asJane('/entrances', { customer_id: max.customerId });
      expect(foreign.status).toBe(400);
      expect(invalidParams(foreign)).toEqual([
        expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }),
      ]);
      expect((await t.customer('GET', '/entrances', { token: anonymousDevice })).status).toBe(403);
    });
  });

  describe('GET /entrances/{entrance_id}', () => {
    it('answers one entrance, and 404 for an unknown one or another customer’s on the Customer interface', async () => {
      const one = await ent('/entrances/multi-1');
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ entrance_id: 'multi-1', customer_id: max.customerId, card_id: maxCard, entrance_type_id: 2 });
      expect((await asJane('/entrances/season-1')).body.data.entrance_id).toBe('season-1');
      expect((await asJane('/entrances/multi-1')).status).toBe(404);
      expect((await ent('/entrances/nope')).status).toBe(404);
    });
  });

  describe('GET /entrances/actions/overview', () => {
    it.each([
      [{}, { active_entrances: 2, canceled_entrances: 1, deactivated_entrances: 0, sold_entrances: 3 }],
      [
        { valid_from: '2024-01-01', valid_to: '2024-01-31' },
        { active_entrances: 1, canceled_entrances: 0, deactivated_entrances: 0, sold_entrances: 2 },
      ],
      [
        { valid_from: '2024-02-01', valid_to: '2024-03-31' },
        { active_entrances: 2, canceled_entrances: 1, deactivated_entrances: 0, sold_entrances: 1 },
      ],
      [
        { valid_from: '2024-02-01', valid_to: '2024-03-31', pos_id: '6' },
        { active_entrances: 0, canceled_entrances: 1, deactivated_entrances: 0, sold_entrances: 0 },
      ],
      [{ valid_from: '2030-01-01' }, { active_entrances: 0, canceled_entrances: 0, deactivated_entrances: 0, sold_entrances: 0 }],
    ])('counts for %j on both interfaces', async (query, expected) => {
      const enterprise = await ent('/entrances/actions/overview', query);
      expect(enterprise.status).toBe(200);
      expect(enterprise.body.data).toEqual(expected);
      expect((await asJane('/entrances/actions/overview', query)).body.data).toEqual(expected);
    });

    it('refuses a malformed day', async () => {
      const response = await ent('/entrances/actions/overview', { valid_to: '31.01.2024' });
      expect(response.status).toBe(400);
      expect(invalidParams(response)).toEqual([expect.objectContaining({ name: 'valid_to' })]);
    });
  });

  describe('GET /entrances/actions/customer-stats', () => {
    const janeStats = { distance: 15.5, elevation: 1500, skier_days: 2, ski_achievement_text_id: 'silver' };

    it('sums the imported usage days of the customer', async () => {
      const stats = await ent('/entrances/actions/customer-stats', { customer_id: jane.customerId });
      expect(stats.status).toBe(200);
      expect(stats.body.data).toEqual(janeStats);
      expect((await ent('/entrances/actions/customer-stats', { customer_id: idle.customerId })).body.data).toEqual({
        distance: 0,
        elevation: 0,
        skier_days: 0,
      });
    });

    it('needs the customer on the Enterprise interface, and a known one', async () => {
      const missing = await ent('/entrances/actions/customer-stats');
      expect(missing.status).toBe(400);
      expect(invalidParams(missing)).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'required' })]);
      const unknown = await ent('/entrances/actions/customer-stats', { customer_id: 'f'.repeat(32) });
      expect(invalidParams(unknown)).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'not_found' })]);
    });

    it('takes the logged-in customer on the Customer interface', async () => {
      expect((await asJane('/entrances/actions/customer-stats')).body.data).toEqual(janeStats);
      const foreign = await asJane('/entrances/actions/customer-stats', { customer_id: max.customerId });
      expect(invalidParams(foreign)).toEqual([
        expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }),
      ]);
      expect((await t.customer('GET', '/entrances/actions/customer-stats', { token: anonymousDevice })).status).toBe(403);
    });
  });

  describe('PUT /entrances/{entrance_id}', () => {
    it('writes the point of sale and ticket type, ignoring read-only fields', async () => {
      const response = await put('multi-1', {
        entrance_id: 'multi-1',
        pos_id: 9,
        entrance_type_id: 1,
        state: 1,
        name: 'Renamed',
        card_id: 'x',
      });
      expect(response.status).toBe(204);
      expect(await row('multi-1')).toMatchObject({ pos_id: 9, entrance_type_id: 1, state: 1, name: 'Three days Alps', card_id: maxCard });
      expect((await put('multi-1', { entrance_id: 'multi-1', pos_id: 9, state: 1 })).status).toBe(204);
      expect((await row('multi-1')).entrance_type_id).toBeNull();
    });

    it('deactivates an entrance with its event, counts it as deactivated, and refuses to make it active again', async () => {
      const response = await put('multi-1', { entrance_id: 'multi-1', pos_id: 9, state: 0 });
      expect(response.status).toBe(204);
      const stored = await row('multi-1');
      expect(stored.state).toBe(0);
      expect(stored.cancelled_at).toBeInstanceOf(Date);
      expect(stored.deactivated_at).toEqual(stored.cancelled_at);
      const events = await t.dataSource.query(
        `SELECT t.text_id AS type, e.customer_id FROM customer_events e JOIN event_types t USING (event_type_id) WHERE e.external_id = 'multi-1'`,
      );
      expect(events).toEqual([{ type: 'entrance_deactivation', customer_id: max.customerId }]);
      expect((await ent('/entrances/actions/overview', { valid_from: day(0), valid_to: day(0) })).body.data).toEqual({
        active_entrances: 1,
        canceled_entrances: 0,
        deactivated_entrances: 1,
        sold_entrances: 0,
      });

      const again = await put('multi-1', { entrance_id: 'multi-1', pos_id: 9, state: 1 });
      expect(again.status).toBe(400);
      expect(invalidParams(again)).toEqual([expect.objectContaining({ name: 'entrance.state', reason: 'not_allowed_value' })]);
      expect((await row('multi-1')).state).toBe(0);
      // Sending the current state again changes nothing and writes no second event.
      expect((await put('multi-1', { entrance_id: 'multi-1', pos_id: 9, state: 0 })).status).toBe(204);
      expect((await row('multi-1')).deactivated_at).toEqual(stored.deactivated_at);
    });

    it('refuses a different id, bad values and unknown fields, changing nothing', async () => {
      const before = await row('season-1');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ entrance_id: 'day-1', pos_id: 3, state: 1 }, 'entrance.entrance_id', 'not_allowed_value'],
        [{ entrance_id: 'season-1', pos_id: 4, state: 1 }, 'entrance.pos_id', 'not_allowed_value'],
        [{ entrance_id: 'season-1', state: 1 }, 'entrance.pos_id', 'required'],
        [{ entrance_id: 'season-1', pos_id: 3, state: 1, colour: 'red' }, 'entrance.colour', 'not_allowed_value'],
      ];
      for (const [entrance, name, reason] of cases) {
        const response = await put('season-1', entrance);
        expect(response.status).toBe(400);
        expect(invalidParams(response)).toEqual([expect.objectContaining({ name, reason })]);
      }
      expect(await row('season-1')).toEqual(before);
      expect((await put('nope', { entrance_id: 'nope', pos_id: 3, state: 1 })).status).toBe(404);
    });

    it('lets the customer change their own entrance only on the Customer interface', async () => {
      expect((await put('season-1', { entrance_id: 'season-1', pos_id: 11, entrance_type_id: 0, state: 1 }, janeDevice)).status).toBe(204);
      expect((await row('season-1')).pos_id).toBe(11);
      expect((await put('multi-1', { entrance_id: 'multi-1', pos_id: 3, state: 0 }, janeDevice)).status).toBe(404);
      expect((await put('season-1', { entrance_id: 'season-1', pos_id: 3, state: 1 }, anonymousDevice)).status).toBe(403);
    });
  });
});
