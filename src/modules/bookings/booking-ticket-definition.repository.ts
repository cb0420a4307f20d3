import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { Page, PageRequest, formatDateTime } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../audit';
import { BookingTicketService } from './booking-ticket.service';
import { BookingTicketDefinitionDto, BookingTicketDefinitionViewDto } from './dto/booking-ticket-definition.dto';

interface TicketRow {
  ticket_id: string;
  names: Record<string, string>;
  valid_from: Date | null;
  valid_to: Date | null;
  state: number;
  last_change: Date;
  property_records: { property_id: string; property_value: unknown }[];
  time_slots: { time_slot_id: string; valid_from: string; valid_to: string; total_capacity: number; state: number }[];
  created_at: Date;
}

// Slots come out of json_agg as text; they are read back as dates to format them in the project's time zone.
const TICKET_COLUMNS = `
  t.ticket_id, t.names, t.valid_from, t.valid_to, t.state, t.last_change, t.created_at,
         coalesce((SELECT json_agg(json_build_object('property_id', r.property_id, 'property_value', r.property_value) ORDER BY r.property_id)
                     FROM booking_ticket_property_records r WHERE r.ticket_id = t.ticket_id), '[]') AS property_records,
         coalesce((SELECT json_agg(json_build_object('time_slot_id', s.time_slot_id, 'valid_from', s.valid_from, 'valid_to', s.valid_to,
                                                     'total_capacity', s.total_capacity, 'state', s.state)
                                   ORDER BY s.valid_from, s.time_slot_id)
                     FROM booking_time_slots s WHERE s.ticket_id = t.ticket_id), '[]') AS time_slots`;

/**
 * Booking tickets as the operator defines them, with their property values, time slots and capacity;
 * found by id (tickets have no other key). The writes are the ticket service's, which keeps capacity
 * above what bookings hold and refuses to drop a slot that bookings have.
 */
@Injectable()
export class BookingTicketDefinitionRepository implements DefinitionStore<BookingTicketDefinitionDto, BookingTicketDefinitionViewDto> {
  readonly kind = 'booking_ticket';
  readonly resource = 'booking-tickets';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly tickets: BookingTicketService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<BookingTicketDefinitionViewDto>> {
    const found = await queryRowPage<TicketRow>(
      this.dataSource,
      {
        columns: TICKET_COLUMNS,
        from: 'booking_tickets t',
        conditions: [
          '($1::text IS NULL OR t.ticket_id = $2 OR EXISTS (SELECT 1 FROM jsonb_each_text(t.names) n WHERE n.value ILIKE $1))',
          '($3::smallint IS NULL OR t.state = $3)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.q ?? null, filter.state ?? null],
        orderBy: ['created_at'],
        id: 'ticket_id',
      },
      page,
    );
    return { items: found.items.map((row) => this.toView(row)), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<BookingTicketDefinitionViewDto | null> {
    const [row] = await manager.query<TicketRow[]>(`SELECT ${TICKET_COLUMNS} FROM booking_tickets t WHERE t.ticket_id = $1`, [key]);
    return row ? this.toView(row) : null;
  }

  idOf(view: BookingTicketDefinitionViewDto): string {
    return view.ticket_id;
  }

  async insert(input: BookingTicketDefinitionDto, manager: EntityManager): Promise<string> {
    return (await this.tickets.define(this.definitionOf(input), manager)).id;
  }

  async update(id: string, input: BookingTicketDefinitionDto, manager: EntityManager): Promise<void> {
    await this.tickets.define({ ...this.definitionOf(input), ticketId: id }, manager);
  }

  setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    return this.tickets.setState(id, state, manager);
  }

  private definitionOf(input: BookingTicketDefinitionDto) {
    return {
      names: input.names,
      validFrom: input.valid_from,
      validTo: input.valid_to,
      properties: (input.property_records ?? []).map((record) => ({ propertyId: record.property_id, value: record.property_value })),
      slots: input.time_slots.map((slot) => ({
        timeSlotId: slot.time_slot_id,
        validFrom: slot.valid_from,
        validTo: slot.valid_to,
        totalCapacity: slot.total_capacity,
        state: slot.state,
      })),
    };
  }

  private toView(row: TicketRow): BookingTicketDefinitionViewDto {
    const tz = this.config.timeZone;
    return {
      ticket_id: row.ticket_id,
      names: row.names,
      ...(row.valid_from === null ? {} : { valid_from: formatDateTime(row.valid_from, tz) }),
      ...(row.valid_to === null ? {} : { valid_to: formatDateTime(row.valid_to, tz) }),
      property_records: row.property_records,
      time_slots: row.time_slots.map((slot) => ({
        time_slot_id: slot.time_slot_id,
        valid_from: formatDateTime(new Date(slot.valid_from), tz),
        valid_to: formatDateTime(new Date(slot.valid_to), tz),
        total_capacity: slot.total_capacity,
        state: slot.state,
      })),
      state: row.state,
      last_change: new Date(row.last_change).toISOString(),
    };
  }
}
