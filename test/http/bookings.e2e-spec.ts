import { cliAuditActor, DefinitionLifecycle } from '../../src/modules/audit';
import { BookingStatusDefinitionRepository, BookingTicketPropertyService, BookingTicketService } from '../../src/modules/bookings';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

/** 2030-03-04 is a Monday; slots are in UTC (the test project's time zone). */
const DAY = '2030-03-04';

describe('Bookings (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let anonymousDevice: string;
  const status: Record<'pending' | 'confirmed' | 'cancelled' | 'completed' | 'waiting' | 'blocked', string> = {
    pending: '',
    confirmed: '',
    cancelled: '',
    completed: '',
    waiting: '',
    blocked: '',
  };
  let massage: string;
  let sauna: string;
  let expired: string;
  let closed: string;
  /** Massage slots: 09:00 (capacity 3), 10:00 (capacity 2), 14:00 (capacity 1). */
  const slots = { nine: '', ten: '', two: '', sauna: '', expired: '', closed: '', blocked: '' };

  const ent = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: { body?: unknown; query?: Record<string, any> } = {}) =>
    t.enterprise(method, path, { token, ...options });
  const asJane = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: { body?: unknown; query?: Record<string, any> } = {}) =>
    t.customer(method, path, { token: janeDevice, ...options });
  const invalid = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const taken = async (slotId: string): Promise<number> =>
    (await t.dataSource.query(`SELECT taken FROM booking_time_slots WHERE time_slot_id = $1`, [slotId]))[0].taken;
  const eventsOf = async (bookingId: string): Promise<{ type: string; customer_id: string; data: any }[]> =>
    t.dataSource.query(
      `SELECT t.text_id AS type, e.customer_id, e.data FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
        WHERE e.external_id = $1 ORDER BY e.created_at, e.event_id`,
      [bookingId],
    );
  const book = async (items: unknown[], extra: Record<string, unknown> = {}): Promise<string> => {
    const response = await ent('POST', '/bookings', {
      body: { booking: { customer_id: jane.customerId, created_at: '2030-03-01 08:00:00', booking_items: items, ...extra } },
    });
    expect({ status: response.status, body: response.body }).toEqual({ status: 201, body: { data: { booking_id: expect.any(String) } } });
    return response.body.data.booking_id;
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
    anonymousDevice = await t.deviceToken();
    const rows: { booking_status_id: string; text_id: keyof typeof status }[] = await t.dataSource.query(
      `SELECT booking_status_id, text_id FROM booking_statuses`,
    );
    for (const row of rows) status[row.text_id] = row.booking_status_id;
    const lifecycle = t.service(DefinitionLifecycle);
    // The store itself, not the test's proxy: the lifecycle calls it synchronously too.
    const statuses = t.app.get(BookingStatusDefinitionRepository, { strict: false });
    const actor = cliAuditActor('booking-status define');
    status.waiting = (
      await lifecycle.create(actor, statuses, { text_id: 'waiting', names: { en: 'Waiting list', cs: 'Čeká' }, phase: 'pending' })
    ).booking_status_id;
    status.blocked = (
      await lifecycle.create(actor, statuses, { text_id: 'old', names: { en: 'Old' }, phase: 'confirmed' })
    ).booking_status_id;
    await lifecycle.setState(actor, statuses, 'old', 0);

    await t.service(BookingTicketPropertyService).define({
      propertyId: 'room',
      name: 'Room',
      dataType: 'enum',
      isRequired: false,
      isUnique: false,
      items: [
        { id: 'blue', name: 'Blue room' },
        { id: 'red', name: 'Red room' },
      ],
    });
    await t.service(BookingTicketPropertyService).define({
      propertyId: 'therapist',
      name: 'Therapist name',
      dataType: 'string',
      isRequired: false,
      isUnique: false,
      items: [],
    });
    const tickets = t.service(BookingTicketService);
    massage = (
      await tickets.define({
        names: { en: 'Massage', cs: 'Masáž' },
        validFrom: '2030-01-01 00:00:00',
        validTo: '2030-12-31 23:59:59',
        properties: [
          { propertyId: 'room', value: 'blue' },
          { propertyId: 'therapist', value: 'Ann' },
        ],
        slots: [
          { validFrom: `${DAY} 09:00:00`, validTo: `${DAY} 10:00:00`, totalCapacity: 3 },
          { validFrom: `${DAY} 10:00:00`, validTo: `${DAY} 11:00:00`, totalCapacity: 2 },
          { validFrom: `${DAY} 14:00:00`, validTo: `${DAY} 15:00:00`, totalCapacity: 1 },
          { validFrom: `${DAY} 16:00:00`, validTo: `${DAY} 17:00:00`, totalCapacity: 4, state: 0 },
        ],
      })
    ).id;
    sauna = (
      await tickets.define({
        names: { en: 'Sauna' },
        properties: [{ propertyId: 'room', value: 'red' }],
        slots: [{ validFrom: '2030-03-06 18:00:00', validTo: '2030-03-06 20:00:00', totalCapacity: 10 }],
      })
    ).id;
    expired = (
      await tickets.define({
        names: { en: 'Yoga 2020' },
        validFrom: '2020-01-01 00:00:00',
        validTo: '2020-12-31 00:00:00',
        properties: [],
        slots: [{ validFrom: `${DAY} 09:00:00`, validTo: `${DAY} 10:00:00`, totalCapacity: 5 }],
      })
    ).id;
    closed = (
      await tickets.define({
        names: { en: 'Closed pool' },
        state: 0,
        properties: [],
        slots: [{ validFrom: `${DAY} 09:00:00`, validTo: `${DAY} 10:00:00`, totalCapacity: 5 }],
      })
    ).id;
    const slotRows: { time_slot_id: string; ticket_id: string; hour: number; state: number }[] = await t.dataSource.query(
      `SELECT time_slot_id, ticket_id, extract(hour FROM valid_from AT TIME ZONE 'UTC')::int AS hour, state FROM booking_time_slots`,
    );
    for (const row of slotRows) {
      if (row.ticket_id === massage && row.state === 0) slots.blocked = row.time_slot_id;
      else if (row.ticket_id === massage) slots[({ 9: 'nine', 10: 'ten', 14: 'two' } as const)[row.hour as 9 | 10 | 14]] = row.time_slot_id;
      else if (row.ticket_id === sauna) slots.sauna = row.time_slot_id;
      else if (row.ticket_id === expired) slots.expired = row.time_slot_id;
      else slots.closed = row.time_slot_id;
    }
  });

  afterAll(() => t.close());

  describe('booking statuses', () => {
    it('lists the seeded workflow statuses and the project ones, names in the caller language', async () => {
      const list = await ent('GET', '/booking-statuses', { query: { sort_field: 'name' } });
      expect(list.status).toBe(200);
      expect(list.body.data.total_items).toBe(6);
      expect(list.body.data.booking_statuses.map((s: any) => s.name)).toEqual([
        'Cancelled',
        'Completed',
        'Confirmed',
        'Old',
        'Pending',
        'Waiting list',
      ]);
      expect(list.body.data.booking_statuses[4]).toEqual({
        booking_status_id: status.pending,
        name: 'Pending',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        state: 1,
        last_change: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      const czech = await t.customer('GET', `/booking-statuses/${status.waiting}`, {
        token: anonymousDevice,
        headers: { 'Accept-Language': 'cs' },
      });
      expect(czech.body.data).toMatchObject({ booking_status_id: status.waiting, name: 'Čeká', state: 1 });
      expect((await ent('GET', `/booking-statuses/${status.blocked}`)).body.data.state).toBe(0);
      const paged = await ent('GET', '/booking-statuses', {
        query: { count: '2', offset: '1', sort_field: 'name', sort_direction: 'DESC' },
      });
      expect(paged.body.data.booking_statuses.map((s: any) => s.name)).toEqual(['Pending', 'Old']);
    });

    it('answers 404 for an unknown status', async () => {
      const missing = await ent('GET', '/booking-statuses/feedfacefeedface');
      expect(missing.status).toBe(404);
    });
  });

  describe('booking ticket properties', () => {
    it('lists and reads the catalogue on both interfaces, filtered by part of the name', async () => {
      const list = await asJane('GET', '/booking-ticket-properties', { query: { name: 'THERAP' } });
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual({
        booking_ticket_properties: [
          {
            property_id: 'therapist',
            name: 'Therapist name',
            data_type: 'string',
            items: [],
            is_required: false,
            is_unique: false,
            last_change: expect.any(String),
            state: 1,
          },
        ],
        total_items: 1,
      });
      const room = await ent('GET', '/booking-ticket-properties/room');
      expect(room.body.data.items.map((item: any) => item.id)).toEqual(['blue', 'red']);
      expect((await ent('GET', '/booking-ticket-properties/nothing')).status).toBe(404);
    });
  });

  describe('booking tickets and time slots', () => {
    it('lists tickets with their localised names and validity, and reads one', async () => {
      const list = await ent('GET', '/booking-tickets', { query: { sort_field: 'name' } });
      expect(list.status).toBe(200);
      expect(list.body.data.booking_tickets.map((ticket: any) => ticket.name)).toEqual(['Closed pool', 'Massage', 'Sauna', 'Yoga 2020']);
      const czech = await t.customer('GET', `/booking-tickets/${massage}`, { token: janeDevice, headers: { 'Accept-Language': 'cs' } });
      expect(czech.body.data).toEqual({
        ticket_id: massage,
        name: 'Masáž',
        created_at: expect.any(String),
        valid_from: '2030-01-01 00:00:00',
        valid_to: '2030-12-31 23:59:59',
        state: 1,
        last_change: expect.any(String),
      });
      expect((await ent('GET', '/booking-tickets/feedfacefeedface')).status).toBe(404);
    });

    it('filters tickets by validity, by property value (a lone member is ignored) and by customer', async () => {
      const ids = (response: TestResponse) => response.body.data.booking_tickets.map((ticket: any) => ticket.ticket_id).sort();
      expect(
        ids(await ent('GET', '/booking-tickets', { query: { valid_from: '2020-06-01 00:00:00', valid_to: '2020-07-01 00:00:00' } })),
      ).toEqual([expired, sauna, closed].sort());
      // Only tickets without a validity range are valid now (the massage starts in 2030).
      expect(ids(await ent('GET', '/booking-tickets', { query: { valid_only: 'true' } }))).toEqual([sauna, closed].sort());
      expect(ids(await ent('GET', '/booking-tickets', { query: { valid_only: 'false' } }))).toHaveLength(4);
      expect(
        ids(await ent('GET', '/booking-tickets', { query: { booking_ticket_property_id: 'room', booking_ticket_property_value: 'red' } })),
      ).toEqual([sauna]);
      expect(ids(await ent('GET', '/booking-tickets', { query: { booking_ticket_property_id: 'room' } }))).toHaveLength(4);
      const bad = await ent('GET', '/booking-tickets', { query: { valid_from: 'yesterday' } });
      expect(bad.status).toBe(400);
      expect(invalid(bad)).toEqual([expect.objectContaining({ name: 'valid_from', reason: 'invalid_value_format' })]);
      const foreign = await asJane('GET', '/booking-tickets', { query: { customer_id: max.customerId } });
      expect(foreign.status).toBe(400);
      expect(invalid(foreign)[0]).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
    });

    it("lists a ticket's slots with free capacity, filtered by time, fullness and property", async () => {
      const list = await asJane('GET', `/booking-tickets/${massage}/time-slots`);
      expect(list.status).toBe(200);
      expect(list.body.data.total_items).toBe(4);
      expect(list.body.data.time_slots[0]).toEqual({
        time_slot_id: slots.nine,
        ticket_id: massage,
        valid_from: `${DAY} 09:00:00`,
        valid_to: `${DAY} 10:00:00`,
        total_capacity: 3,
        free_capacity: 3,
        state: 1,
        last_change: expect.any(String),
      });
      const ids = (response: TestResponse) => response.body.data.time_slots.map((slot: any) => slot.time_slot_id);
      expect(
        ids(
          await ent('GET', `/booking-tickets/${massage}/time-slots`, {
            query: { time_from: `${DAY} 09:30:00`, time_to: `${DAY}T10:30:00Z` },
          }),
        ),
      ).toEqual([slots.nine, slots.ten]);
      expect(
        ids(
          await ent('GET', `/booking-tickets/${massage}/time-slots`, {
            query: { booking_ticket_property_id: 'room', booking_ticket_property_value: 'red' },
          }),
        ),
      ).toEqual([]);
      expect(
        ids(
          await ent('GET', `/booking-tickets/${massage}/time-slots`, {
            query: { sort_field: 'total_capacity', sort_direction: 'DESC', count: '2' },
          }),
        ),
      ).toEqual([slots.blocked, slots.nine]);
      expect((await ent('GET', '/booking-tickets/feedfacefeedface/time-slots')).status).toBe(404);
    });
  });

  describe('POST /bookings', () => {
    it('books slots, lowering their free capacity, with the default status and a creation event', async () => {
      const bookingId = await book(
        [
          { time_slot_id: slots.nine, capacity_taken: 2, created_at: '2030-03-01 07:59:55' },
          { time_slot_id: slots.ten, booking_item_id: 'ignored', valid_from: 'ignored' },
        ],
        { utm: { utm_source: 'newsletter' }, data: { size: 20, note: null } },
      );
      expect(await taken(slots.nine)).toBe(2);
      expect(await taken(slots.ten)).toBe(1);
      const detail = await ent('GET', `/bookings/${bookingId}`);
      expect(detail.status).toBe(200);
      expect(detail.body.data).toEqual({
        booking_id: bookingId,
        customer_id: jane.customerId,
        booking_items: [
          {
            booking_item_id: expect.not.stringMatching(/^ignored$/),
            customer_id: jane.customerId,
            time_slot_id: slots.nine,
            booking_ticket: expect.objectContaining({ ticket_id: massage, name: 'Massage' }),
            valid_from: `${DAY} 09:00:00`,
            valid_to: `${DAY} 10:00:00`,
            capacity_taken: 2,
            booking_item_status: status.pending,
            additional_properties: [
              {
                property_record_id: `room:${massage}`,
                property_id: 'room',
                property_name: 'Room',
                property_value: 'blue',
                last_change: expect.any(String),
              },
              {
                property_record_id: `therapist:${massage}`,
                property_id: 'therapist',
                property_name: 'Therapist name',
                property_value: 'Ann',
                last_change: expect.any(String),
              },
            ],
            created_at: '2030-03-01 07:59:55',
            state: 1,
            last_change: expect.any(String),
          },
          expect.objectContaining({ time_slot_id: slots.ten, capacity_taken: 1, created_at: '2030-03-01 08:00:00' }),
        ],
        booking_status: status.pending,
        utm: { utm_source: 'newsletter' },
        data: { size: 20, note: null },
        created_at: '2030-03-01 08:00:00',
        last_change: expect.any(String),
        state: 1,
      });
      expect(await eventsOf(bookingId)).toEqual([
        {
          type: 'booking_creation',
          customer_id: jane.customerId,
          data: { booking_id: bookingId, booking_status_id: status.pending, booking_status: 'pending' },
        },
      ]);
      const slotList = await ent('GET', `/booking-tickets/${massage}/time-slots`, { query: { free_only: 'true' } });
      expect(slotList.body.data.time_slots.map((slot: any) => [slot.time_slot_id, slot.free_capacity])).toEqual([
        [slots.nine, 1],
        [slots.ten, 1],
        [slots.two, 1],
      ]);
      await ent('DELETE', `/bookings/${bookingId}`);
    });

    it('books for the logged-in customer on the Customer interface, with a status given, and refuses another customer', async () => {
      const created = await asJane('POST', '/bookings', {
        body: {
          booking: {
            booking_status: status.confirmed,
            created_at: '2030-03-01T08:00:00Z',
            booking_items: [{ time_slot_id: slots.sauna }],
            data: 'plain',
          },
        },
      });
      expect(created.status).toBe(201);
      const [row] = await t.dataSource.query(`SELECT customer_id, booking_status_id, data FROM bookings WHERE booking_id = $1`, [
        created.body.data.booking_id,
      ]);
      expect(row).toEqual({ customer_id: jane.customerId, booking_status_id: status.confirmed, data: 'plain' });
      const foreign = await asJane('POST', '/bookings', {
        body: {
          booking: { customer_id: max.customerId, created_at: '2030-03-01 08:00:00', booking_items: [{ time_slot_id: slots.sauna }] },
        },
      });
      expect(foreign.status).toBe(400);
      expect(invalid(foreign)).toEqual([
        expect.objectContaining({ name: 'booking.customer_id', reason: 'not_belong_to_logged_in_customer' }),
      ]);
      const anonymous = await t.customer('POST', '/bookings', {
        token: anonymousDevice,
        body: { booking: { created_at: '2030-03-01 08:00:00', booking_items: [{ time_slot_id: slots.sauna }] } },
      });
      expect(anonymous.status).toBe(403);
      expect(anonymous.body.type ?? anonymous.body.error?.type).toBeDefined();
      expect(await taken(slots.sauna)).toBe(1);
      await ent('DELETE', `/bookings/${created.body.data.booking_id}`);
    });

    it('refuses bad bookings naming the field, and changes nothing', async () => {
      const post = (booking: Record<string, unknown>) =>
        ent('POST', '/bookings', { body: { booking: { customer_id: jane.customerId, created_at: '2030-03-01 08:00:00', ...booking } } });
      const cases: [Record<string, unknown>, { name: string; reason: string }][] = [
        [{ booking_items: [] }, { name: 'booking.booking_items', reason: 'required' }],
        [{ booking_items: [{ time_slot_id: 'feedfacefeedface' }] }, { name: 'booking.booking_items.0.time_slot_id', reason: 'not_found' }],
        [
          { booking_items: [{ time_slot_id: slots.blocked }] },
          { name: 'booking.booking_items.0.time_slot_id', reason: 'not_allowed_value' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.expired }] },
          { name: 'booking.booking_items.0.time_slot_id', reason: 'not_allowed_value' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.closed }] },
          { name: 'booking.booking_items.0.time_slot_id', reason: 'not_allowed_value' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.ten }, { time_slot_id: slots.two, capacity_taken: 2 }] },
          { name: 'booking.booking_items.1.capacity_taken', reason: 'not_allowed_value' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine }], booking_status: status.cancelled },
          { name: 'booking.booking_status', reason: 'not_allowed_value' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine }], booking_status: status.blocked },
          { name: 'booking.booking_status', reason: 'not_allowed_value' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine }], booking_status: 'feedfacefeedface' },
          { name: 'booking.booking_status', reason: 'not_found' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine, booking_item_status: status.completed }] },
          { name: 'booking.booking_items.0.booking_item_status', reason: 'not_allowed_value' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine }], customer_id: 'feedfacefeedface' },
          { name: 'booking.customer_id', reason: 'not_found' },
        ],
        [
          {
            booking_items: [
              { time_slot_id: slots.nine, customer_id: max.customerId },
              { time_slot_id: slots.nine, customer_id: 'feedfacefeedface' },
              { time_slot_id: slots.nine, customer_id: 'deadbeefdeadbeef' },
            ],
          },
          { name: 'booking.booking_items.1.customer_id', reason: 'not_found' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine }], colour: 'red' },
          { name: 'booking.colour', reason: 'not_allowed_value' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine, capacity_taken: 0 }] },
          { name: 'booking.booking_items.0.capacity_taken', reason: 'invalid_value_format' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine }], data: 5 },
          { name: 'booking.data', reason: 'invalid_value_format' },
        ],
        [
          { booking_items: [{ time_slot_id: slots.nine }], created_at: 'soon' },
          { name: 'booking.created_at', reason: 'invalid_value_format' },
        ],
      ];
      for (const [booking, expected] of cases) {
        const response = await post(booking);
        expect({ booking, status: response.status, first: invalid(response)?.[0] }).toEqual({
          booking,
          status: 400,
          first: expect.objectContaining(expected),
        });
      }
      const [{ bookings, held }] = await t.dataSource.query(
        `SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT sum(taken)::int FROM booking_time_slots) AS held`,
      );
      expect({ bookings, held }).toEqual({ bookings: 0, held: 0 });
    });
  });

  describe('GET /bookings', () => {
    let janes: string;
    let maxs: string;

    beforeAll(async () => {
      janes = await book([{ time_slot_id: slots.nine }], { created_at: '2030-03-01 07:00:00' });
      maxs = await book([{ time_slot_id: slots.nine, customer_id: max.customerId }], {
        customer_id: max.customerId,
        booking_status: status.waiting,
        created_at: '2030-03-01 09:00:00',
      });
    });

    afterAll(async () => {
      await ent('DELETE', `/bookings/${janes}`);
      await ent('DELETE', `/bookings/${maxs}`);
    });

    it('lists every booking without items by default, and with items as asked', async () => {
      const none = await ent('GET', '/bookings');
      expect(none.status).toBe(200);
      expect(none.body.data.total_items).toBe(2);
      expect(none.body.data.bookings.map((b: any) => [b.booking_id, b.booking_items])).toEqual([
        [janes, []],
        [maxs, []],
      ]);
      const itemsOnly = await ent('GET', '/bookings', {
        query: { add_booking_items: 'items-only', sort_field: 'created_at', sort_direction: 'DESC' },
      });
      expect(itemsOnly.body.data.bookings[0].booking_id).toBe(maxs);
      expect(itemsOnly.body.data.bookings[0].booking_items).toEqual([
        expect.objectContaining({
          customer_id: max.customerId,
          booking_ticket: expect.objectContaining({ ticket_id: massage }),
          additional_properties: [],
        }),
      ]);
      const full = await ent('GET', '/bookings', { query: { add_booking_items: 'full' } });
      expect(full.body.data.bookings[0].booking_items[0].additional_properties).toHaveLength(2);
      expect((await ent('GET', '/bookings', { query: { add_booking_items: 'all' } })).status).toBe(400);
    });

    it('filters by customer and by statuses in either array syntax or the deprecated single form', async () => {
      const ids = (response: TestResponse) => response.body.data.bookings.map((b: any) => b.booking_id);
      expect(ids(await ent('GET', '/bookings', { query: { customer_id: max.customerId } }))).toEqual([maxs]);
      expect(ids(await ent('GET', '/bookings', { query: { booking_statuses: status.waiting } }))).toEqual([maxs]);
      expect(ids(await ent('GET', '/bookings', { query: { 'booking_statuses[]': [status.pending, status.waiting] } }))).toEqual([
        janes,
        maxs,
      ]);
      expect(ids(await ent('GET', '/bookings', { query: { booking_status: status.pending } }))).toEqual([janes]);
      expect(ids(await ent('GET', '/bookings', { query: { booking_statuses: status.completed } }))).toEqual([]);
    });

    it("scopes the Customer interface to the logged-in customer's bookings", async () => {
      const mine = await asJane('GET', '/bookings');
      expect(mine.body.data.bookings.map((b: any) => b.booking_id)).toEqual([janes]);
      const foreignFilter = await asJane('GET', '/bookings', { query: { customer_id: max.customerId } });
      expect(invalid(foreignFilter)[0]).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      expect((await asJane('GET', `/bookings/${maxs}`)).status).toBe(404);
      expect((await asJane('GET', `/bookings/${janes}`)).body.data.booking_items).toHaveLength(1);
      expect((await t.customer('GET', '/bookings', { token: anonymousDevice })).status).toBe(403);
      expect((await ent('GET', '/bookings/feedfacefeedface')).status).toBe(404);
      // Tickets and slots in which a customer holds a booking.
      const tickets = await asJane('GET', '/booking-tickets', { query: { customer_id: jane.customerId } });
      expect(tickets.body.data.booking_tickets.map((ticket: any) => ticket.ticket_id)).toEqual([massage]);
      const slotList = await ent('GET', `/booking-tickets/${massage}/time-slots`, { query: { customer_id: max.customerId } });
      expect(slotList.body.data.time_slots.map((slot: any) => slot.time_slot_id)).toEqual([slots.nine]);
    });
  });

  describe('PUT /bookings/{booking_id}: the workflow', () => {
    const move = (bookingId: string, booking: Record<string, unknown>, as: 'ent' | 'jane' = 'ent') =>
      (as === 'ent' ? ent : asJane)('PUT', `/bookings/${bookingId}`, { body: { booking } });

    it('relabels a booking back and forth within its phase, an event for every move, the same label twice included', async () => {
      const bookingId = await book([{ time_slot_id: slots.two }]);
      for (const next of ['waiting', 'pending', 'waiting'] as const) {
        const response = await move(bookingId, { customer_id: jane.customerId, booking_status: status[next] });
        expect({ next, status: response.status }).toEqual({ next, status: 204 });
      }
      const events = await eventsOf(bookingId);
      expect(events.map((event) => [event.type, event.data.previous_booking_status, event.data.booking_status])).toEqual([
        ['booking_creation', undefined, 'pending'],
        ['booking_status_change', 'pending', 'waiting'],
        ['booking_status_change', 'waiting', 'pending'],
        ['booking_status_change', 'pending', 'waiting'],
      ]);
      expect((await move(bookingId, { customer_id: jane.customerId, booking_status: status.cancelled })).status).toBe(204);
    });

    it('walks pending -> pending (relabel) -> confirmed -> completed, one event per change, capacity kept', async () => {
      const bookingId = await book([{ time_slot_id: slots.two }]);
      for (const next of ['waiting', 'confirmed', 'completed'] as const) {
        const response = await move(bookingId, { customer_id: jane.customerId, booking_status: status[next] });
        expect({ next, status: response.status }).toEqual({ next, status: 204 });
      }
      expect(await taken(slots.two)).toBe(1);
      const events = await eventsOf(bookingId);
      expect(events.map((event) => [event.type, event.data.previous_booking_status, event.data.booking_status])).toEqual([
        ['booking_creation', undefined, 'pending'],
        ['booking_status_change', 'pending', 'waiting'],
        ['booking_status_change', 'waiting', 'confirmed'],
        ['booking_status_change', 'confirmed', 'completed'],
      ]);
      // Completed is final: back to pending is refused, naming the field, and nothing changes.
      const refused = await move(bookingId, { customer_id: jane.customerId, booking_status: status.pending });
      expect(refused.status).toBe(400);
      expect(invalid(refused)).toEqual([
        {
          name: 'booking.booking_status',
          reason: 'not_allowed_value',
          value: status.pending,
          message: expect.stringContaining('completed booking cannot become pending'),
        },
      ]);
      const [row] = await t.dataSource.query(`SELECT booking_status_id FROM bookings WHERE booking_id = $1`, [bookingId]);
      expect(row.booking_status_id).toBe(status.completed);
      expect(await eventsOf(bookingId)).toHaveLength(4);
      await ent('DELETE', `/bookings/${bookingId}`);
    });

    it('cancelling a pending or a confirmed booking gives its capacity back, once', async () => {
      for (const start of ['pending', 'confirmed'] as const) {
        const bookingId = await book([{ time_slot_id: slots.ten, capacity_taken: 2 }], { booking_status: status[start] });
        expect(await taken(slots.ten)).toBe(2);
        expect((await move(bookingId, { customer_id: jane.customerId, booking_status: status.cancelled })).status).toBe(204);
        expect(await taken(slots.ten)).toBe(0);
        const [event] = (await eventsOf(bookingId)).slice(-1);
        expect(event.data).toMatchObject({ previous_booking_status: start, booking_status: 'cancelled', capacity_released: true });
        // Cancelled is final; the capacity is not given back twice, not even on delete.
        expect((await move(bookingId, { customer_id: jane.customerId, booking_status: status.confirmed })).status).toBe(400);
        expect((await move(bookingId, { customer_id: jane.customerId, booking_status: status.cancelled })).status).toBe(204);
        expect((await ent('DELETE', `/bookings/${bookingId}`)).status).toBe(204);
        expect(await taken(slots.ten)).toBe(0);
      }
    });

    it('refuses confirmed -> pending and pending -> completed, and unknown or blocked statuses', async () => {
      const bookingId = await book([{ time_slot_id: slots.nine }], { booking_status: status.confirmed });
      const pendingBooking = await book([{ time_slot_id: slots.nine }]);
      const cases: [string, string, string][] = [
        [bookingId, status.pending, 'not_allowed_value'],
        [pendingBooking, status.completed, 'not_allowed_value'],
        [bookingId, status.blocked, 'not_allowed_value'],
        [bookingId, 'feedfacefeedface', 'not_found'],
      ];
      for (const [id, next, reason] of cases) {
        const response = await move(id, { customer_id: jane.customerId, booking_status: next });
        expect({ next, status: response.status, first: invalid(response)[0] }).toEqual({
          next,
          status: 400,
          first: expect.objectContaining({ name: 'booking.booking_status', reason }),
        });
      }
      expect((await move(bookingId, { customer_id: jane.customerId, items: [] })).status).toBe(400);
      await ent('DELETE', `/bookings/${bookingId}`);
      await ent('DELETE', `/bookings/${pendingBooking}`);
    });

    it('replaces customer and data, keeps the status when none is given, and scopes the Customer interface', async () => {
      const bookingId = await book([{ time_slot_id: slots.nine }], { data: ['a', 'b'] });
      expect((await move(bookingId, { customer_id: max.customerId })).status).toBe(204);
      const [moved] = await t.dataSource.query(`SELECT customer_id, booking_status_id, data FROM bookings WHERE booking_id = $1`, [
        bookingId,
      ]);
      expect(moved).toEqual({ customer_id: max.customerId, booking_status_id: status.pending, data: null });
      // Now Max's: Jane cannot see or change it.
      expect((await move(bookingId, { booking_status: status.confirmed }, 'jane')).status).toBe(404);
      expect((await asJane('DELETE', `/bookings/${bookingId}`)).status).toBe(404);
      expect((await move(bookingId, { customer_id: jane.customerId, data: { back: true } })).status).toBe(204);
      // On the Customer interface the customer defaults to the logged-in one and must be them.
      expect((await move(bookingId, { booking_status: status.confirmed, data: 'x' }, 'jane')).status).toBe(204);
      const foreign = await move(bookingId, { customer_id: max.customerId }, 'jane');
      expect(invalid(foreign)[0]).toMatchObject({ name: 'booking.customer_id', reason: 'not_belong_to_logged_in_customer' });
      const [row] = await t.dataSource.query(`SELECT customer_id, booking_status_id, data FROM bookings WHERE booking_id = $1`, [
        bookingId,
      ]);
      expect(row).toEqual({ customer_id: jane.customerId, booking_status_id: status.confirmed, data: 'x' });
      expect((await move('feedfacefeedface', { booking_status: status.confirmed })).status).toBe(404);
      expect((await asJane('DELETE', `/bookings/${bookingId}`)).status).toBe(204);
    });
  });

  describe('DELETE /bookings/{booking_id}', () => {
    it('deletes the booking and its items, gives the capacity back and writes a deletion event', async () => {
      const bookingId = await book([{ time_slot_id: slots.two }]);
      expect(await taken(slots.two)).toBe(1);
      expect((await ent('DELETE', `/bookings/${bookingId}`)).status).toBe(204);
      expect(await taken(slots.two)).toBe(0);
      const [{ items }] = await t.dataSource.query(`SELECT count(*)::int AS items FROM booking_items WHERE booking_id = $1`, [bookingId]);
      expect(items).toBe(0);
      expect((await eventsOf(bookingId)).map((event) => event.type)).toEqual(['booking_creation', 'booking_deletion']);
      expect((await ent('DELETE', `/bookings/${bookingId}`)).status).toBe(404);
      expect((await ent('GET', `/bookings/${bookingId}`)).status).toBe(404);
    });
  });

  describe('POST /bookings/actions/average-booking-busy-times', () => {
    let bookings: string[];

    beforeAll(async () => {
      bookings = [
        await book([{ time_slot_id: slots.nine, capacity_taken: 3 }]),
        await book([{ time_slot_id: slots.ten, capacity_taken: 1 }]),
        await book([{ time_slot_id: slots.sauna, capacity_taken: 4 }]),
      ];
    });

    afterAll(async () => {
      for (const bookingId of bookings) await ent('DELETE', `/bookings/${bookingId}`);
    });

    const busy = (body: Record<string, unknown>) => asJane('POST', '/bookings/actions/average-booking-busy-times', { body });

    it('answers per hour for a day: the share of capacity taken in active slots starting in that hour', async () => {
      const response = await busy({ booking_date: DAY, time_period: 'day' });
      expect(response.status).toBe(200);
      expect(response.body.data.time_unit).toBe('hour');
      expect(response.body.data.chart_data).toHaveLength(24);
      const byHour = Object.fromEntries(response.body.data.chart_data.map((p: any) => [p.x_axis_value, p.y_axis_value]));
      // 09:00: massage 3 of 3, plus the expired and closed tickets' empty slots of 5 each: 3 of 13.
      expect(byHour).toMatchObject({ '8': '0', '9': '23', '10': '50', '14': '0', '16': '0' });
      const one = await busy({ booking_date: DAY, time_period: 'day', booking_ticket_id: massage });
      expect(one.body.data.chart_data[9]).toEqual({ x_axis_value: '9', y_axis_value: '100' });
    });

    it('answers per weekday for a week and per day of month, filtered by ticket property', async () => {
      const week = await busy({
        booking_date: '2030-03-06',
        time_period: 'week',
        booking_property_id: 'room',
        booking_property_value: 'red',
      });
      expect(week.body.data.time_unit).toBe('day');
      expect(week.body.data.chart_data.map((p: any) => p.y_axis_value)).toEqual(['0', '0', '40', '0', '0', '0', '0']);
      const weekAll = await busy({ booking_date: '2030-03-06', time_period: 'week', booking_property_id: 'room' });
      // Monday: 4 taken of 3 + 2 + 1 + 5 + 5 active capacity.
      expect(weekAll.body.data.chart_data[0]).toEqual({ x_axis_value: '1', y_axis_value: '25' });
      // The day before the week starts is outside it.
      const before = await busy({ booking_date: '2030-03-03', time_period: 'week' });
      expect(before.body.data.chart_data.every((p: any) => p.y_axis_value === '0')).toBe(true);
      const month = await busy({ booking_date: '2030-03-31', time_period: 'month' });
      expect(month.body.data.chart_data).toHaveLength(31);
      expect(month.body.data.chart_data[3]).toEqual({ x_axis_value: '4', y_axis_value: '25' });
      const year = await ent('POST', '/bookings/actions/average-booking-busy-times', {
        body: { booking_date: '2030-12-31', time_period: 'year' },
      });
      expect(year.body.data.time_unit).toBe('month');
      expect(year.body.data.chart_data[2]).toEqual({ x_axis_value: '3', y_axis_value: '31' });
    });

    it('refuses a bad date, an unknown period or ticket', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ booking_date: '2030-02-30', time_period: 'day' }, 'booking_date', 'invalid_value_format'],
        [{ booking_date: DAY, time_period: 'hour' }, 'time_period', 'not_allowed_value'],
        [{ time_period: 'day' }, 'booking_date', 'required'],
        [{ booking_date: DAY, time_period: 'day', booking_ticket_id: 'feedfacefeedface' }, 'booking_ticket_id', 'not_found'],
      ];
      for (const [body, name, reason] of cases) {
        const response = await busy(body);
        expect({ body, status: response.status, first: invalid(response)[0] }).toEqual({
          body,
          status: 400,
          first: expect.objectContaining({ name, reason }),
        });
      }
    });
  });
});
