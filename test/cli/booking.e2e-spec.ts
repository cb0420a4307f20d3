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

    it('defines a status, makes it the default, changes it, and the API serves it', async () => {
      const created = await define('booking-status', {
        text_id: 'requested',
        names: { en: 'Requested', de: 'Angefragt' },
        phase: 'pending',
        is_default: true,
      });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      const id = created.stdout.trim();
      const german = await t.enterprise('GET', `/booking-statuses/${id}`, { token, headers: { 'Accept-Language': 'de' } });
      expect(german.body.data).toMatchObject({ booking_status_id: id, name: 'Angefragt', state: 1 });
      const [{ defaults }] = await t.dataSource.query(`SELECT array_agg(text_id) AS defaults FROM booking_statuses WHERE is_default`);
      expect(defaults).toEqual(['requested']);
      const changed = await cli(
        ['booking-status', 'change', 'requested', '-'],
        JSON.stringify({ text_id: 'requested', names: { en: 'Asked' }, phase: 'confirmed', is_default: true }),
      );
      expect(changed.code).toBe(0);
      expect(JSON.parse(changed.stdout)).toMatchObject({ booking_status_id: id, names: { en: 'Asked' }, phase: 'confirmed' });
      expect((await ent(`/booking-statuses/${id}`)).body.data.name).toBe('Asked');
      // The default stays the default until another status takes over, so it cannot be deactivated now.
      const blocked = await cli(['booking-status', 'remove', 'requested']);
      expect(blocked.code).toBe(1);
      expect(blocked.stderr).toContain('is_default');
      const pending = await cli(['booking-status', 'show', 'pending']);
      expect(
        (await cli(['booking-status', 'change', 'pending', '-'], JSON.stringify({ ...JSON.parse(pending.stdout), is_default: true }))).code,
      ).toBe(0);
      expect(await cli(['booking-status', 'remove', 'requested'])).toEqual({
        code: 0,
        stdout: 'Deactivated booking status requested (state 0)\n',
        stderr: '',
      });
      expect((await ent(`/booking-statuses/${id}`)).body.data.state).toBe(0);
      expect((await cli(['booking-status', 'list'])).stdout).toMatch(
        /^[0-9a-f]{32}\s+requested\s+confirmed\s+no\s+deactivated\s+0\s+Asked$/m,
      );
      expect(await cli(['booking-status', 'activate', id])).toEqual({
        code: 0,
        stdout: `Activated booking status ${id} (state 1)\n`,
        stderr: '',
      });
      expect((await ent(`/booking-statuses/${id}`)).body.data.state).toBe(1);
    });

    it('refuses a bad definition naming the fields, and a final phase for the default', async () => {
      const before = await rowCount('booking_statuses');
      const bad = await define('booking-status', { text_id: 'x', names: { en: 'X' }, phase: 'archived', colour: 'red' });
      expect(bad.code).toBe(1);
      for (const field of ['phase', 'colour']) expect(bad.stderr).toContain(field);
      const format = await define('booking-status', { text_id: 'Bad Id', names: { en: 'Bad' }, phase: 'pending' });
      expect(format.stderr).toContain('text_id:');
      const finalDefault = await define('booking-status', {
        text_id: 'done',
        names: { en: 'Done' },
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
      ).toEqual({ code: 0, stdout: 'room\n', stderr: '' });
      expect((await ent('/booking-ticket-properties/room')).body.data.items).toHaveLength(2);
      const created = await define('booking-ticket', {
        names: { en: 'Massage' },
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
        'VALID FROM',
        'VALID TO',
        'NAME',
      ]);
      expect(listed.stdout).toMatch(new RegExp(`^${ticketId}\\s+active\\s+2\\s+5\\s+2030-01-01 00:00:00\\s+-\\s+Massage$`, 'm'));
    });

    it('changes a ticket: changes a slot, adds one, drops an unbooked one, and refuses to drop or shrink a booked one', async () => {
      const shown = JSON.parse((await cli(['booking-ticket', 'show', ticketId])).stdout);
      const [nine, ten] = shown.time_slots;
      const customer = await t.createCustomer();
      const booked = await t.enterprise('POST', '/bookings', {
        token,
        body: {
          booking: {
            customer_id: customer.customerId,
            created_at: '2030-03-01 08:00:00',
            booking_items: [{ time_slot_id: nine.time_slot_id, capacity_taken: 2 }],
          },
        },
      });
      expect(booked.status).toBe(201);
      const change = (definition: object) => workspace.runWithFile(['booking-ticket', 'change', ticketId], definition);
      const tooSmall = await change({ ...shown, time_slots: [{ ...nine, total_capacity: 1 }, ten] });
      expect(tooSmall.code).toBe(1);
      expect(tooSmall.stderr).toContain('time_slots.0.total_capacity');
      const dropped = await change({ ...shown, time_slots: [ten] });
      expect(dropped.code).toBe(1);
      expect(dropped.stderr).toContain('time_slots:');
      const updated = await change({
        names: { en: 'Massage (new)' },
        time_slots: [
          { ...nine, total_capacity: 4 },
          { valid_from: '2030-03-04 12:00:00', valid_to: '2030-03-04 13:00:00', total_capacity: 1 },
        ],
      });
      expect(updated.code).toBe(0);
      expect(JSON.parse(updated.stdout)).toMatchObject({ ticket_id: ticketId, names: { en: 'Massage (new)' } });
      const after = (await ent(`/booking-tickets/${ticketId}/time-slots`)).body.data.time_slots;
      expect(after.map((slot: any) => [slot.valid_from, slot.total_capacity, slot.free_capacity, slot.state])).toEqual([
        ['2030-03-04 09:00:00', 4, 2, 1],
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
        names: { en: 'Sauna' },
        property_records: [{ property_id: 'room', property_value: null }],
        time_slots: [],
      });
      expect(created).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
      const records = await t.dataSource.query(`SELECT property_id FROM booking_ticket_property_records WHERE ticket_id = $1`, [
        created.stdout.trim(),
      ]);
      expect(records).toEqual([]);
    });

    it('refuses bad tickets naming the fields, and deactivates', async () => {
      const before = await rowCount('booking_tickets');
      const bad = await define('booking-ticket', {
        names: { en: 'Bad' },
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
      const unknown = await workspace.runWithFile(['booking-ticket', 'change', 'feedfacefeedface'], { names: { en: 'X' }, time_slots: [] });
      expect(unknown.code).toBe(1);
      expect(await rowCount('booking_tickets')).toBe(before);
      expect(await cli(['booking-ticket', 'remove', ticketId])).toEqual({
        code: 0,
        stdout: `Deactivated booking ticket ${ticketId} (state 0)\n`,
        stderr: '',
      });
      expect((await ent(`/booking-tickets/${ticketId}`)).body.data.state).toBe(0);
      expect(await cli(['booking-ticket-property', 'remove', 'room'])).toEqual({
        code: 0,
        stdout: 'Deactivated booking ticket property room (state 0)\n',
        stderr: '',
      });
      expect((await cli(['booking-ticket-property', 'list'])).stdout).toMatch(
        /^room\s+enum\s+no\s+no\s+deactivated\s+blue=Blue room, red=Red room\s+Room$/m,
      );
      expect((await cli(['booking-ticket', 'remove', 'feedfacefeedface'])).code).toBe(1);
    });
  });
});
