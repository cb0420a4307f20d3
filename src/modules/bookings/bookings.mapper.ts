import { formatDateTime, formatNullableDateTime, ResponseOutput, textIn } from '@tessera/http';
import { BookingStatusRow } from './booking-status.service';
import { BookingTicketRow, TimeSlotRow } from './booking-ticket.service';
import { BookingItemView, BookingView, BusyTimes } from './booking.service';
import { BookingDto, BookingItemDto, BookingStatusDto, BookingTicketDto, BusyTimesDto, TimeSlotDto } from './dto/booking-response.dto';

function nameIn(names: Record<string, string>, output: ResponseOutput): string {
  return textIn(names, output) ?? '';
}

/**
 * Free-form data exactly as stored. An object goes out without a prototype, which the envelope's null
 * removal leaves alone, so null values inside it are returned too.
 */
function freeForm(data: unknown): unknown {
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? Object.assign(Object.create(null) as object, data) : data;
}

export function toBookingStatusDto(status: BookingStatusRow, output: ResponseOutput): BookingStatusDto {
  return {
    booking_status_id: status.booking_status_id,
    name: nameIn(status.names, output),
    created_at: formatDateTime(status.created_at, output.timeZone),
    state: status.state,
    last_change: formatDateTime(status.last_change, output.timeZone),
  };
}

export function toBookingTicketDto(ticket: BookingTicketRow, output: ResponseOutput): BookingTicketDto {
  return {
    ticket_id: ticket.ticket_id,
    name: nameIn(ticket.names, output),
    created_at: formatDateTime(ticket.created_at, output.timeZone),
    valid_from: formatNullableDateTime(ticket.valid_from, output.timeZone) ?? undefined,
    valid_to: formatNullableDateTime(ticket.valid_to, output.timeZone) ?? undefined,
    state: ticket.state,
    last_change: formatDateTime(ticket.last_change, output.timeZone),
  };
}

export function toTimeSlotDto(slot: TimeSlotRow, timeZone: string): TimeSlotDto {
  return {
    time_slot_id: slot.time_slot_id,
    ticket_id: slot.ticket_id,
    valid_from: formatDateTime(slot.valid_from, timeZone),
    valid_to: formatDateTime(slot.valid_to, timeZone),
    total_capacity: slot.total_capacity,
    free_capacity: slot.free_capacity,
    state: slot.state,
    last_change: formatDateTime(slot.last_change, timeZone),
  };
}

function toBookingItemDto(item: BookingItemView, output: ResponseOutput): BookingItemDto {
  return {
    booking_item_id: item.booking_item_id,
    customer_id: item.customer_id ?? undefined,
    time_slot_id: item.time_slot_id,
    booking_ticket: toBookingTicketDto(item.ticket, output),
    valid_from: formatDateTime(item.valid_from, output.timeZone),
    valid_to: formatDateTime(item.valid_to, output.timeZone),
    capacity_taken: item.capacity_taken,
    booking_item_status: item.booking_item_status_id,
    additional_properties: item.properties.map((record) => ({
      property_record_id: `${record.property_id}:${item.ticket.ticket_id}`,
      property_id: record.property_id,
      property_name: record.property_name,
      property_value: record.property_value,
      last_change: formatDateTime(new Date(record.last_change), output.timeZone),
    })),
    created_at: formatDateTime(item.created_at, output.timeZone),
    state: item.state,
    last_change: formatDateTime(item.last_change, output.timeZone),
  };
}

export function toBookingDto({ booking, items }: BookingView, output: ResponseOutput): BookingDto {
  return {
    booking_id: booking.booking_id,
    customer_id: booking.customer_id ?? undefined,
    booking_items: items.map((item) => toBookingItemDto(item, output)),
    booking_status: booking.booking_status_id,
    utm: booking.utm ?? undefined,
    data: freeForm(booking.data),
    created_at: formatDateTime(booking.created_at, output.timeZone),
    last_change: formatDateTime(booking.last_change, output.timeZone),
    state: booking.state,
  };
}

export function toBusyTimesDto(busy: BusyTimes): BusyTimesDto {
  return {
    time_unit: busy.timeUnit,
    chart_data: busy.points.map((point) => ({ x_axis_value: String(point.x), y_axis_value: String(point.y) })),
  };
}
