import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { groupBy, newId, rowPageStatement, toRowPage } from '@tessera/core';
import {
  Actor,
  CommonException,
  InvalidReason,
  Page,
  PageRequest,
  customerFilterInScope,
  customerInScope,
  freeFormJson,
  isCalendarDate,
  optionalRequestDateTime,
  visibleRecord,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService } from '../customers';
import { BookingStatusRow, BookingStatusService } from './booking-status.service';
import { BookingTicketRow, ticketPropertyCondition } from './booking-ticket.service';
import { BookingPhase, bookingMove, holdsCapacity } from './rules/booking-workflow';
import { writeOutboxEvent } from '../../platform/outbox';

export const BOOKING_SORT_FIELDS = ['booking_id', 'customer_id', 'booking_status', 'created_at', 'last_change', 'state'] as const;
export type BookingSortField = (typeof BOOKING_SORT_FIELDS)[number];

export const BOOKING_ITEM_MODES = ['full', 'items-only', 'none'] as const;
export type BookingItemMode = (typeof BOOKING_ITEM_MODES)[number];

export const BUSY_TIME_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type BusyTimePeriod = (typeof BUSY_TIME_PERIODS)[number];

export interface UtmInput {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
}

export interface BookingItemInput {
  customer_id?: string;
  time_slot_id: string;
  capacity_taken?: number;
  booking_item_status?: string;
  created_at?: string;
}

export interface NewBookingInput {
  customer_id?: string;
  booking_status?: string;
  booking_items: BookingItemInput[];
  utm?: UtmInput;
  data?: unknown;
  created_at: string;
}

export interface BookingChangeInput {
  customer_id?: string;
  booking_status?: string;
  data?: unknown;
}

export interface BookingFilter {
  customer_id?: string;
  booking_status?: string;
  booking_statuses?: string[];
  /** The same filter sent as `booking_statuses[]`. */
  booking_statuses_brackets?: string[];
  add_booking_items?: BookingItemMode;
}

export interface BusyTimesInput {
  booking_date: string;
  time_period: BusyTimePeriod;
  booking_ticket_id?: string;
  booking_property_id?: string;
  booking_property_value?: string;
}

export interface BookingRow {
  booking_id: string;
  customer_id: string | null;
  booking_status_id: string;
  utm: UtmInput | null;
  data: unknown;
  created_at: Date;
  last_change: Date;
  state: number;
}

export interface TicketPropertyRecord {
  property_id: string;
  property_name: string;
  property_value: unknown;
  last_change: Date;
}

export interface BookingItemView {
  booking_item_id: string;
  customer_id: string | null;
  time_slot_id: string;
  capacity_taken: number;
  booking_item_status_id: string;
  created_at: Date;
  last_change: Date;
  state: number;
  valid_from: Date;
  valid_to: Date;
  ticket: BookingTicketRow;
  /** The ticket's property values, read in the `full` form only. */
  properties: TicketPropertyRecord[];
}

export interface BookingView {
  booking: BookingRow;
  items: BookingItemView[];
}

export interface BusyTimes {
  timeUnit: string;
  points: { x: number; y: number }[];
}

const BOOKING_COLUMNS = `b.booking_id, b.customer_id, b.booking_status_id, b.utm, b.data, b.created_at, b.last_change, b.state`;
const BOOKING_SORT_COLUMNS: Record<BookingSortField, string> = {
  booking_id: 'booking_id',
  customer_id: 'customer_id',
  booking_status: 'booking_status_id',
  created_at: 'created_at',
  last_change: 'last_change',
  state: 'state',
};

/** Per period: how far back the window reaches, the bucket of a slot's local start, the buckets, and their unit. */
const PERIODS: Record<BusyTimePeriod, { span: string; bucket: string; first: number; last: number; unit: string }> = {
  day: { span: '1 day', bucket: 'hour', first: 0, last: 23, unit: 'hour' },
  week: { span: '7 days', bucket: 'isodow', first: 1, last: 7, unit: 'day' },
  month: { span: '1 month', bucket: 'day', first: 1, last: 31, unit: 'day' },
  year: { span: '1 year', bucket: 'month', first: 1, last: 12, unit: 'month' },
};

interface LockedBooking extends BookingRow {
  holds_capacity: boolean;
  phase: BookingPhase;
  status_text_id: string;
}

/**
 * Customers' bookings of ticket time slots. Taking capacity is one conditional UPDATE of the slot's
 * counter row (`taken + n <= total_capacity`), so concurrent bookings queue on that row and the last
 * ones to arrive find it full; nothing is checked first and inserted later. Status changes follow the
 * booking workflow (`rules/booking-workflow.ts`); a cancelled booking gives its capacity back, and
 * each status change writes its customer event in the same transaction.
 */
