import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { formatNullableDateTime } from '@tessera/http';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/app-config.module';
import {
  BOOKING_PHASES,
  BOOKING_STATUS_STATE,
  BookingStatusOverview,
  BookingStatusService,
  BookingTicketOverview,
  BookingTicketService,
  TICKET_STATE,
} from '../modules/bookings';
import { textsByLanguage, TextTranslationDto } from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

/** The name last, as it may hold spaces. */
const STATUS_COLUMNS = ['BOOKING STATUS ID', 'TEXT ID', 'PHASE', 'DEFAULT', 'STATE', 'BOOKINGS', 'NAME'];
const TICKET_COLUMNS = ['TICKET ID', 'STATE', 'SLOTS', 'CAPACITY', 'TAKEN', 'VALID FROM', 'VALID TO', 'NAME'];
const MAX_SLOTS = 10_000;

/** A booking status as the operator writes it; `text_id` is its key, so defining it again replaces it. */
class BookingStatusInputDto {
  @IsDefined() @IsString() @IsNotEmpty() text_id!: string;
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  names!: TextTranslationDto[];
  @IsDefined() @IsIn(BOOKING_PHASES) phase!: string;
  @IsOptional() @IsBoolean() is_default?: boolean;
}

class TicketPropertyRecordInputDto {
  @IsDefined() @IsString() @IsNotEmpty() property_id!: string;
  @Allow() property_value?: unknown;
}

class TimeSlotInputDto {
  @IsOptional() @IsString() @IsNotEmpty() time_slot_id?: string;
  @IsDefined() @IsString() valid_from!: string;
  @IsDefined() @IsString() valid_to!: string;
  @IsDefined() @IsInt() total_capacity!: number;
  @IsOptional() @IsIn([TICKET_STATE.Blocked, TICKET_STATE.Active]) state?: number;
}

/** A booking ticket with its property values and every slot; with `ticket_id` it replaces that ticket. */
class BookingTicketInputDto {
  @IsOptional() @IsString() @IsNotEmpty() ticket_id?: string;
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  names!: TextTranslationDto[];
  @IsOptional() @IsString() valid_from?: string;
  @IsOptional() @IsString() valid_to?: string;
  @IsOptional() @IsIn([TICKET_STATE.Blocked, TICKET_STATE.Active]) state?: number;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TicketPropertyRecordInputDto)
  property_records?: TicketPropertyRecordInputDto[];
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_SLOTS)
  @ValidateNested({ each: true })
  @Type(() => TimeSlotInputDto)
  time_slots!: TimeSlotInputDto[];
}

const BOOKING_STATUS_FILE: DefinitionFile<BookingStatusInputDto> = {
  type: BookingStatusInputDto,
  what: 'booking status',
  example: { text_id: 'waiting_list', names: [{ language_code: 'en', text: 'Waiting list' }], phase: 'pending' },
};

/** `tessera booking-status list|define|remove`: the statuses of the booking workflow, which the API lists. */
export const bookingStatusCommand = cliCommand(
  {
    ...listAndShow(STATUS_COLUMNS, async (context) => (await context.get(BookingStatusService).listAll()).map(statusRow)),
    define: defineAction(BOOKING_STATUS_FILE, async (input, io) => {
      const { id, outcome } = await withAdminSession(io, ({ context }) =>
        context.get(BookingStatusService).define({
          textId: input.text_id,
          names: textsByLanguage(input.names),
          phase: input.phase,
          isDefault: input.is_default,
        }),
      );
      return `Booking status ${input.text_id} ${outcome} (${id})`;
    }),
    remove: removeAction((context, textId) => context.get(BookingStatusService).remove(textId), {
      removed: (textId) => `Booking status ${textId} blocked; bookings that have it keep it`,
      notRemoved: (textId) => `Booking status ${textId} was blocked already`,
    }),
  },
  BOOKING_STATUS_FILE,
);

const BOOKING_TICKET_FILE: DefinitionFile<BookingTicketInputDto> = {
  type: BookingTicketInputDto,
  what: 'booking ticket',
  example: {
    names: [{ language_code: 'en', text: 'Guided tour' }],
    valid_from: '2025-06-01 00:00:00',
    valid_to: '2025-08-31 23:59:59',
    time_slots: [{ valid_from: '2025-06-01 10:00:00', valid_to: '2025-06-01 11:00:00', total_capacity: 20 }],
  },
};

/** `tessera booking-ticket list|define|remove`: what can be booked, with its time slots and their capacity. */
export const bookingTicketCommand = cliCommand(
  {
    ...listAndShow(TICKET_COLUMNS, async (context) => {
      const timeZone = context.get<AppConfig>(APP_CONFIG).timeZone;
      return (await context.get(BookingTicketService).listAll()).map((ticket) => ticketRow(ticket, timeZone));
    }),
    define: defineAction(BOOKING_TICKET_FILE, async (input, io) => {
      const { id, outcome } = await withAdminSession(io, ({ context }) =>
        context.get(BookingTicketService).define({
          ticketId: input.ticket_id,
          names: textsByLanguage(input.names),
          validFrom: input.valid_from,
          validTo: input.valid_to,
          state: input.state,
          properties: (input.property_records ?? []).map((record) => ({ propertyId: record.property_id, value: record.property_value })),
          slots: input.time_slots.map((slot) => ({
            timeSlotId: slot.time_slot_id,
            validFrom: slot.valid_from,
            validTo: slot.valid_to,
            totalCapacity: slot.total_capacity,
            state: slot.state,
          })),
        }),
      );
      return outcome === 'created' ? id : `Booking ticket ${id} updated`;
    }),
    remove: removeAction((context, ticketId) => context.get(BookingTicketService).remove(ticketId), {
      removed: (ticketId) => `Booking ticket ${ticketId} blocked; it takes no new bookings, and its bookings are kept`,
      notRemoved: (ticketId) => `Booking ticket ${ticketId} was blocked already`,
    }),
  },
  BOOKING_TICKET_FILE,
);

function statusRow({ status, bookings }: BookingStatusOverview): string[] {
  return [
    status.booking_status_id,
    status.text_id,
    status.phase,
    status.is_default ? 'yes' : 'no',
    status.state === BOOKING_STATUS_STATE.Active ? 'active' : 'blocked',
    String(bookings),
    Object.values(status.names)[0] ?? '',
  ];
}

function ticketRow({ ticket, slots, capacity, taken }: BookingTicketOverview, timeZone: string): string[] {
  return [
    ticket.ticket_id,
    ticket.state === TICKET_STATE.Active ? 'active' : 'blocked',
    String(slots),
    String(capacity),
    String(taken),
    formatNullableDateTime(ticket.valid_from, timeZone) ?? '-',
    formatNullableDateTime(ticket.valid_to, timeZone) ?? '-',
    Object.values(ticket.names)[0] ?? '',
  ];
}
