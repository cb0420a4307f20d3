import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { BenchContext, BenchSuite } from '../bench-suite';
import { ensureLedger } from './loyalty.bench';

const BOOKINGS = 100_000;
const TICKETS = 4;
const DAYS = 365;
/** Hourly slots from 08:00 to 19:00: 4 tickets x 365 days x 12 hours = 17,520 slots. */
const FIRST_HOUR = 8;
const HOURS = 12;
const SLOT_CAPACITY = 40;
const FIRST_DAY = '2025-01-01';

/** The ids the SQL generates with md5(), computed the same way here. */
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** A generated id, as SQL: the same on every run, so generating twice adds nothing. */
const ticketId = (k: string) => `md5('bench-booking-ticket-' || ${k})`;
const slotId = (k: string, d: string, h: string) => `md5('bench-booking-slot-' || ${k} || '-' || ${d} || '-' || ${h})`;

/**
 * 100,000 bookings of one item each, spread over a year of hourly slots of four tickets, with each
 * slot's counter set to what its items hold. Generated in SQL once; a later run finds them.
 */
async function ensureBookings(client: Client, log: BenchContext['log']): Promise<void> {
  const existing = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM bookings WHERE data = '"bench"'`)).rows[0].n);
  if (existing >= BOOKINGS) return;
  log(`Generating ${BOOKINGS} bookings over ${TICKETS * DAYS * HOURS} time slots...`);
  const started = Date.now();
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO booking_tickets (ticket_id, names) SELECT ${ticketId('k')}, jsonb_build_object('en', 'Bench room ' || k)
       FROM generate_series(1, $1) AS k ON CONFLICT DO NOTHING`,
    [TICKETS],
  );
  await client.query(
    `INSERT INTO booking_time_slots (time_slot_id, ticket_id, valid_from, valid_to, total_capacity)
     SELECT ${slotId('k', 'd', 'h')}, ${ticketId('k')}, at, at + interval '1 hour', $5
       FROM generate_series(1, $1) AS k, generate_series(0, $2::int - 1) AS d, generate_series($3::int, $3::int + $4::int - 1) AS h,
            LATERAL (SELECT ($6::date + d + make_interval(hours => h))::timestamp AT TIME ZONE 'UTC' AS at) slot
     ON CONFLICT DO NOTHING`,
    [TICKETS, DAYS, FIRST_HOUR, HOURS, SLOT_CAPACITY, FIRST_DAY],
  );
  // Booking n lands on ticket n % 4, day (n / 4) % 365 and an hour that favours the middle of the day.
  const spread = `(n % ${TICKETS} + 1)::text, ((n / ${TICKETS}) % ${DAYS})::text,
                  (${FIRST_HOUR} + least(${HOURS} - 1, abs(((n * 7) % 17) - 8)))::text`;
  await client.query(
    `INSERT INTO bookings (booking_id, booking_status_id, data, created_at)
     SELECT md5('bench-booking-' || n), (SELECT booking_status_id FROM booking_statuses WHERE is_default), '"bench"', $2::date - 30
       FROM generate_series(1, $1) AS n ON CONFLICT DO NOTHING`,
    [BOOKINGS, FIRST_DAY],
  );
  await client.query(
    `INSERT INTO booking_items (booking_item_id, booking_id, time_slot_id, capacity_taken, booking_item_status_id, created_at)
     SELECT md5('bench-booking-item-' || n), md5('bench-booking-' || n), md5('bench-booking-slot-' || s.k || '-' || s.d || '-' || s.h), 1,
            (SELECT booking_status_id FROM booking_statuses WHERE is_default), $2::date - 30
       FROM generate_series(1, $1) AS n, LATERAL (SELECT ${spread}) AS s(k, d, h)
     ON CONFLICT DO NOTHING`,
    [BOOKINGS, FIRST_DAY],
  );
  await client.query(
    `UPDATE booking_time_slots s SET taken = held.amount
       FROM (SELECT i.time_slot_id, sum(i.capacity_taken)::int AS amount FROM booking_items i
               JOIN bookings b ON b.booking_id = i.booking_id AND b.holds_capacity AND b.data = '"bench"'
              GROUP BY i.time_slot_id) held
      WHERE s.time_slot_id = held.time_slot_id`,
  );
  await client.query('COMMIT');
  await client.query('ANALYZE booking_tickets, booking_time_slots, bookings, booking_items');
  log(`Generated the bookings in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Booking creation and busy-time reads. Creation books one place of one slot of practically unlimited
 * capacity for a bench customer, so every request takes that slot's counter row in turn (the worst
 * case for the lock) and writes its event; the reads aggregate a year and a week of the generated
 * slots. Each is compared with one customer's point SELECT in a bare NestJS app.
 */
export const bookingsSuite: BenchSuite = {
  name: 'bookings',
  async prepare({ api, auth, databaseUrl, log }) {
    await ensureLedger(databaseUrl, log);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await ensureBookings(client, log);
      await client.query(
        `INSERT INTO booking_tickets (ticket_id, names) VALUES (md5('bench-booking-create'), '{"en": "Bench creation"}') ON CONFLICT DO NOTHING`,
      );
      await client.query(
        `INSERT INTO booking_time_slots (time_slot_id, ticket_id, valid_from, valid_to, total_capacity)
         VALUES (md5('bench-booking-create'), md5('bench-booking-create'), '2031-01-01 10:00:00+00', '2031-01-01 11:00:00+00', 2147483647)
         ON CONFLICT DO NOTHING`,
      );
    } finally {
      await client.end();
    }
    const headers = { ...auth, 'content-type': 'application/json' };
    const busy = (period: string, date: string) => ({
      name: `POST /bookings/actions/average-booking-busy-times (${period}, ${BOOKINGS} bookings)`,
      url: `${api}/bookings/actions/average-booking-busy-times`,
      method: 'POST' as const,
      headers,
      body: JSON.stringify({ booking_date: date, time_period: period }),
      baseline: 'nest-pg-select' as const,
    });
    return [
      {
        name: 'POST /bookings (one item, same slot)',
        url: `${api}/bookings`,
        method: 'POST',
        headers,
        body: JSON.stringify({
          booking: {
            customer_id: md5('bench-loyalty-4'),
            created_at: '2030-12-01 08:00:00',
            booking_items: [{ time_slot_id: md5('bench-booking-create') }],
          },
        }),
        baseline: 'nest-pg-select',
      },
      busy('year', '2025-12-31'),
      busy('week', '2025-06-15'),
    ];
  },
};
