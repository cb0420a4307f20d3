import { randomBytes } from 'node:crypto';
import { EventDefinitionService, type EventTypeDefinition } from '../../src/modules/events';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';
import { writeOutboxEvent } from '../../src/platform/outbox';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const UNKNOWN = '0123456789abcdef0123456789abcdef';
const IDENTITY = 'event_id_event_type_id_customer_id_external_id_secondary_external_id';

describe('Events, event types, event groups and event properties (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let anonymousDevice: string;
  const groups: Record<string, string> = {};
  const types: Record<string, string> = {};

  const ent = (path: string, query?: Record<string, string | string[]>): Promise<TestResponse> =>
    t.enterprise('GET', path, { token, query });
  const cus = (path: string, query?: Record<string, string | string[]>, device = janeDevice): Promise<TestResponse> =>
    t.customer('GET', path, { token: device, query });
  const postAs = (body: unknown, device?: string): Promise<TestResponse> =>
    device ? t.customer('POST', '/events', { token: device, body }) : t.enterprise('POST', '/events', { token, body });
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const ids = (response: TestResponse, key: string, id: string): string[] =>
    response.body.data[key].map((record: Record<string, string>) => record[id]);
  const eventCount = async (): Promise<number> => Number((await t.dataSource.query('SELECT count(*) FROM customer_events'))[0].count);
  const recordCount = async (): Promise<number> =>
    Number((await t.dataSource.query('SELECT count(*) FROM event_property_records'))[0].count);
  const externalId = () => `ext-${randomBytes(4).toString('hex')}`;

  /** Posts a visit of Jane's on the Enterprise interface and returns its id. */
  async function visit(event: Record<string, unknown> = {}, propertyRecords: unknown[] = [{ property_id: 'score', property_value: 5 }]) {
    const posted = await postAs({
      event: { event_type_id: types.visit, customer_id: jane.customerId, external_id: externalId(), ...event },
      property_records: propertyRecords,
    });
    expect(posted.status).toBe(201);
    return posted.body.data.event_id as string;
  }

  /** A 400 that wrote nothing, with exactly these problems. */
  async function refused(body: unknown, params: unknown[], device?: string): Promise<void> {
    const [events, records] = [await eventCount(), await recordCount()];
    const response = await postAs(body, device);
    expect(response.status).toBe(400);
    expect(invalidParams(response)).toEqual(params.map((param) => expect.objectContaining(param)));
    expect([await eventCount(), await recordCount()]).toEqual([events, records]);
  }

  beforeAll(async () => {
    t = await TestApp.create();
    // The catalogue assertions count what this file defines and the events context seeds; other contexts'
    // seeded groups and types (written by their own code) are out of their scope.
    await t.dataSource.query(`DELETE FROM event_types WHERE text_id NOT IN ('purchase', 'purchase_cancellation', 'voucher_activation')`);
    await t.dataSource.query(`DELETE FROM event_groups WHERE text_id NOT IN ('purchases', 'vouchers')`);
    token = await t.enterpriseToken();
    jane = await t.createCustomer({ phone: '420111222333' });
    max = await t.createCustomer({ phone: '420999888777' });
    await t.createCustomer({ phone: '420999888777' });
    janeDevice = await t.deviceToken(jane);
    anonymousDevice = await t.deviceToken();
    const definitions = t.service(EventDefinitionService);
    const property = (propertyId: string, dataType: string, extra: object = {}) =>
      definitions.defineProperty({ propertyId, name: propertyId, dataType, isRequired: false, isUnique: false, items: [], ...extra });
    await property('score', 'integer', { name: 'Visit score', isRequired: true, description: 'From 1 to 10' });
    await property('channel', 'enum', {
      name: 'Channel',
      items: [
        { id: 'web', name: 'Web' },
        { id: 'app', name: 'App', resourceRecordId: 'r1' },
      ],
    });
    await property('visited_at', 'timestamp');
    await property('ticket_code', 'string', { isUnique: true });
    await property('note', 'string');
    await property('retired', 'string');
    groups.visits = (await definitions.defineGroup({ textId: 'store_visits', name: 'Store visits' })).id;
    const defineType = (definition: EventTypeDefinition) => t.dataSource.transaction((m) => definitions.insertType(definition, m));
    types.visit = await defineType({
      textId: 'store_visit',
      name: 'Store visit',
      group: 'store_visits',
      iconName: 'storefront',
      propertyIds: ['score', 'channel', 'visited_at', 'ticket_code', 'retired'],
    });
    await definitions.removeProperty('retired');
    types.dormant = await defineType({ textId: 'dormant', name: 'Dormant', group: 'store_visits', state: 2, propertyIds: [] });
    types.gone = await defineType({ textId: 'gone', name: 'Gone', group: 'store_visits', propertyIds: [] });
    await t.dataSource.transaction((m) => definitions.setTypeState(types.gone, 0, m));
    for (const row of await t.dataSource.query(`SELECT event_group_id, text_id FROM event_groups`))
      groups[row.text_id] = row.event_group_id;
    for (const row of await t.dataSource.query(`SELECT event_type_id, text_id FROM event_types`)) types[row.text_id] = row.event_type_id;
  });

  afterAll(async () => {
    await t.close();
  });

  describe('catalogue', () => {
    it('lists the seeded and defined event groups on both interfaces, filtered by part of the name and text id', async () => {
      const all = await ent('/event-groups');
      expect(all.status).toBe(200);
      expect(all.body.data.event_groups).toEqual(
        expect.arrayContaining([
          { event_group_id: groups.purchases, name: 'Purchases', text_id: 'purchases', state: 1 },
          { event_group_id: groups.vouchers, name: 'Vouchers', text_id: 'vouchers', state: 1 },
          { event_group_id: groups.store_visits, name: 'Store visits', text_id: 'store_visits', state: 1 },
        ]),
      );
      expect(all.body.data.total_items).toBe(3);
      expect(ids(await cus('/event-groups', { name: 'VISIT' }, anonymousDevice), 'event_groups', 'text_id')).toEqual(['store_visits']);
      expect(ids(await ent('/event-groups', { text_id: 'vouchers' }), 'event_groups', 'text_id')).toEqual(['vouchers']);
      expect(ids(await ent('/event-groups', { sort_field: 'text_id', sort_direction: 'DESC' }), 'event_groups', 'text_id')).toEqual([
        'vouchers',
        'store_visits',
        'purchases',
      ]);
      const page = await ent('/event-groups', { sort_field: 'name', count: '1', offset: '1' });
      expect(page.body.data).toEqual({ event_groups: [expect.objectContaining({ text_id: 'store_visits' })], total_items: 3 });
      expect((await ent('/event-groups', { sort_field: 'color' })).status).toBe(400);
    });

    it('reads one event group, 404 for an unknown one', async () => {
      expect((await cus(`/event-groups/${groups.vouchers}`, undefined, anonymousDevice)).body.data).toEqual({
        event_group_id: groups.vouchers,
        name: 'Vouchers',
        text_id: 'vouchers',
        state: 1,
      });
      const missing = await ent(`/event-groups/${UNKNOWN}`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'event-groups', resource_id: UNKNOWN });
    });

    it('lists event types with their group, filtered by name, text id and group text ids', async () => {
      const all = await ent('/event-types', { sort_field: 'text_id' });
      expect(all.body.data.total_items).toBe(6);
      expect(all.body.data.event_types).toContainEqual({
        event_type_id: types.purchase,
        event_group_id: groups.purchases,
        event_group_text_id: 'purchases',
        name: 'Purchase',
        text_id: 'purchase',
        icon_name: 'shopping_cart',
        state: 1,
      });
      expect(ids(all, 'event_types', 'text_id')).toEqual([
        'dormant',
        'gone',
        'purchase',
        'purchase_cancellation',
        'store_visit',
        'voucher_activation',
      ]);
      expect(ids(all, 'event_types', 'state')).toEqual([2, 0, 1, 1, 1, 1]);
      expect(
        ids(await cus('/event-types', { 'event_group_text_id[]': ['vouchers', 'purchases'] }), 'event_types', 'text_id').sort(),
      ).toEqual(['purchase', 'purchase_cancellation', 'voucher_activation']);
      expect(ids(await ent('/event-types', { event_group_text_id: 'vouchers' }), 'event_types', 'text_id')).toEqual(['voucher_activation']);
      expect(ids(await ent('/event-types', { name: 'purchase c' }), 'event_types', 'text_id')).toEqual(['purchase_cancellation']);
      expect(ids(await ent('/event-types', { text_id: 'store_visit' }), 'event_types', 'event_type_id')).toEqual([types.visit]);
      const page = await ent('/event-types', { sort_field: 'name', sort_direction: 'DESC', count: '2', offset: '1' });
      expect(page.body.data.total_items).toBe(6);
      expect(ids(page, 'event_types', 'name')).toEqual(['Store visit', 'Purchase cancellation']);
    });

    it('reads one event type and the properties its events may carry, 404 for an unknown type', async () => {
      expect((await cus(`/event-types/${types.visit}`, undefined, anonymousDevice)).body.data).toEqual({
        event_type_id: types.visit,
        event_group_id: groups.store_visits,
        event_group_text_id: 'store_visits',
        name: 'Store visit',
        text_id: 'store_visit',
        icon_name: 'storefront',
        state: 1,
      });
      const properties = await ent(`/event-types/${types.visit}/event-properties`);
      expect(properties.status).toBe(200);
      // The removed property stays linked but is not offered.
      expect(ids(properties, 'event_properties', 'property_id')).toEqual(['channel', 'score', 'ticket_code', 'visited_at']);
      expect(properties.body.data.total_items).toBe(4);
      const page = await cus(`/event-types/${types.visit}/event-properties`, { sort_field: 'name', count: '1' });
      expect(page.body.data).toEqual({ event_properties: [expect.objectContaining({ property_id: 'channel' })], total_items: 4 });
      expect((await ent(`/event-types/${types.purchase}/event-properties`)).body.data).toEqual({ event_properties: [], total_items: 0 });
      for (const path of [`/event-types/${UNKNOWN}`, `/event-types/${UNKNOWN}/event-properties`]) {
        const missing = await ent(path);
        expect(missing.status).toBe(404);
        expect(missing.body.error.error_data).toMatchObject({ resource_name: 'event-types', resource_id: UNKNOWN });
      }
    });

    it('lists and reads event properties in the Property shape, 404 for an unknown one', async () => {
      const all = await ent('/event-properties');
      expect(ids(all, 'event_properties', 'property_id')).toEqual(['channel', 'note', 'retired', 'score', 'ticket_code', 'visited_at']);
      expect(ids(all, 'event_properties', 'state')).toEqual([1, 1, 0, 1, 1, 1]);
      expect(ids(await cus('/event-properties', { name: 'SCORE' }), 'event_properties', 'property_id')).toEqual(['score']);
      const channel = await cus('/event-properties/channel', undefined, anonymousDevice);
      expect(channel.body.data).toEqual({
        property_id: 'channel',
        name: 'Channel',
        data_type: 'enum',
        items: [
          { id: 'app', name: 'App', resource_record_id: 'r1', state: 1 },
          { id: 'web', name: 'Web', state: 1 },
        ],
        is_required: false,
        is_unique: false,
        last_change: expect.stringMatching(DATE_TIME),
        state: 1,
      });
      expect((await ent('/event-properties/score')).body.data).toMatchObject({ description: 'From 1 to 10', is_required: true, items: [] });
      const missing = await ent('/event-properties/shoe_size');
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'event-properties', resource_id: 'shoe_size' });
    });

    it('needs a token, but no logged-in customer', async () => {
      expect((await t.customer('GET', '/event-types')).status).toBe(401);
      expect((await cus('/event-properties', undefined, anonymousDevice)).status).toBe(200);
    });
  });

  describe('POST /events', () => {
    it('stores an event with its property values in one go and answers its id', async () => {
      const posted = await postAs({
        event: {
          event_type_id: types.visit,
          customer_id: jane.customerId,
          external_id: 'visit-1',
          secondary_external_id: 'store-7',
          data: { basket: ['tea'], minutes: 12 },
          created_at: '2025-03-01 10:00:00',
          event_id: 'ignored',
          state: 0,
        },
        property_records: [
          { property_id: 'score', property_value: '8' },
          { property_id: 'channel', property_value: [{ id: 'app', name: 'App' }] },
          { property_id: 'visited_at', property_value: '2025-03-01T09:30:00+01:00' },
          { property_id: 'ticket_code', property_value: 'T-1', property_name: 'ignored' },
        ],
      });
      expect(posted.status).toBe(201);
      const eventId = posted.body.data.event_id;
      expect(eventId).toMatch(/^[0-9a-f]{32}$/);

      const event = await ent(`/events/${eventId}`);
      expect(event.body.data).toEqual({
        event_id: eventId,
        event_type_id: types.visit,
        customer_id: jane.customerId,
        external_id: 'visit-1',
        secondary_external_id: 'store-7',
        data: { basket: ['tea'], minutes: 12 },
        created_at: '2025-03-01 10:00:00',
        state: 1,
        property_records: [],
      });
      const records = await ent(`/events/${eventId}/property-records`);
      expect(records.body.data).toEqual({
        property_records: [
          {
            property_record_id: `channel:${eventId}`,
            property_id: 'channel',
            property_name: 'Channel',
            property_value: 'app',
            last_change: expect.stringMatching(DATE_TIME),
          },
          {
            property_record_id: `score:${eventId}`,
            property_id: 'score',
            property_name: 'Visit score',
            property_value: 8,
            last_change: expect.stringMatching(DATE_TIME),
          },
          {
            property_record_id: `ticket_code:${eventId}`,
            property_id: 'ticket_code',
            property_name: 'ticket_code',
            property_value: 'T-1',
            last_change: expect.stringMatching(DATE_TIME),
          },
          {
            property_record_id: `visited_at:${eventId}`,
            property_id: 'visited_at',
            property_name: 'visited_at',
            property_value: '2025-03-01 08:30:00',
            last_change: expect.stringMatching(DATE_TIME),
          },
        ],
        total_items: 4,
      });
      const detailed = await ent(`/events/${eventId}`, { include_property_records: 'true' });
      expect(detailed.body.data.property_records).toEqual(records.body.data.property_records);
      const stored = await t.dataSource.query(
        'SELECT property_value FROM event_property_records WHERE event_id = $1 ORDER BY property_id',
        [eventId],
      );
      expect(stored.map((row: { property_value: unknown }) => row.property_value)).toEqual(['app', 8, 'T-1', '2025-03-01 08:30:00']);
    });

    it('keeps data in the shape it arrived in and dates the event now unless told', async () => {
      const asString = await visit({ data: '{"id_account_history_change":6}' });
      const asList = await visit({ data: ['a', 'b'] });
      const without = await visit();
      expect((await ent(`/events/${asString}`)).body.data.data).toBe('{"id_account_history_change":6}');
      expect((await ent(`/events/${asList}`)).body.data.data).toEqual(['a', 'b']);
      const plain = (await ent(`/events/${without}`)).body.data;
      expect(plain.data).toBeUndefined();
      const [{ age }] = await t.dataSource.query(
        'SELECT extract(epoch FROM now() - created_at) AS age FROM customer_events WHERE event_id = $1',
        [without],
      );
      expect(Math.abs(Number(age))).toBeLessThan(60);
      const offset = await visit({ created_at: '2025-06-01T12:00:00+02:00' });
      expect((await ent(`/events/${offset}`)).body.data.created_at).toBe('2025-06-01 10:00:00');
    });

    it('refuses data of another shape and a bad created_at', async () => {
      const event = { event_type_id: types.visit, customer_id: jane.customerId, external_id: externalId() };
      const score = [{ property_id: 'score', property_value: 1 }];
      await refused({ event: { ...event, data: 42 }, property_records: score }, [{ name: 'event.data', reason: 'invalid_value_format' }]);
      await refused({ event: { ...event, data: ['a', 1] }, property_records: score }, [
        { name: 'event.data', reason: 'invalid_value_format' },
      ]);
      await refused({ event: { ...event, created_at: 'yesterday' }, property_records: score }, [
        { name: 'event.created_at', reason: 'invalid_value_format' },
      ]);
    });

    it('finds the customer by email, phone or an id in a customer source', async () => {
      const [source] = await t.dataSource.query('SELECT customer_source_id FROM customer_sources ORDER BY customer_source_id LIMIT 1');
      await t.dataSource.query(
        `INSERT INTO customer_source_records (customer_source_record_id, customer_source_id, customer_id, external_id) VALUES ($1, $2, $3, 'ESHOP-42')`,
        [randomBytes(16).toString('hex'), source.customer_source_id, max.customerId],
      );
      const byEmail = await visit({
        customer_id: undefined,
        customer_identifier_type: 'email',
        customer_identifier_value: jane.email.toUpperCase(),
      });
      const byPhone = await visit({ customer_id: undefined, customer_identifier_type: 'phone', customer_identifier_value: '420111222333' });
      const bySource = await visit({
        customer_id: undefined,
        customer_identifier_type: 'external_id',
        customer_identifier_value: { customer_source_id: source.customer_source_id, external_id: 'ESHOP-42' },
      });
      expect((await ent(`/events/${byEmail}`)).body.data.customer_id).toBe(jane.customerId);
      expect((await ent(`/events/${byPhone}`)).body.data.customer_id).toBe(jane.customerId);
      expect((await ent(`/events/${bySource}`)).body.data.customer_id).toBe(max.customerId);
    });

    it('refuses a customer named twice, not at all, unknown, or ambiguous', async () => {
      const base = { event_type_id: types.visit, external_id: externalId() };
      const body = (event: object) => ({ event: { ...base, ...event }, property_records: [{ property_id: 'score', property_value: 1 }] });
      await refused(body({ customer_id: jane.customerId, customer_identifier_type: 'email', customer_identifier_value: jane.email }), [
        { name: 'event.customer_identifier_type', reason: 'not_allowed_value' },
      ]);
      await refused(body({}), [{ name: 'event.customer_id', reason: 'required' }]);
      await refused(body({ customer_identifier_type: 'email' }), [{ name: 'event.customer_identifier_value', reason: 'required' }]);
      await refused(body({ customer_identifier_value: jane.email }), [{ name: 'event.customer_identifier_type', reason: 'required' }]);
      await refused(body({ customer_identifier_type: 'fax', customer_identifier_value: '1' }), [
        { name: 'event.customer_identifier_type' },
      ]);
      await refused(body({ customer_id: UNKNOWN }), [{ name: 'event.customer_id', reason: 'not_found', value: UNKNOWN }]);
      await refused(body({ customer_identifier_type: 'email', customer_identifier_value: 'nobody@example.test' }), [
        { name: 'event.customer_identifier_value', reason: 'not_found' },
      ]);
      await refused(body({ customer_identifier_type: 'phone', customer_identifier_value: '420999888777' }), [
        { name: 'event.customer_identifier_value', reason: 'not_allowed_value' },
      ]);
      await refused(body({ customer_identifier_type: 'external_id', customer_identifier_value: 'ESHOP-42' }), [
        { name: 'event.customer_identifier_value', reason: 'invalid_value_format' },
      ]);
      await refused(body({ customer_identifier_type: 'email', customer_identifier_value: { email: jane.email } }), [
        { name: 'event.customer_identifier_value', reason: 'invalid_value_format' },
      ]);
    });

    it('refuses an unknown, removed or inactive type and unknown fields', async () => {
      const body = (event: object) => ({ event: { customer_id: jane.customerId, external_id: externalId(), ...event } });
      await refused(body({ event_type_id: UNKNOWN }), [{ name: 'event.event_type_id', reason: 'not_found', value: UNKNOWN }]);
      await refused(body({ event_type_id: types.gone }), [{ name: 'event.event_type_id', reason: 'deleted' }]);
      await refused(body({ event_type_id: types.dormant }), [{ name: 'event.event_type_id', reason: 'not_allowed_value' }]);
      await refused(body({ event_type_id: types.voucher_activation, colour: 'red' }), [
        { name: 'event.colour', reason: 'not_allowed_value' },
      ]);
      await refused({ event: { event_type_id: types.voucher_activation, customer_id: jane.customerId } }, [
        { name: 'event.external_id', reason: 'required' },
      ]);
    });

    it('keeps one active event per type, customer, external id and secondary external id', async () => {
      const event = { event_type_id: types.voucher_activation, customer_id: jane.customerId, external_id: 'voucher-9' };
      expect((await postAs({ event })).status).toBe(201);
      await refused({ event }, [{ name: IDENTITY, reason: 'relation_already_exists', value: 'voucher-9' }]);
      await refused(
        { event: { ...event, customer_id: undefined, customer_identifier_type: 'email', customer_identifier_value: jane.email } },
        [{ name: IDENTITY, reason: 'relation_already_exists' }],
      );
      expect((await postAs({ event: { ...event, secondary_external_id: 'second' } })).status).toBe(201);
      await refused({ event: { ...event, secondary_external_id: 'second' } }, [{ name: IDENTITY, reason: 'relation_already_exists' }]);
      expect((await postAs({ event: { ...event, customer_id: max.customerId } })).status).toBe(201);
      expect(
        (
          await postAs({
            event: { ...event, event_type_id: types.store_visit },
            property_records: [{ property_id: 'score', property_value: 1 }],
          })
        ).status,
      ).toBe(201);
    });

    it("checks property values against the type's properties and their data types", async () => {
      const body = (records: unknown[]) => ({
        event: { event_type_id: types.visit, customer_id: jane.customerId, external_id: externalId() },
        property_records: records,
      });
      const score = { property_id: 'score', property_value: 3 };
      await refused(body([score, { property_id: 'note', property_value: 'x' }]), [
        { name: 'property_records.1.property_id', reason: 'not_found', value: 'note' },
      ]);
      await refused(body([score, { property_id: 'retired', property_value: 'x' }]), [
        { name: 'property_records.1.property_id', reason: 'not_found' },
      ]);
      await refused(body([score, { property_id: 'nothing', property_value: 'x' }]), [
        { name: 'property_records.1.property_id', reason: 'not_found' },
      ]);
      await refused(body([{ property_id: 'score', property_value: 'many' }]), [
        { name: 'property_records.0.property_value', reason: 'invalid_value_format' },
      ]);
      await refused(body([score, { property_id: 'channel', property_value: 'fax' }]), [
        { name: 'property_records.1.property_value', reason: 'invalid_value_format' },
      ]);
      await refused(body([score, { property_id: 'visited_at', property_value: '2025-02-30 10:00:00' }]), [
        { name: 'property_records.1.property_value', reason: 'invalid_value_format' },
      ]);
      await refused(body([score, score]), [{ name: 'property_records.1.property_id', reason: 'not_allowed_value' }]);
      await refused(body([]), [{ name: 'property_records', reason: 'required', value: 'score' }]);
      await refused(body([{ property_id: 'score' }]), [{ name: 'property_records.0.property_value', reason: 'required' }]);
      await refused(body([{ property_value: 3 }]), [{ name: 'property_records.0.property_id', reason: 'required' }]);
    });

    it("refuses a unique property's value another event has", async () => {
      const body = (code: string) => ({
        event: { event_type_id: types.visit, customer_id: max.customerId, external_id: externalId() },
        property_records: [
          { property_id: 'score', property_value: 1 },
          { property_id: 'ticket_code', property_value: code },
        ],
      });
      expect((await postAs(body('T-77'))).status).toBe(201);
      await refused(body('T-77'), [{ name: 'property_records.1.property_value', reason: 'already_exists', value: 'T-77' }]);
      expect((await postAs(body('T-78'))).status).toBe(201);
    });

    it("on the Customer interface records the logged-in customer's events only", async () => {
      const event = { event_type_id: types.voucher_activation, external_id: externalId() };
      const own = await postAs({ event }, janeDevice);
      expect(own.status).toBe(201);
      expect((await ent(`/events/${own.body.data.event_id}`)).body.data.customer_id).toBe(jane.customerId);
      const named = await postAs({ event: { ...event, external_id: externalId(), customer_id: jane.customerId } }, janeDevice);
      expect(named.status).toBe(201);
      const byEmail = await postAs(
        { event: { ...event, external_id: externalId(), customer_identifier_type: 'email', customer_identifier_value: jane.email } },
        janeDevice,
      );
      expect(byEmail.status).toBe(201);
      await refused(
        { event: { ...event, customer_id: max.customerId } },
        [{ name: 'event.customer_id', reason: 'not_belong_to_logged_in_customer' }],
        janeDevice,
      );
      await refused(
        { event: { ...event, customer_identifier_type: 'email', customer_identifier_value: max.email } },
        [{ name: 'event.customer_identifier_value', reason: 'not_belong_to_logged_in_customer' }],
        janeDevice,
      );
      const anonymous = await postAs({ event }, anonymousDevice);
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.error.type).toBe('customer_not_logged_in_exception');
    });
  });

  describe('reading events', () => {
    const listed: Record<string, string> = {};

    beforeAll(async () => {
      const reader = await t.createCustomer();
      listed.customer = reader.customerId;
      const post = async (type: string, external: string, createdAt: string, extra: object = {}) => {
        const records = type === 'store_visit' ? [{ property_id: 'score', property_value: 2 }] : [];
        const posted = await postAs({
          event: { event_type_id: types[type], customer_id: reader.customerId, external_id: external, created_at: createdAt, ...extra },
          property_records: records,
        });
        expect(posted.status).toBe(201);
        return posted.body.data.event_id as string;
      };
      listed.first = await post('store_visit', 'r-1', '2025-01-05 08:00:00');
      listed.second = await post('voucher_activation', 'r-2', '2025-02-05 08:00:00');
      listed.third = await post('store_visit', 'r-1', '2025-03-05 08:00:00', { secondary_external_id: 'again' });
      // Written as the purchase closure writes them.
      listed.purchase = await t.dataSource.transaction((manager) =>
        writeOutboxEvent(manager, { type: 'purchase', customerId: reader.customerId, externalId: 'bill-r', data: { total: 1 } }),
      );
      await t.dataSource.query(`UPDATE customer_events SET created_at = '2025-04-05 08:00:00+00' WHERE event_id = $1`, [listed.purchase]);
    });

    const of = (query: Record<string, string | string[]> = {}) => ent('/events', { customer_id: listed.customer, ...query });

    it('lists events oldest first, the same as the customer list, including those code writes', async () => {
      const all = await of();
      expect(all.status).toBe(200);
      expect(ids(all, 'events', 'event_id')).toEqual([listed.first, listed.second, listed.third, listed.purchase]);
      expect(all.body.data.total_items).toBe(4);
      expect(all.body.data.events[3]).toEqual({
        event_id: listed.purchase,
        event_type_id: types.purchase,
        customer_id: listed.customer,
        external_id: 'bill-r',
        data: { total: 1 },
        created_at: '2025-04-05 08:00:00',
        state: 1,
        property_records: [],
      });
      const perCustomer = await ent(`/customers/${listed.customer}/events`);
      expect(perCustomer.body.data.customer_events).toEqual(all.body.data.events);
      const everyone = await ent('/events', { count: '1000' });
      expect(ids(everyone, 'events', 'event_id')).toEqual(expect.arrayContaining([listed.first, listed.purchase]));
      expect(everyone.body.data.total_items).toBe(await eventCount());
    });

    it('filters by type, types, external id and time, sorts, pages and includes property records', async () => {
      expect(ids(await of({ event_type_id: types.store_visit }), 'events', 'event_id')).toEqual([listed.first, listed.third]);
      expect(ids(await of({ 'event_type_ids[]': [types.voucher_activation, types.purchase] }), 'events', 'event_id')).toEqual([
        listed.second,
        listed.purchase,
      ]);
      expect(ids(await of({ event_type_ids: types.purchase }), 'events', 'event_id')).toEqual([listed.purchase]);
      expect(ids(await of({ external_id: 'r-1' }), 'events', 'event_id')).toEqual([listed.first, listed.third]);
      expect(ids(await of({ time_from: '2025-02-01 00:00:00', time_to: '2025-03-31T23:59:59' }), 'events', 'event_id')).toEqual([
        listed.second,
        listed.third,
      ]);
      expect(ids(await of({ sort_field: 'created_at', sort_direction: 'DESC' }), 'events', 'event_id')).toEqual([
        listed.purchase,
        listed.third,
        listed.second,
        listed.first,
      ]);
      const page = await of({ sort_field: 'external_id', count: '2', offset: '1' });
      expect(page.body.data.total_items).toBe(4);
      expect(ids(page, 'events', 'event_id')).toEqual([listed.first, listed.third].sort());
      const withRecords = await of({ include_property_records: 'true', event_type_id: types.store_visit });
      expect(withRecords.body.data.events.map((event: { property_records: unknown[] }) => event.property_records)).toEqual([
        [expect.objectContaining({ property_record_id: `score:${listed.first}`, property_value: 2 })],
        [expect.objectContaining({ property_record_id: `score:${listed.third}`, property_value: 2 })],
      ]);
      expect((await of({ event_type_id: types.store_visit })).body.data.events[0].property_records).toEqual([]);
      expect(invalidParams(await of({ time_to: 'soon' }))).toEqual([
        expect.objectContaining({ name: 'time_to', reason: 'invalid_value_format' }),
      ]);
      expect(invalidParams(await of({ sort_field: 'data' }))).toEqual([
        expect.objectContaining({ name: 'sort_field', reason: 'not_allowed_value' }),
      ]);
    });

    it('answers 404 for an unknown event', async () => {
      for (const path of [`/events/${UNKNOWN}`, `/events/${UNKNOWN}/property-records`]) {
        const missing = await ent(path);
        expect(missing.status).toBe(404);
        expect(missing.body.error.error_data).toMatchObject({ resource_name: 'events', resource_id: UNKNOWN });
      }
    });

    it('shows a logged-in customer only their own events on the Customer interface', async () => {
      const own = await cus('/events', { count: '1000' });
      expect(own.status).toBe(200);
      expect(own.body.data.events.length).toBeGreaterThan(0);
      expect(new Set(own.body.data.events.map((event: { customer_id: string }) => event.customer_id))).toEqual(new Set([jane.customerId]));
      expect((await cus('/events', { customer_id: jane.customerId })).body.data.total_items).toBe(own.body.data.total_items);
      const foreignFilter = await cus('/events', { customer_id: listed.customer });
      expect(foreignFilter.status).toBe(400);
      expect(invalidParams(foreignFilter)).toEqual([
        expect.objectContaining({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' }),
      ]);
      for (const path of [`/events/${listed.first}`, `/events/${listed.first}/property-records`]) {
        expect((await cus(path)).status).toBe(404);
      }
      const ownEvent = own.body.data.events[0].event_id;
      expect((await cus(`/events/${ownEvent}`)).body.data.event_id).toBe(ownEvent);
      expect((await cus(`/events/${ownEvent}/property-records`)).status).toBe(200);
      for (const path of ['/events', `/events/${ownEvent}`, `/events/${ownEvent}/property-records`]) {
        const anonymous = await cus(path, undefined, anonymousDevice);
        expect(anonymous.status).toBe(403);
      }
    });
  });
});
