import { TestApp } from '../support/test-app';

/** Booking statuses and booking tickets through the operator API, with their audit rows and what the contract's reads see. */
describe('Operator API: booking statuses and tickets', () => {
  let t: TestApp;
  let token: string;
  let enterprise: string;

  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);
  const trailOf = async (kind: string, id: string) => {
    const owner = (await t.operatorToken(['owner'])).token;
    return (await t.operator('GET', '/audit-events', { token: owner, query: { target_type: kind, target_id: id } })).body.data.audit_events;
  };

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    enterprise = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  describe('booking statuses', () => {
    it('creates, changes, takes over the default, deactivates and activates a status, auditing each write', async () => {
      const body = { text_id: 'requested', names: { en: 'Requested', de: 'Angefragt' }, phase: 'pending' };
      const created = await t.operator('POST', '/booking-statuses', { token, body });
      expect(created.status).toBe(201);
      const id = created.body.data.booking_status_id;
      expect(created.body.data).toEqual({
        ...body,
        booking_status_id: id,
        is_default: false,
        state: 1,
        bookings: 0,
        last_change: expect.any(String),
      });
      expect((await t.operator('GET', '/booking-statuses/requested', { token })).body.data.booking_status_id).toBe(id);
      expect((await t.operator('GET', '/booking-statuses', { token, query: { q: 'angefragt' } })).body.data.total_items).toBe(1);

      const defaulted = await t.operator('PUT', `/booking-statuses/${id}`, {
        token,
        body: { ...body, names: { en: 'Asked' }, is_default: true },
      });
      expect(defaulted.status).toBe(200);
      expect(defaulted.body.data).toMatchObject({ names: { en: 'Asked' }, is_default: true });
      const [{ defaults }] = await t.dataSource.query(`SELECT array_agg(text_id) AS defaults FROM booking_statuses WHERE is_default`);
      expect(defaults).toEqual(['requested']);
      expect((await t.enterprise('GET', `/booking-statuses/${id}`, { token: enterprise })).body.data).toMatchObject({
        name: 'Asked',
        state: 1,
      });

      // The default stays until another takes over: it can be neither unmarked nor deactivated.
      const unmarked = await t.operator('PUT', '/booking-statuses/requested', { token, body: { ...body, is_default: false } });
      expect(unmarked.status).toBe(400);
      expect(unmarked.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'is_default' });
      const refused = await t.operator('POST', '/booking-statuses/requested/actions/deactivate', { token });
      expect(refused.status).toBe(400);
      expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'is_default' });
      await t.operator('PUT', '/booking-statuses/pending', {
        token,
        body: { text_id: 'pending', names: { en: 'Pending' }, phase: 'pending', is_default: true },
      });

      const deactivated = await t.operator('POST', '/booking-statuses/requested/actions/deactivate', { token });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body.data).toMatchObject({ state: 0, is_default: false });
      expect((await t.enterprise('GET', `/booking-statuses/${id}`, { token: enterprise })).body.data.state).toBe(0);
      const customer = await t.createCustomer();
      const booking = await t.enterprise('POST', '/bookings', {
        token: enterprise,
        body: {
          booking: { customer_id: customer.customerId, booking_status_id: id, created_at: '2030-03-01 08:00:00', booking_items: [] },
        },
      });
      expect(booking.status).toBe(400);
      expect((await t.operator('POST', '/booking-statuses/requested/actions/activate', { token })).body.data.state).toBe(1);

      expect((await trailOf('booking_status', id)).map((event: any) => event.operation)).toEqual([
        'POST /booking-statuses/{booking_status_key}/actions/activate',
        'POST /booking-statuses/{booking_status_key}/actions/deactivate',
        'PUT /booking-statuses/{booking_status_key}',
        'POST /booking-statuses',
      ]);
    });

    it('names the field in a refusal and changes nothing', async () => {
      const before = [await count('booking_statuses'), await count('audit_events')];
      const bad = await t.operator('POST', '/booking-statuses', {
        token,
        body: { text_id: 'Bad Id', names: { en: 'Bad' }, phase: 'pending' },
      });
      expect(bad.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id' });
      const phase = await t.operator('POST', '/booking-statuses', { token, body: { text_id: 'x', names: { en: 'X' }, phase: 'archived' } });
      expect(phase.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'phase' });
      const finalDefault = await t.operator('POST', '/booking-statuses', {
        token,
        body: { text_id: 'done', names: { en: 'Done' }, phase: 'completed', is_default: true },
      });
      expect(finalDefault.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'phase' });
      const clash = await t.operator('POST', '/booking-statuses', {
        token,
        body: { text_id: 'pending', names: { en: 'P' }, phase: 'pending' },
      });
      expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id', reason: 'already_exists' });
      expect([await count('booking_statuses'), await count('audit_events')]).toEqual(before);
    });
  });

  describe('booking tickets', () => {
    it('creates a ticket with property values and slots, changes its slots, deactivates and activates it, auditing each write', async () => {
      await t.operator('POST', '/booking-ticket-properties', {
        token,
        body: {
          property_id: 'room',
          name: 'Room',
          data_type: 'enum',
          items: [
            { id: 'blue', name: 'Blue room' },
            { id: 'red', name: 'Red room' },
          ],
        },
      });
      const body = {
        names: { en: 'Massage' },
        valid_from: '2030-01-01 00:00:00',
        property_records: [{ property_id: 'room', property_value: 'blue' }],
        time_slots: [
          { valid_from: '2030-03-04 09:00:00', valid_to: '2030-03-04 10:00:00', total_capacity: 3 },
          { valid_from: '2030-03-04 10:00:00', valid_to: '2030-03-04 11:00:00', total_capacity: 2 },
        ],
      };
      const created = await t.operator('POST', '/booking-tickets', { token, body });
      expect(created.status).toBe(201);
      const id = created.body.data.ticket_id;
      const [nine, ten] = created.body.data.time_slots;
      expect(created.body.data).toEqual({
        ...body,
        ticket_id: id,
        time_slots: body.time_slots.map((slot, index) => ({ ...slot, time_slot_id: [nine, ten][index].time_slot_id, state: 1 })),
        state: 1,
        last_change: expect.any(String),
      });
      expect((await t.enterprise('GET', `/booking-tickets/${id}`, { token: enterprise })).body.data).toMatchObject({ name: 'Massage' });

      const customer = await t.createCustomer();
      const booked = await t.enterprise('POST', '/bookings', {
        token: enterprise,
        body: {
          booking: {
            customer_id: customer.customerId,
            created_at: '2030-03-01 08:00:00',
            booking_items: [{ time_slot_id: nine.time_slot_id, capacity_taken: 2 }],
          },
        },
      });
      expect(booked.status).toBe(201);

      // A slot that bookings have cannot be dropped, nor shrunk below what they hold.
      const before = [await count('booking_time_slots'), await count('audit_events')];
      const dropped = await t.operator('PUT', `/booking-tickets/${id}`, {
        token,
        body: { ...body, time_slots: [{ ...body.time_slots[1], time_slot_id: ten.time_slot_id }] },
      });
      expect(dropped.status).toBe(400);
      expect(dropped.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'time_slots', value: nine.time_slot_id });
      const shrunk = await t.operator('PUT', `/booking-tickets/${id}`, {
        token,
        body: { ...body, time_slots: [{ ...body.time_slots[0], time_slot_id: nine.time_slot_id, total_capacity: 1 }] },
      });
      expect(shrunk.body.error.error_data.invalid_params.map((problem: any) => problem.name)).toContain('time_slots.0.total_capacity');
      expect([await count('booking_time_slots'), await count('audit_events')]).toEqual(before);

      // The booked slot stays, blocked; the unbooked one is dropped; a new one is added.
      const changed = await t.operator('PUT', `/booking-tickets/${id}`, {
        token,
        body: {
          names: { en: 'Massage (new)' },
          time_slots: [
            { ...body.time_slots[0], time_slot_id: nine.time_slot_id, state: 0 },
            { valid_from: '2030-03-04 12:00:00', valid_to: '2030-03-04 13:00:00', total_capacity: 1 },
          ],
        },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.data.property_records).toEqual([]);
      const slots = (await t.enterprise('GET', `/booking-tickets/${id}/time-slots`, { token: enterprise })).body.data.time_slots;
      expect(slots.map((slot: any) => [slot.valid_from, slot.total_capacity, slot.free_capacity, slot.state])).toEqual([
        ['2030-03-04 09:00:00', 3, 1, 0],
        ['2030-03-04 12:00:00', 1, 1, 1],
      ]);

      const deactivated = await t.operator('POST', `/booking-tickets/${id}/actions/deactivate`, { token });
      expect(deactivated.status).toBe(200);
      expect((await t.enterprise('GET', `/booking-tickets/${id}`, { token: enterprise })).body.data.state).toBe(0);
      const notOffered = await t.enterprise('POST', '/bookings', {
        token: enterprise,
        body: {
          booking: {
            customer_id: customer.customerId,
            created_at: '2030-03-01 08:00:00',
            booking_items: [{ time_slot_id: slots[1].time_slot_id }],
          },
        },
      });
      expect(notOffered.status).toBe(400);
      expect((await t.operator('POST', `/booking-tickets/${id}/actions/activate`, { token })).body.data.state).toBe(1);

      expect((await trailOf('booking_ticket', id)).map((event: any) => event.operation)).toEqual([
        'POST /booking-tickets/{ticket_id}/actions/activate',
        'POST /booking-tickets/{ticket_id}/actions/deactivate',
        'PUT /booking-tickets/{ticket_id}',
        'POST /booking-tickets',
      ]);
    });

    it('names the field in a refusal and changes nothing', async () => {
      await t.operator('POST', '/booking-ticket-properties/room/actions/deactivate', { token });
      const before = [await count('booking_tickets'), await count('booking_time_slots'), await count('audit_events')];
      const bad = await t.operator('POST', '/booking-tickets', {
        token,
        body: {
          names: { en: 'Bad' },
          valid_from: 'soon',
          property_records: [{ property_id: 'room', property_value: 'blue' }],
          time_slots: [{ valid_from: '2030-03-04 10:00:00', valid_to: '2030-03-04 09:00:00', total_capacity: -1 }],
        },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.error_data.invalid_params.map((problem: any) => problem.name).sort()).toEqual([
        'property_records.0.property_id',
        'time_slots.0.total_capacity',
        'time_slots.0.valid_to',
        'valid_from',
      ]);
      expect(
        (await t.operator('PUT', '/booking-tickets/feedfacefeedface', { token, body: { names: { en: 'X' }, time_slots: [] } })).status,
      ).toBe(404);
      expect([await count('booking_tickets'), await count('booking_time_slots'), await count('audit_events')]).toEqual(before);
    });
  });
});
