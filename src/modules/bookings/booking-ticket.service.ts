import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId, rowPageStatement, toRowPage } from '@tessera/core';
import {
  Actor,
  CommonException,
  InvalidParam,
  InvalidReason,
  Page,
  PageRequest,
  customerInScope,
  invalidParam,
  optionalRequestDateTime,
  parseRequestDateTime,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CheckedPropertyValue, collectPropertyRecords } from '../reference-data';
import { BookingTicketPropertyService } from './booking-ticket-property.service';

export const BOOKING_TICKET_SORT_FIELDS = ['ticket_id', 'name', 'created_at', 'valid_from', 'valid_to', 'last_change', 'state'] as const;
export type BookingTicketSortField = (typeof BOOKING_TICKET_SORT_FIELDS)[number];

export const TIME_SLOT_SORT_FIELDS = [
  'time_slot_id',
  'valid_from',
  'valid_to',
  'total_capacity',
  'free_capacity',
  'last_change',
  'state',
] as const;
export type TimeSlotSortField = (typeof TIME_SLOT_SORT_FIELDS)[number];

export const TICKET_STATE = { Blocked: 0, Active: 1 } as const;

export interface BookingTicketRow {
  ticket_id: string;
  names: Record<string, string>;
  valid_from: Date | null;
  valid_to: Date | null;
  state: number;
  created_at: Date;
  last_change: Date;
}

export interface TimeSlotRow {
  time_slot_id: string;
  ticket_id: string;
  valid_from: Date;
  valid_to: Date;
  total_capacity: number;
  free_capacity: number;
  state: number;
  last_change: Date;
}

/** The filters `GET /booking-tickets` takes. */
export interface BookingTicketFilter {
  customer_id?: string;
  valid_from?: string;
  valid_to?: string;
  valid_only?: boolean;
  booking_ticket_property_id?: string;
  booking_ticket_property_value?: string;
}

/** The filters `GET /booking-tickets/{id}/time-slots` takes. */
export interface TimeSlotFilter {
  free_only?: boolean;
  time_from?: string;
  time_to?: string;
  booking_ticket_property_id?: string;
  booking_ticket_property_value?: string;
  customer_id?: string;
}

/** A ticket as the operator defines it: the whole ticket, its property values and its slots. */
export interface BookingTicketDefinition {
  /** The ticket the definition replaces; a new ticket without it. */
  ticketId?: string;
  names: Record<string, string>;
  validFrom?: string;
  validTo?: string;
  /** A new ticket's state (active unless given); a replaced ticket keeps its own unless given. */
  state?: number;
  properties: { propertyId: string; value: unknown }[];
  slots: { timeSlotId?: string; validFrom: string; validTo: string; totalCapacity: number; state?: number }[];
}

const TICKET_COLUMNS = `t.ticket_id, t.names, t.valid_from, t.valid_to, t.state, t.created_at, t.last_change`;
const SLOT_COLUMNS = `s.time_slot_id, s.ticket_id, s.valid_from, s.valid_to, s.total_capacity, s.total_capacity - s.taken AS free_capacity,
  s.state, s.last_change`;
const TICKET_SORT_COLUMNS: Record<BookingTicketSortField, string> = {
  ticket_id: 'ticket_id',
  name: 'sort_name',
  created_at: 'created_at',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
  last_change: 'last_change',
  state: 'state',
};
const SLOT_SORT_COLUMNS: Record<TimeSlotSortField, string> = {
  time_slot_id: 'time_slot_id',
  valid_from: 'valid_from',
  valid_to: 'valid_to',
  total_capacity: 'total_capacity',
  free_capacity: 'free_capacity',
  last_change: 'last_change',
  state: 'state',
};
const MAX_CAPACITY = 1_000_000;

/**
 * The condition "ticket `ticketColumn` has value `value` of property `propertyId`": scalars compare as
 * text, a multiselect matches when it holds the item. Pushes its parameters.
 */
export function ticketPropertyCondition(ticketColumn: string, params: unknown[], propertyId: string, value: string): string {
  const id = `$${params.push(propertyId)}`;
  const text = `$${params.push(value)}`;
  return `EXISTS (SELECT 1 FROM booking_ticket_property_records r WHERE r.ticket_id = ${ticketColumn} AND r.property_id = ${id}
    AND (r.property_value #>> '{}' = ${text} OR (jsonb_typeof(r.property_value) = 'array' AND r.property_value ? ${text})))`;
}

/** Items of bookings that still hold their capacity: what a customer has booked. */
const HELD_ITEMS = `booking_items i JOIN bookings b ON b.booking_id = i.booking_id AND b.holds_capacity`;

