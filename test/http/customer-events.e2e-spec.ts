import { TestApp, TestCustomer, TestResponse } from '../support/test-app';
import { writeOutboxEvent } from '../../src/platform/outbox';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;

describe('Customer events (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  const types: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const ent = (path: string, query?: Record<string, string | string[]>): Promise<TestResponse> =>
    t.enterprise('GET', path, { token, query });
  const eventIds = (response: TestResponse) => response.body.data.customer_events.map((event: { event_id: string }) => event.event_id);
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    for (const row of await t.dataSource.query(`SELECT event_type_id, text_id FROM event_types`)) types[row.text_id] = row.event_type_id;
    // Written as the purchase closure will write them: inside its transaction.
    await t.dataSource.transaction(async (manager) => {
      ids.bought = await writeOutboxEvent(manager, {
        type: 'purchase',
        customerId: jane.customerId,
        externalId: 'bill-1',
        data: { total_price: 120.5, items: ['coffee'] },
      });
      ids.canceled = await writeOutboxEvent(manager, {
        type: 'purchase_cancellation',
        customerId: jane.customerId,
        externalId: 'bill-1-cancel',
        secondaryExternalId: 'bill-1',
        data: { canceled_purchase: 'bill-1' },
      });
      ids.other = await writeOutboxEvent(manager, { type: 'purchase', customerId: max.customerId, externalId: 'bill-2', data: {} });
    });
    await t.dataSource.query(`UPDATE customer_events SET created_at = '2025-01-10 08:00:00+00' WHERE event_id = $1`, [ids.bought]);
    await t.dataSource.query(`UPDATE customer_events SET created_at = '2025-02-10 08:00:00+00' WHERE event_id = $1`, [ids.canceled]);
  });

  afterAll(async () => {
    await t.close();
  });

  it("lists a customer's events, oldest first, in the Event shape", async () => {
    const list = await ent(`/customers/${jane.customerId}/events`);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual({
      customer_events: [
        {
          event_id: ids.bought,
          event_type_id: types.purchase,
          customer_id: jane.customerId,
          external_id: 'bill-1',
          data: { total_price: 120.5, items: ['coffee'] },
          created_at: '2025-01-10 08:00:00',
          state: 1,
          property_records: [],
        },
        {
          event_id: ids.canceled,
          event_type_id: types.purchase_cancellation,
          customer_id: jane.customerId,
          external_id: 'bill-1-cancel',
          secondary_external_id: 'bill-1',
          data: { canceled_purchase: 'bill-1' },
          created_at: expect.stringMatching(DATE_TIME),
          state: 1,
          property_records: [],
        },
      ],
      total_items: 2,
    });
  });

  it('filters by type, types, external id and time, and sorts', async () => {
    const path = `/customers/${jane.customerId}/events`;
    expect(eventIds(await ent(path, { event_type_id: types.purchase_cancellation }))).toEqual([ids.canceled]);
    expect(eventIds(await ent(path, { 'event_type_ids[]': [types.purchase_cancellation] }))).toEqual([ids.canceled]);
    expect(eventIds(await ent(path, { event_type_ids: types.purchase }))).toEqual([ids.bought]);
    expect(eventIds(await ent(path, { external_id: 'bill-1' }))).toEqual([ids.bought]);
    expect(eventIds(await ent(path, { time_from: '2025-02-01 00:00:00' }))).toEqual([ids.canceled]);
    expect(eventIds(await ent(path, { time_from: '2025-01-01T00:00:00', time_to: '2025-01-31 23:59:59' }))).toEqual([ids.bought]);
    expect(eventIds(await ent(path, { include_property_records: 'true', sort_field: 'created_at', sort_direction: 'DESC' }))).toEqual([
      ids.canceled,
      ids.bought,
    ]);
    const page = await ent(path, { count: '1', offset: '1' });
    expect(page.body.data).toMatchObject({ customer_events: [{ event_id: ids.canceled }], total_items: 2 });
  });

  it('refuses a bad time, sort field or flag', async () => {
    const path = `/customers/${jane.customerId}/events`;
    const badTime = await ent(path, { time_from: 'yesterday' });
    expect(badTime.status).toBe(400);
    expect(invalidParams(badTime)).toEqual([expect.objectContaining({ name: 'time_from', reason: 'invalid_value_format' })]);
    const badSort = await ent(path, { sort_field: 'data' });
    expect(invalidParams(badSort)).toEqual([expect.objectContaining({ name: 'sort_field', reason: 'not_allowed_value' })]);
    expect((await ent(path, { include_property_records: 'maybe' })).status).toBe(400);
  });

  it('answers 404 for an unknown customer', async () => {
    const missing = await ent('/customers/0123456789abcdef0123456789abcdef/events');
    expect(missing.status).toBe(404);
    expect(missing.body.error.error_data).toMatchObject({ resource_name: 'customers' });
  });

  it('shows the logged-in customer only their own events on the Customer interface', async () => {
    const own = await t.customer('GET', `/customers/${jane.customerId}/events`, { token: janeDevice });
    expect(own.status).toBe(200);
    expect(eventIds(own)).toEqual([ids.bought, ids.canceled]);
    const other = await t.customer('GET', `/customers/${max.customerId}/events`, { token: janeDevice });
    expect(other.status).toBe(400);
    expect(invalidParams(other)).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' })]);
    const anonymous = await t.customer('GET', `/customers/${jane.customerId}/events`, { token: await t.deviceToken() });
    expect(anonymous.status).toBe(403);
  });

  it('refuses an unknown event type as a programming error', async () => {
    await expect(
      t.dataSource.transaction((manager) =>
        // A database the migrations have not reached: the type union cannot stop that.
        writeOutboxEvent(manager, { type: 'teleport' as 'purchase', customerId: jane.customerId, externalId: 'x', data: {} }),
      ),
    ).rejects.toThrow('Event type teleport does not exist');
  });
});
