import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestResponse } from '../support/test-app';

describe('tessera booking-status, booking-ticket and booking-ticket-property', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;

  const ent = (path: string, query?: Record<string, string>): Promise<TestResponse> => t.enterprise('GET', path, { token, query });
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);
  const define = (command: string, definition: object | string): Promise<CliRun> => workspace.runWithFile([command, 'define'], definition);
  const rowCount = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'booking');
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  describe('tessera booking-status', () => {
    it('lists the seeded workflow statuses with their phases and the default', async () => {
      const listed = await cli(['booking-status', 'list']);
      expect(listed.code).toBe(0);
      expect(listed.stdout.split('\n')[0].split(/\s{2,}/)).toEqual([
        'BOOKING STATUS ID',
        'TEXT ID',
        'PHASE',
        'DEFAULT',
        'STATE',
        'BOOKINGS',
        'NAME',
      ]);
      expect(listed.stdout).toMatch(/^[0-9a-f]{32}\s+pending\s+pending\s+yes\s+active\s+0\s+Pending$/m);
      expect(listed.stdout).toMatch(/^[0-9a-f]{32}\s+cancelled\s+cancelled\s+no\s+active\s+0\s+Cancelled$/m);
    });

    it('defines a status, makes it the default, redefines it by text id, and the API serves it', async () => {
      const created = await define('booking-status', {
        text_id: 'requested',
        names: [
          { language_code: 'en', text: 'Requested' },
          { language_code: 'de', text: 'Angefragt' },
        ],
        phase: 'pending',
        is_default: true,
      });
      expect(created).toEqual({
        code: 0,
        stdout: expect.stringMatching(/^Booking status requested created \([0-9a-f]{32}\)\n$/),
        stderr: '',
      });
      const id = /\(([0-9a-f]{32})\)/.exec(created.stdout)![1];
      const german = await t.enterprise('GET', `/booking-statuses/${id}`, { token, headers: { 'Accept-Language': 'de' } });
      expect(german.body.data).toMatchObject({ booking_status_id: id, name: 'Angefragt', state: 1 });
      const [{ defaults }] = await t.dataSource.query(`SELECT array_agg(text_id) AS defaults FROM booking_statuses WHERE is_default`);
      expect(defaults).toEqual(['requested']);
      const updated = await cli(
        ['booking-status', 'define', '-'],
        JSON.stringify({ text_id: 'requested', names: [{ language_code: 'en', text: 'Asked' }], phase: 'confirmed' }),
      );
      expect(updated).toEqual({ code: 0, stdout: `Booking status requested updated (${id})\n`, stderr: '' });
      expect((await ent(`/booking-statuses/${id}`)).body.data.name).toBe('Asked');
      // The default stays the default until another status takes over, so it cannot be blocked now.
      const blocked = await cli(['booking-status', 'remove', 'requested']);
      expect(blocked.code).toBe(1);
      expect(blocked.stderr).toContain('text_id');
      expect(
        (
          await define('booking-status', {
            text_id: 'pending',
            names: [{ language_code: 'en', text: 'Pending' }],
            phase: 'pending',
            is_default: true,
          })
        ).code,
      ).toBe(0);
      expect(await cli(['booking-status', 'remove', 'requested'])).toEqual({
        code: 0,
        stdout: 'Booking status requested blocked; bookings that have it keep it\n',
        stderr: '',
      });
      expect(await cli(['booking-status', 'remove', 'requested'])).toEqual({
        code: 0,
        stdout: 'Booking status requested was blocked already\n',
        stderr: '',
      });
      expect((await ent(`/booking-statuses/${id}`)).body.data.state).toBe(0);
      // Defining it again makes it active again.
      expect(
        (await define('booking-status', { text_id: 'requested', names: [{ language_code: 'en', text: 'Asked' }], phase: 'confirmed' }))
          .code,
      ).toBe(0);
      expect((await ent(`/booking-statuses/${id}`)).body.data.state).toBe(1);
    });

    it('refuses a bad definition naming the fields, and a final phase for the default', async () => {
      const before = await rowCount('booking_statuses');
      const bad = await define('booking-status', { text_id: 'x', names: [], phase: 'archived', colour: 'red' });
      expect(bad.code).toBe(1);
      for (const field of ['names', 'phase', 'colour']) expect(bad.stderr).toContain(field);
      const format = await define('booking-status', { text_id: 'Bad Id', names: [{ language_code: 'en', text: 'Bad' }], phase: 'pending' });
      expect(format.stderr).toContain('text_id:');
      const finalDefault = await define('booking-status', {
        text_id: 'done',
        names: [{ language_code: 'en', text: 'Done' }],
        phase: 'completed',
        is_default: true,
      });
      expect(finalDefault.code).toBe(1);
      expect(finalDefault.stderr).toContain('phase:');
      expect(await rowCount('booking_statuses')).toBe(before);
      expect((await cli(['booking-status', 'explode'])).code).toBe(2);
    });
  });

  describe('tessera booking-ticket-property and booking-ticket', () => {
    let ticketId: string;

    it('defines a ticket property, then a ticket with property values and slots, served by the API', async () => {
      expect(
        await define('booking-ticket-property', {
          property_id: 'room',
          name: 'Room',
          data_type: 'enum',
          items: [
            { id: 'blue', name: 'Blue room' },
            { id: 'red', name: 'Red room' },
          ],
        }),
      ).toEqual({ code: 0, stdout: 'Booking ticket property room created\n', stderr: '' });
      expect((await ent('/booking-ticket-properties/room')).body.data.items).toHaveLength(2);
      const created = await define('booking-ticket', {
        names: [{ language_code: 'en', text: 'Massage' }],
        valid_from: '2030-01-01 00:00:00',
        property_records: [{ property_id: 'room', property_value: 'blue' }],
        time_slots: [
          { valid_from: '2030-03-04 09:00:00', valid_to: '2030-03-04 10:00:00', total_capacity: 3 },
          { valid_from: '2030-03-04 10:00:00', valid_to: '2030-03-04 11:00:00', total_capacity: 2 },
        ],
      });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      ticketId = created.stdout.trim();
      expect((await ent(`/booking-tickets/${ticketId}`)).body.data).toMatchObject({
        ticket_id: ticketId,
        name: 'Massage',
        valid_from: '2030-01-01 00:00:00',
      });
      expect(
        (await ent('/booking-tickets', { booking_ticket_property_id: 'room', booking_ticket_property_value: 'blue' })).body.data
          .total_items,
      ).toBe(1);
      const slots = (await ent(`/booking-tickets/${ticketId}/time-slots`)).body.data.time_slots;
      expect(slots.map((slot: any) => [slot.valid_from, slot.total_capacity, slot.free_capacity])).toEqual([
        ['2030-03-04 09:00:00', 3, 3],
        ['2030-03-04 10:00:00', 2, 2],
      ]);
      const listed = await cli(['booking-ticket', 'list']);
      expect(listed.stdout.split('\n')[0].split(/\s{2,}/)).toEqual([
        'TICKET ID',
        'STATE',
        'SLOTS',
        'CAPACITY',
        'TAKEN',
        'VALID FROM',
        'VALID TO',
        'NAME',
      ]);
      expect(listed.stdout).toMatch(new RegExp(`^${ticketId}\\s+active\\s+2\\s+5\\s+0\\s+2030-01-01 00:00:00\\s+-\\s+Massage$`, 'm'));
    });

    it('redefines a ticket: changes a slot, adds one, blocks the one left out, and keeps capacity above what is booked', async () => {
      const slots = (await ent(`/booking-tickets/${ticketId}/time-slots`)).body.data.time_slots;
      const customer = await t.createCustomer();
      const booked = await t.enterprise('POST', '/bookings', {
        token,
        body: {
          booking: {
            customer_id: customer.customerId,
            created_at: '2030-03-01 08:00:00',
            booking_items: [{ time_slot_id: slots[0].time_slot_id, capacity_taken: 2 }],
          },
        },
      });
      expect(booked.status).toBe(201);
      const tooSmall = await define('booking-ticket', {
        ticket_id: ticketId,
        names: [{ language_code: 'en', text: 'Massage' }],
        time_slots: [
          { time_slot_id: slots[0].time_slot_id, valid_from: '2030-03-04 09:00:00', valid_to: '2030-03-04 10:00:00', total_capacity: 1 },
        ],
      });
      expect(tooSmall.code).toBe(1);
      expect(tooSmall.stderr).toContain('time_slots.0.total_capacity');
      const updated = await define('booking-ticket', {
        ticket_id: ticketId,
        names: [{ language_code: 'en', text: 'Massage (new)' }],
        time_slots: [
          { time_slot_id: slots[0].time_slot_id, valid_from: '2030-03-04 09:00:00', valid_to: '2030-03-04 10:00:00', total_capacity: 4 },
          { valid_from: '2030-03-04 12:00:00', valid_to: '2030-03-04 13:00:00', total_capacity: 1 },
        ],
      });
      expect(updated).toEqual({ code: 0, stdout: `Booking ticket ${ticketId} updated\n`, stderr: '' });
      const after = (await ent(`/booking-tickets/${ticketId}/time-slots`)).body.data.time_slots;
      expect(after.map((slot: any) => [slot.valid_from, slot.total_capacity, slot.free_capacity, slot.state])).toEqual([
        ['2030-03-04 09:00:00', 4, 2, 1],
        ['2030-03-04 10:00:00', 2, 2, 0],
        ['2030-03-04 12:00:00', 1, 1, 1],
      ]);
      // Property values are part of the definition: left out, the ticket has none.
      expect(
        (await ent('/booking-tickets', { booking_ticket_property_id: 'room', booking_ticket_property_value: 'blue' })).body.data
          .total_items,
      ).toBe(0);
    });

    it('keeps no value of a property given as null', async () => {
      const created = await define('booking-ticket', {
        names: [{ language_code: 'en', text: 'Sauna' }],
        property_records: [{ property_id: 'room', property_value: null }],
        time_slots: [],
      });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      const records = await t.dataSource.query(`SELECT property_id FROM booking_ticket_property_records WHERE ticket_id = $1`, [
        created.stdout.trim(),
      ]);
      expect(records).toEqual([]);
    });

    it('refuses bad tickets naming the fields, and blocks and removes', async () => {
      const before = await rowCount('booking_tickets');
      const bad = await define('booking-ticket', {
        names: [{ language_code: 'en', text: 'Bad' }],
        valid_from: 'soon',
        property_records: [
          { property_id: 'room', property_value: 'green' },
          { property_id: 'nothing', property_value: 'x' },
        ],
        time_slots: [{ valid_from: '2030-03-04 10:00:00', valid_to: '2030-03-04 09:00:00', total_capacity: -1 }],
      });
      expect(bad.code).toBe(1);
      for (const field of [
        'valid_from:',
        'property_records.0.property_value:',
        'property_records.1.property_id:',
        'time_slots.0.valid_to:',
        'time_slots.0.total_capacity:',
      ]) {
        expect(bad.stderr).toContain(field);
      }
      const unknown = await define('booking-ticket', {
        ticket_id: 'feedfacefeedface',
        names: [{ language_code: 'en', text: 'X' }],
        time_slots: [],
      });
      expect(unknown.stderr).toContain('ticket_id:');
      expect(await rowCount('booking_tickets')).toBe(before);
      expect(await cli(['booking-ticket', 'remove', ticketId])).toEqual({
        code: 0,
        stdout: `Booking ticket ${ticketId} blocked; it takes no new bookings, and its bookings are kept\n`,
        stderr: '',
      });
      expect(await cli(['booking-ticket', 'remove', ticketId])).toEqual({
        code: 0,
        stdout: `Booking ticket ${ticketId} was blocked already\n`,
        stderr: '',
      });
      expect((await ent(`/booking-tickets/${ticketId}`)).body.data.state).toBe(0);
      expect(await cli(['booking-ticket-property', 'remove', 'room'])).toEqual({
        code: 0,
        stdout: 'Booking ticket property room removed; the values booking tickets have are kept\n',
        stderr: '',
      });
      expect((await cli(['booking-ticket-property', 'list'])).stdout).toMatch(
        /^room\s+enum\s+no\s+no\s+removed\s+blue=Blue room, red=Red room\s+Room$/m,
      );
      expect((await cli(['booking-ticket', 'remove', 'feedfacefeedface'])).code).toBe(1);
    });
  });
});