/**
 * Booking tickets and their time slots: read by the API, defined by the operator. A slot's free
 * capacity is its total less what bookings hold on it.
 */
@Injectable()
export class BookingTicketService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly properties: BookingTicketPropertyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(actor: Actor, filter: BookingTicketFilter, page: PageRequest<BookingTicketSortField>): Promise<Page<BookingTicketRow>> {
    const params: unknown[] = [this.config.defaultLanguage];
    const conditions: string[] = [];
    const customerId = this.customerFilter(actor, filter.customer_id);
    if (customerId !== undefined) {
      conditions.push(
        `EXISTS (SELECT 1 FROM ${HELD_ITEMS} JOIN booking_time_slots s ON s.time_slot_id = i.time_slot_id
                  WHERE s.ticket_id = t.ticket_id AND i.customer_id = $${params.push(customerId)})`,
      );
    }
    const from = optionalRequestDateTime(filter.valid_from, 'valid_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.valid_to, 'valid_to', this.config.timeZone);
    // A ticket matches when its validity overlaps the range given.
    if (from) conditions.push(`(t.valid_to IS NULL OR t.valid_to >= $${params.push(from)})`);
    if (to) conditions.push(`(t.valid_from IS NULL OR t.valid_from <= $${params.push(to)})`);
    if (filter.valid_only)
      conditions.push(`(t.valid_from IS NULL OR t.valid_from <= now()) AND (t.valid_to IS NULL OR t.valid_to > now())`);
    if (filter.booking_ticket_property_id !== undefined && filter.booking_ticket_property_value !== undefined) {
      conditions.push(
        ticketPropertyCondition('t.ticket_id', params, filter.booking_ticket_property_id, filter.booking_ticket_property_value),
      );
    }
    const statement = rowPageStatement(
      { from: 'booking_tickets t', conditions, columns: `${TICKET_COLUMNS}, coalesce(t.names ->> $1, t.ticket_id) AS sort_name` },
      params,
      page,
      TICKET_SORT_COLUMNS,
      'ticket_id',
      'created_at',
    );
    const rows = await this.dataSource.query<(BookingTicketRow & { sort_name: string; total_items: number })[]>(
      statement.sql,
      statement.params,
    );
    return toRowPage(
      rows.map(({ sort_name: _name, ...row }) => row),
      'ticket_id',
    );
  }

  async get(ticketId: string): Promise<BookingTicketRow> {
    const [row] = await this.dataSource.query<BookingTicketRow[]>(
      `SELECT ${TICKET_COLUMNS} FROM booking_tickets t WHERE t.ticket_id = $1`,
      [ticketId],
    );
    if (!row) throw CommonException.recordNotFound('booking-tickets', ticketId);
    return row;
  }

