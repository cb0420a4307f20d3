import {
  BookingStatusDefinitionDto,
  BookingStatusDefinitionRepository,
  type BookingStatusDefinitionView,
  BookingTicketDefinitionDto,
  BookingTicketDefinitionRepository,
  type BookingTicketDefinitionView,
} from '../modules/bookings';
import { lifecycleCommand } from './lifecycle-command';

const stateWord = (state: number) => (state === 0 ? 'deactivated' : 'active');

/** `tessera booking-status ...`: the statuses of the booking workflow, which the API lists. */
export const bookingStatusCommand = lifecycleCommand<BookingStatusDefinitionDto, BookingStatusDefinitionView>({
  name: 'booking-status',
  store: BookingStatusDefinitionRepository,
  file: {
    type: BookingStatusDefinitionDto,
    what: 'booking status',
    example: { text_id: 'waiting_list', names: { en: 'Waiting list' }, phase: 'pending' },
  },
  columns: ['BOOKING STATUS ID', 'TEXT ID', 'PHASE', 'DEFAULT', 'STATE', 'BOOKINGS', 'NAME'],
  row: (status) => [
    status.booking_status_id,
    status.text_id,
    status.phase,
    status.is_default ? 'yes' : 'no',
    stateWord(status.state),
    String(status.bookings),
    Object.values(status.names)[0] ?? '',
  ],
  viewOnly: ['booking_status_id', 'state', 'bookings', 'last_change'],
});

/** `tessera booking-ticket ...`: what can be booked, with its property values, time slots and their capacity. */
export const bookingTicketCommand = lifecycleCommand<BookingTicketDefinitionDto, BookingTicketDefinitionView>({
  name: 'booking-ticket',
  store: BookingTicketDefinitionRepository,
  file: {
    type: BookingTicketDefinitionDto,
    what: 'booking ticket',
    example: {
      names: { en: 'Guided tour' },
      valid_from: '2030-06-01 00:00:00',
      valid_to: '2030-08-31 23:59:59',
      time_slots: [{ valid_from: '2030-06-01 10:00:00', valid_to: '2030-06-01 11:00:00', total_capacity: 20 }],
    },
  },
  columns: ['TICKET ID', 'STATE', 'SLOTS', 'CAPACITY', 'VALID FROM', 'VALID TO', 'NAME'],
  row: (ticket) => {
    const offered = ticket.time_slots.filter((slot) => slot.state !== 0);
    return [
      ticket.ticket_id,
      stateWord(ticket.state),
      String(offered.length),
      String(offered.reduce((sum, slot) => sum + slot.total_capacity, 0)),
      ticket.valid_from ?? '-',
      ticket.valid_to ?? '-',
      Object.values(ticket.names)[0] ?? '',
    ];
  },
  viewOnly: ['ticket_id', 'state', 'last_change'],
});