@Injectable()
export class BookingService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statuses: BookingStatusService,
    private readonly customers: CustomerAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(actor: Actor, filter: BookingFilter, page: PageRequest<BookingSortField>): Promise<Page<BookingView>> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    const customerId = customerFilterInScope(actor, filter.customer_id);
    if (customerId !== undefined) conditions.push(`b.customer_id = $${params.push(customerId)}`);
    const statuses = [
      ...(filter.booking_status === undefined ? [] : [filter.booking_status]),
      ...(filter.booking_statuses ?? []),
      ...(filter.booking_statuses_brackets ?? []),
    ];
    if (statuses.length > 0) conditions.push(`b.booking_status_id = ANY($${params.push(statuses)})`);
    const statement = rowPageStatement(
      { from: 'bookings b', conditions, columns: BOOKING_COLUMNS },
      params,
      page,
      BOOKING_SORT_COLUMNS,
      'booking_id',
      'created_at',
    );
    const rows = await this.dataSource.query<(BookingRow & { total_items: number })[]>(statement.sql, statement.params);
    const bookings = toRowPage(rows, 'booking_id');
    const mode = filter.add_booking_items ?? 'none';
    const items = mode === 'none' ? new Map<string, BookingItemView[]>() : await this.itemsOf(bookings.items, mode === 'full');
    return { total: bookings.total, items: bookings.items.map((booking) => ({ booking, items: items.get(booking.booking_id) ?? [] })) };
  }

  /** One booking with its items in the full form; another customer's is as absent as a missing one. */
  async get(actor: Actor, bookingId: string): Promise<BookingView> {
    const [row] = await this.dataSource.query<BookingRow[]>(`SELECT ${BOOKING_COLUMNS} FROM bookings b WHERE b.booking_id = $1`, [
      bookingId,
    ]);
    const booking = visibleRecord(actor, row ?? null, (found) => found.customer_id, 'bookings', bookingId);
    const items = await this.itemsOf([booking], true);
    return { booking, items: items.get(bookingId) ?? [] };
  }

  async create(actor: Actor, input: NewBookingInput): Promise<string> {
    const tz = this.config.timeZone;
    const createdAt = optionalRequestDateTime(input.created_at, 'booking.created_at', tz) as Date;
    if (input.booking_items.length === 0) {
      throw CommonException.invalid('booking.booking_items', InvalidReason.Required, 'A booking needs at least one item');
    }
    const customerId =
      actor.kind === 'device' ? customerInScope(actor, input.customer_id, 'booking.customer_id') : (input.customer_id ?? null);
    const items = input.booking_items.map((item, index) => {
      const field = `booking.booking_items.${index}`;
      const itemCustomer =
        actor.kind === 'device' && item.customer_id !== undefined
          ? customerInScope(actor, item.customer_id, `${field}.customer_id`)
          : (item.customer_id ?? customerId);
      return {
        id: newId(),
        index,
        customerId: itemCustomer,
        slotId: item.time_slot_id,
        capacity: item.capacity_taken ?? 1,
        statusId: item.booking_item_status,
        createdAt: optionalRequestDateTime(item.created_at, `${field}.created_at`, tz) ?? createdAt,
      };
    });
    const data = freeFormJson(input.data, 'booking.data');
    const bookingId = newId();

    await this.dataSource.transaction(async (m) => {
      const named = [
        { id: customerId, field: 'booking.customer_id' },
        ...items.map((item) => ({ id: item.customerId, field: `booking.booking_items.${item.index}.customer_id` })),
      ];
      await this.customers.requireCustomers(
        named.flatMap(({ id, field }) => (id === null ? [] : [{ customerId: id, source: { field } }])),
        m,
      );
      const status = await this.startingStatus(input.booking_status, 'booking.booking_status', m);
      // Each status the items name is checked once, at the first item naming it.
      const checked = new Set([status.booking_status_id]);
      for (const item of items) {
        if (item.statusId === undefined || checked.has(item.statusId)) continue;
        await this.startingStatus(item.statusId, `booking.booking_items.${item.index}.booking_item_status`, m);
        checked.add(item.statusId);
      }
      await this.takeCapacity(items, m);
      await m.query(
        `INSERT INTO bookings (booking_id, customer_id, booking_status_id, utm, data, created_at) VALUES ($1, $2, $3, $4::jsonb, $5::jsonb, $6)`,
        [bookingId, customerId, status.booking_status_id, input.utm ? JSON.stringify(input.utm) : null, data, createdAt],
      );
      await m.query(
        `INSERT INTO booking_items (booking_item_id, booking_id, customer_id, time_slot_id, capacity_taken, booking_item_status_id, created_at)
         SELECT u.id, $1, u.customer_id, u.slot_id, u.capacity, u.status_id, u.created_at
           FROM unnest($2::varchar[], $3::varchar[], $4::varchar[], $5::int[], $6::varchar[], $7::timestamptz[])
             AS u(id, customer_id, slot_id, capacity, status_id, created_at)`,
        [
          bookingId,
          items.map((item) => item.id),
          items.map((item) => item.customerId),
          items.map((item) => item.slotId),
          items.map((item) => item.capacity),
          items.map((item) => item.statusId ?? status.booking_status_id),
          items.map((item) => item.createdAt),
        ],
      );
      if (customerId !== null) {
        await writeOutboxEvent(m, {
          type: 'booking_creation',
          customerId,
          externalId: bookingId,
          data: { booking_id: bookingId, booking_status_id: status.booking_status_id, booking_status: status.text_id },
        });
      }
    });
    return bookingId;
  }

  /**
   * Replaces the booking's customer and data, and moves it to the status given (it keeps its status
   * when none is given). The move must be one the workflow allows; moving into a releasing phase gives
   * the items' capacity back. Items are not changed.
   */
  async update(actor: Actor, bookingId: string, input: BookingChangeInput): Promise<void> {
    const customerId =
      actor.kind === 'device' ? customerInScope(actor, input.customer_id, 'booking.customer_id') : (input.customer_id ?? null);
    const data = freeFormJson(input.data, 'booking.data');
    await this.dataSource.transaction(async (m) => {
      const booking = await this.lockBooking(actor, bookingId, m);
      if (customerId !== null && customerId !== booking.customer_id) {
        await this.customers.requireCustomer(customerId, { field: 'booking.customer_id' }, m);
      }
      const status =
        input.booking_status === undefined || input.booking_status === booking.booking_status_id
          ? null
          : await this.statuses.resolve(input.booking_status, 'booking.booking_status', m);
      if (status) {
        const verdict = bookingMove(booking.phase, status.phase);
        if (!verdict.allowed)
          throw CommonException.invalid('booking.booking_status', InvalidReason.NotAllowedValue, verdict.reason, input.booking_status);
      }
      const releases = status !== null && booking.holds_capacity && !holdsCapacity(status.phase);
      if (releases) await this.releaseCapacity(bookingId, m);
      await m.query(
        `UPDATE bookings SET customer_id = $2, data = $3::jsonb, booking_status_id = $4, holds_capacity = $5, last_change = now() WHERE booking_id = $1`,
        [bookingId, customerId, data, status?.booking_status_id ?? booking.booking_status_id, booking.holds_capacity && !releases],
      );
      const eventCustomer = customerId ?? booking.customer_id;
      if (status && eventCustomer !== null) {
        await writeOutboxEvent(m, {
          type: 'booking_status_change',
          customerId: eventCustomer,
          externalId: bookingId,
          secondaryExternalId: status.booking_status_id,
          data: {
            booking_id: bookingId,
            booking_status_id: status.booking_status_id,
            booking_status: status.text_id,
            previous_booking_status_id: booking.booking_status_id,
            previous_booking_status: booking.status_text_id,
            capacity_released: releases,
          },
        });
      }
    });
  }

  /** Deletes the booking and its items, giving back the capacity they still held. */
  async remove(actor: Actor, bookingId: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const booking = await this.lockBooking(actor, bookingId, m);
      if (booking.holds_capacity) await this.releaseCapacity(bookingId, m);
      await m.query(`DELETE FROM bookings WHERE booking_id = $1`, [bookingId]);
      if (booking.customer_id !== null) {
        await writeOutboxEvent(m, {
          type: 'booking_deletion',
          customerId: booking.customer_id,
          externalId: bookingId,
          data: { booking_id: bookingId, booking_status_id: booking.booking_status_id, booking_status: booking.status_text_id },
        });
      }
    });
  }

  /**
   * How full the slots were, per hour (day), weekday (week), day of month (month) or month (year), over
   * the one period that ends with `booking_date`, in the project's time zone: the capacity taken as a
   * whole percentage of the capacity of the active slots starting in each bucket. One statement over
   * the slots' start index.
   */
  async busyTimes(input: BusyTimesInput): Promise<BusyTimes> {
    if (!isCalendarDate(input.booking_date)) {
      throw CommonException.invalid(
        'booking_date',
        InvalidReason.InvalidValueFormat,
        'booking_date must be YYYY-MM-DD',
        input.booking_date,
      );
    }
    const period = PERIODS[input.time_period];
    const params: unknown[] = [input.booking_date, period.span, this.config.timeZone];
    const conditions = ['s.valid_from >= w.start_at', 's.valid_from < w.end_at', 's.state = 1'];
    if (input.booking_ticket_id !== undefined) {
      const [ticket] = await this.dataSource.query<unknown[]>(`SELECT 1 FROM booking_tickets WHERE ticket_id = $1`, [
        input.booking_ticket_id,
      ]);
      if (!ticket)
        throw CommonException.invalid(
          'booking_ticket_id',
          InvalidReason.NotFound,
          'No booking ticket has this id',
          input.booking_ticket_id,
        );
      conditions.push(`s.ticket_id = $${params.push(input.booking_ticket_id)}`);
    }
    if (input.booking_property_id !== undefined && input.booking_property_value !== undefined) {
      conditions.push(ticketPropertyCondition('s.ticket_id', params, input.booking_property_id, input.booking_property_value));
    }
    const rows = await this.dataSource.query<{ x: number; y: number }[]>(
      `WITH w AS (SELECT (($1::date + 1)::timestamp - $2::interval) AT TIME ZONE $3 AS start_at, ($1::date + 1)::timestamp AT TIME ZONE $3 AS end_at),
            buckets AS (
              SELECT extract(${period.bucket} FROM s.valid_from AT TIME ZONE $3)::int AS x, sum(s.taken) AS taken, sum(s.total_capacity) AS capacity
                FROM booking_time_slots s, w
               WHERE ${conditions.join(' AND ')}
               GROUP BY 1)
       SELECT g.x, coalesce(round(100.0 * b.taken / nullif(b.capacity, 0)), 0)::int AS y
         FROM generate_series(${period.first}, ${period.last}) AS g(x) LEFT JOIN buckets b ON b.x = g.x
        ORDER BY g.x`,
      params,
    );
    return { timeUnit: period.unit, points: rows };
  }

  /** A status a new booking or item may start with: the one named or the default, in an opening phase. */
  private async startingStatus(statusId: string | undefined, field: string, m: EntityManager): Promise<BookingStatusRow> {
    const status = await this.statuses.resolve(statusId, field, m);
    const verdict = bookingMove(null, status.phase);
    if (!verdict.allowed) throw CommonException.invalid(field, InvalidReason.NotAllowedValue, verdict.reason, statusId);
    return status;
  }

  /**
   * Takes each slot's capacity with one conditional UPDATE, slot by slot in id order so that bookings
   * sharing slots lock them in the same order. A slot the UPDATE leaves alone is explained afterwards.
   */
  private async takeCapacity(items: { index: number; slotId: string; capacity: number }[], m: EntityManager): Promise<void> {
    const bySlot = groupBy(items, (item) => item.slotId);
    for (const slotId of [...bySlot.keys()].sort()) {
      const slotItems = bySlot.get(slotId) ?? [];
      const amount = slotItems.reduce((sum, item) => sum + item.capacity, 0);
      const taken = await m.query<unknown[]>(
        `WITH taken AS (
           UPDATE booking_time_slots s SET taken = s.taken + $2, last_change = now()
             FROM booking_tickets t
            WHERE s.time_slot_id = $1 AND t.ticket_id = s.ticket_id AND s.taken + $2 <= s.total_capacity
              AND s.state = 1 AND t.state = 1
              AND (t.valid_from IS NULL OR s.valid_from >= t.valid_from) AND (t.valid_to IS NULL OR s.valid_to <= t.valid_to)
           RETURNING 1)
         SELECT 1 FROM taken`,
        [slotId, amount],
      );
      if (taken.length === 0) await this.refuseSlot(slotId, amount, slotItems[0].index, m);
    }
  }

  private async refuseSlot(slotId: string, amount: number, index: number, m: EntityManager): Promise<never> {
    const field = `booking.booking_items.${index}`;
    const [slot] = await m.query<{ free: number; usable: boolean }[]>(
      `SELECT s.total_capacity - s.taken AS free,
              s.state = 1 AND t.state = 1 AND (t.valid_from IS NULL OR s.valid_from >= t.valid_from)
                AND (t.valid_to IS NULL OR s.valid_to <= t.valid_to) AS usable
         FROM booking_time_slots s JOIN booking_tickets t ON t.ticket_id = s.ticket_id WHERE s.time_slot_id = $1`,
      [slotId],
    );
    if (!slot) throw CommonException.invalid(`${field}.time_slot_id`, InvalidReason.NotFound, 'No time slot has this id', slotId);
    if (!slot.usable) {
      throw CommonException.invalid(
        `${field}.time_slot_id`,
        InvalidReason.NotAllowedValue,
        'The time slot or its ticket is blocked, or the slot lies outside the ticket validity',
        slotId,
      );
    }
    throw CommonException.invalid(
      `${field}.capacity_taken`,
      InvalidReason.NotAllowedValue,
      `The time slot has ${slot.free} free of the ${amount} asked for`,
      String(amount),
    );
  }

  /** Gives back what the booking's items hold, locking their slots in id order as taking does. */
  private async releaseCapacity(bookingId: string, m: EntityManager): Promise<void> {
    await m.query(
      `WITH held AS (SELECT time_slot_id, sum(capacity_taken)::int AS amount FROM booking_items WHERE booking_id = $1 GROUP BY time_slot_id),
            locked AS (SELECT s.time_slot_id FROM booking_time_slots s JOIN held h ON h.time_slot_id = s.time_slot_id
                        ORDER BY s.time_slot_id FOR UPDATE OF s)
       UPDATE booking_time_slots s SET taken = s.taken - h.amount, last_change = now()
         FROM held h WHERE s.time_slot_id = h.time_slot_id AND s.time_slot_id IN (SELECT time_slot_id FROM locked)`,
      [bookingId],
    );
  }

  /** The booking row, locked for the change, with its status's phase; 404 when the caller may not see it. */
  private async lockBooking(actor: Actor, bookingId: string, m: EntityManager): Promise<LockedBooking> {
    const [row] = await m.query<LockedBooking[]>(
      `SELECT ${BOOKING_COLUMNS}, b.holds_capacity, st.phase, st.text_id AS status_text_id
         FROM bookings b JOIN booking_statuses st ON st.booking_status_id = b.booking_status_id
        WHERE b.booking_id = $1 FOR UPDATE OF b`,
      [bookingId],
    );
    return visibleRecord(actor, row ?? null, (found) => found.customer_id, 'bookings', bookingId);
  }

  /** The items of these bookings with their slot and ticket, and in the full form the ticket's property values. */
  private async itemsOf(bookings: BookingRow[], full: boolean): Promise<Map<string, BookingItemView[]>> {
    if (bookings.length === 0) return new Map();
    const rows = await this.dataSource.query<
      (Omit<BookingItemView, 'ticket' | 'properties'> & { booking_id: string; ticket: BookingTicketRow })[]
    >(
      `SELECT i.booking_item_id, i.booking_id, i.customer_id, i.time_slot_id, i.capacity_taken, i.booking_item_status_id,
              i.created_at, i.last_change, i.state, s.valid_from, s.valid_to,
              json_build_object('ticket_id', t.ticket_id, 'names', t.names, 'valid_from', t.valid_from, 'valid_to', t.valid_to,
                                'state', t.state, 'created_at', t.created_at, 'last_change', t.last_change) AS ticket
         FROM booking_items i
         JOIN booking_time_slots s ON s.time_slot_id = i.time_slot_id
         JOIN booking_tickets t ON t.ticket_id = s.ticket_id
        WHERE i.booking_id = ANY($1)
        ORDER BY i.created_at, i.booking_item_id`,
      [bookings.map((booking) => booking.booking_id)],
    );
    const properties = full
      ? await this.ticketProperties([...new Set(rows.map((row) => row.ticket.ticket_id))])
      : new Map<string, TicketPropertyRecord[]>();
    const views = rows.map(({ ticket, ...row }) => {
      const parsed: BookingTicketRow = {
        ...ticket,
        valid_from: ticket.valid_from === null ? null : new Date(ticket.valid_from),
        valid_to: ticket.valid_to === null ? null : new Date(ticket.valid_to),
        created_at: new Date(ticket.created_at),
        last_change: new Date(ticket.last_change),
      };
      return { ...row, ticket: parsed, properties: properties.get(ticket.ticket_id) ?? [] };
    });
    return groupBy(views, (view) => view.booking_id);
  }

  private async ticketProperties(ticketIds: string[]): Promise<Map<string, TicketPropertyRecord[]>> {
    const rows = await this.dataSource.query<(TicketPropertyRecord & { ticket_id: string })[]>(
      `SELECT r.ticket_id, r.property_id, p.name AS property_name, r.property_value, t.last_change
         FROM booking_ticket_property_records r
         JOIN booking_ticket_properties p ON p.property_id = r.property_id
         JOIN booking_tickets t ON t.ticket_id = r.ticket_id
        WHERE r.ticket_id = ANY($1)
        ORDER BY r.property_id`,
      [ticketIds],
    );
    return groupBy(rows, (row) => row.ticket_id);
  }
}