  /** The ticket's slots, earliest first unless sorted; 404 when there is no such ticket. */
  async timeSlots(
    actor: Actor,
    ticketId: string,
    filter: TimeSlotFilter,
    page: PageRequest<TimeSlotSortField>,
  ): Promise<Page<TimeSlotRow>> {
    const params: unknown[] = [ticketId];
    const conditions = ['s.ticket_id = $1'];
    const customerId = this.customerFilter(actor, filter.customer_id);
    if (customerId !== undefined) {
      conditions.push(
        `EXISTS (SELECT 1 FROM ${HELD_ITEMS} WHERE i.time_slot_id = s.time_slot_id AND i.customer_id = $${params.push(customerId)})`,
      );
    }
    // Free capacity is bookable capacity: a blocked slot has none to offer.
    if (filter.free_only === true) conditions.push(`s.state = ${TICKET_STATE.Active} AND s.taken < s.total_capacity`);
    if (filter.free_only === false) conditions.push('s.taken >= s.total_capacity');
    // A slot matches when it overlaps the interval given.
    const from = optionalRequestDateTime(filter.time_from, 'time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.time_to, 'time_to', this.config.timeZone);
    if (from) conditions.push(`s.valid_to > $${params.push(from)}`);
    if (to) conditions.push(`s.valid_from < $${params.push(to)}`);
    if (filter.booking_ticket_property_id !== undefined && filter.booking_ticket_property_value !== undefined) {
      conditions.push(
        ticketPropertyCondition('s.ticket_id', params, filter.booking_ticket_property_id, filter.booking_ticket_property_value),
      );
    }
    const statement = rowPageStatement(
      {
        from: 'booking_time_slots s',
        conditions,
        columns: SLOT_COLUMNS,
        listColumns: 'EXISTS (SELECT 1 FROM booking_tickets WHERE ticket_id = $1) AS ticket_exists',
      },
      params,
      page,
      SLOT_SORT_COLUMNS,
      'time_slot_id',
      'valid_from',
    );
    const rows = await this.dataSource.query<(TimeSlotRow & { ticket_exists: boolean; total_items: number })[]>(
      statement.sql,
      statement.params,
    );
    if (!rows[0]?.ticket_exists) throw CommonException.recordNotFound('booking-tickets', ticketId);
    return toRowPage(
      rows.map(({ ticket_exists: _exists, ...row }) => row),
      'time_slot_id',
    );
  }

  // ---- the operator's ----

  /**
   * Creates a ticket or replaces its whole definition, in the caller's transaction when given one.
   * Slots named by id are changed and slots without an id are added. A slot the definition leaves out
   * is deleted, but one that bookings have is refused: it stays, blocked with state 0 if no longer
   * offered. A slot's capacity cannot drop below what bookings hold on it.
   */
  async define(definition: BookingTicketDefinition, manager?: EntityManager): Promise<{ id: string; outcome: 'created' | 'updated' }> {
    const tz = this.config.timeZone;
    const problems: InvalidParam[] = [];
    if (Object.keys(definition.names).length === 0) problems.push(invalidParam('names', InvalidReason.Required, 'The ticket needs a name'));
    const validFrom = datetimeOf(definition.validFrom, 'valid_from', tz, problems);
    const validTo = datetimeOf(definition.validTo, 'valid_to', tz, problems);
    if (validFrom && validTo && validTo <= validFrom) {
      problems.push(invalidParam('valid_to', InvalidReason.NotAllowedValue, 'valid_to must be after valid_from', definition.validTo));
    }
    const slots = definition.slots.map((slot, index) => {
      const from = datetimeOf(slot.validFrom, `time_slots.${index}.valid_from`, tz, problems);
      const to = datetimeOf(slot.validTo, `time_slots.${index}.valid_to`, tz, problems);
      if (from && to && to <= from) {
        problems.push(
          invalidParam(`time_slots.${index}.valid_to`, InvalidReason.NotAllowedValue, 'A slot must end after it starts', slot.validTo),
        );
      }
      if (!Number.isInteger(slot.totalCapacity) || slot.totalCapacity < 0 || slot.totalCapacity > MAX_CAPACITY) {
        problems.push(
          invalidParam(
            `time_slots.${index}.total_capacity`,
            InvalidReason.NotAllowedValue,
            `A whole number from 0 to ${MAX_CAPACITY}`,
            String(slot.totalCapacity),
          ),
        );
      }
      return {
        id: slot.timeSlotId ?? newId(),
        named: slot.timeSlotId !== undefined,
        from,
        to,
        capacity: slot.totalCapacity,
        state: slot.state ?? TICKET_STATE.Active,
      };
    });
    const values = await this.propertyValues(definition.properties, problems);
    if (problems.length > 0) throw CommonException.invalidParams(problems);

    const write = async (m: EntityManager) => {
      const ticketId = definition.ticketId ?? newId();
      const [existing] = definition.ticketId
        ? await m.query<{ ticket_id: string }[]>(`SELECT ticket_id FROM booking_tickets WHERE ticket_id = $1 FOR UPDATE`, [ticketId])
        : [];
      if (definition.ticketId && !existing) {
        throw CommonException.invalid('ticket_id', InvalidReason.NotFound, 'No booking ticket has this id', definition.ticketId);
      }
      await m.query(
        `INSERT INTO booking_tickets (ticket_id, names, valid_from, valid_to, state) VALUES ($1, $2::jsonb, $3, $4, coalesce($5, ${TICKET_STATE.Active}))
         ON CONFLICT (ticket_id) DO UPDATE SET names = EXCLUDED.names, valid_from = EXCLUDED.valid_from, valid_to = EXCLUDED.valid_to,
           state = coalesce($5, booking_tickets.state), last_change = now()`,
        [ticketId, JSON.stringify(definition.names), validFrom, validTo, definition.state ?? null],
      );
      await m.query(`DELETE FROM booking_ticket_property_records WHERE ticket_id = $1`, [ticketId]);
      if (values.length > 0) {
        await m.query(
          `INSERT INTO booking_ticket_property_records (ticket_id, property_id, property_value)
           SELECT $1, u.property_id, u.value::jsonb FROM unnest($2::text[], $3::text[]) AS u(property_id, value)`,
          [ticketId, values.map((value) => value.propertyId), values.map((value) => JSON.stringify(value.value))],
        );
      }
      await this.writeSlots(ticketId, slots, m);
      return { id: ticketId, outcome: existing ? ('updated' as const) : ('created' as const) };
    };
    return manager ? write(manager) : this.dataSource.transaction(write);
  }

  /** Blocks (0) or activates (1) the ticket: a blocked one takes no new bookings; the bookings it has stay. */
  async setState(ticketId: string, state: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE booking_tickets SET state = $2, last_change = now() WHERE ticket_id = $1`, [ticketId, state]);
  }

  /** The Customer interface filters by the logged-in customer only; the Enterprise interface by anyone. */
  private customerFilter(actor: Actor, requested: string | undefined): string | undefined {
    return actor.kind === 'device' && requested !== undefined ? customerInScope(actor, requested) : requested;
  }

  /**
   * The ticket's property values, checked as tasks' and events' are; a property given without a value
   * (null) gets no record, so that filters and booking items see none.
   */
  private async propertyValues(given: BookingTicketDefinition['properties'], problems: InvalidParam[]): Promise<CheckedPropertyValue[]> {
    const checked = collectPropertyRecords(
      given.map(({ propertyId, value }) => ({ property_id: propertyId, property_value: value })),
      { properties: await this.properties.all(), unknownMessage: 'No booking ticket property has this id' },
      problems,
    );
    return checked.filter((value) => value.value !== null);
  }

  private async writeSlots(
    ticketId: string,
    slots: { id: string; named: boolean; from: Date | null; to: Date | null; capacity: number; state: number }[],
    m: EntityManager,
  ): Promise<void> {
    const named = slots.filter((slot) => slot.named).map((slot) => slot.id);
    const held = new Map(
      (
        await m.query<{ time_slot_id: string; ticket_id: string; taken: number }[]>(
          `SELECT time_slot_id, ticket_id, taken FROM booking_time_slots WHERE time_slot_id = ANY($1) ORDER BY time_slot_id FOR UPDATE`,
          [named],
        )
      ).map((row) => [row.time_slot_id, row]),
    );
    const problems: InvalidParam[] = [];
    for (const [index, slot] of slots.entries()) {
      if (!slot.named) continue;
      const row = held.get(slot.id);
      if (!row || row.ticket_id !== ticketId) {
        problems.push(
          invalidParam(`time_slots.${index}.time_slot_id`, InvalidReason.NotFound, 'The ticket has no slot with this id', slot.id),
        );
      } else if (slot.capacity < row.taken) {
        problems.push(
          invalidParam(
            `time_slots.${index}.total_capacity`,
            InvalidReason.NotAllowedValue,
            `Bookings hold ${row.taken} of this slot`,
            String(slot.capacity),
          ),
        );
      }
    }
    const dropped = await m.query<{ time_slot_id: string; booked: boolean }[]>(
      `SELECT s.time_slot_id, EXISTS (SELECT 1 FROM booking_items i WHERE i.time_slot_id = s.time_slot_id) AS booked
         FROM booking_time_slots s WHERE s.ticket_id = $1 AND NOT (s.time_slot_id = ANY($2)) ORDER BY s.time_slot_id FOR UPDATE`,
      [ticketId, slots.map((slot) => slot.id)],
    );
    for (const slot of dropped.filter((row) => row.booked)) {
      problems.push(
        invalidParam(
          'time_slots',
          InvalidReason.NotAllowedValue,
          'Bookings have this slot, so it stays; give it with state 0 to stop offering it',
          slot.time_slot_id,
        ),
      );
    }
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    if (dropped.length > 0) {
      await m.query(`DELETE FROM booking_time_slots WHERE time_slot_id = ANY($1)`, [dropped.map((row) => row.time_slot_id)]);
    }
    if (slots.length === 0) return;
    await m.query(
      `INSERT INTO booking_time_slots (time_slot_id, ticket_id, valid_from, valid_to, total_capacity, state)
       SELECT u.id, $1, u.valid_from, u.valid_to, u.capacity, u.state
         FROM unnest($2::varchar[], $3::timestamptz[], $4::timestamptz[], $5::int[], $6::smallint[]) AS u(id, valid_from, valid_to, capacity, state)
       ON CONFLICT (time_slot_id) DO UPDATE SET valid_from = EXCLUDED.valid_from, valid_to = EXCLUDED.valid_to,
         total_capacity = EXCLUDED.total_capacity, state = EXCLUDED.state, last_change = now()`,
      [
        ticketId,
        slots.map((slot) => slot.id),
        slots.map((slot) => slot.from),
        slots.map((slot) => slot.to),
        slots.map((slot) => slot.capacity),
        slots.map((slot) => slot.state),
      ],
    );
  }
}

function datetimeOf(text: string | undefined, field: string, timeZone: string, problems: InvalidParam[]): Date | null {
  if (text === undefined) return null;
  const value = parseRequestDateTime(text, timeZone);
  if (!value) problems.push(invalidParam(field, InvalidReason.InvalidValueFormat, `${field} must be YYYY-MM-DD HH:MM:SS`, text));
  return value;
}
