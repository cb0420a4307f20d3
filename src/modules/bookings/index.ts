/** What the admin CLI, webhooks and the bench may use of bookings: the operator's definitions, the services and the mapper. */
export { BookingsModule } from './bookings.module';
export { BookingService } from './booking.service';
export {
  BookingStatusService,
  BOOKING_STATUS_STATE,
  type BookingStatusDefinition,
  type BookingStatusOverview,
} from './booking-status.service';
export { BookingTicketService, TICKET_STATE, type BookingTicketDefinition, type BookingTicketOverview } from './booking-ticket.service';
export { BookingTicketPropertyService } from './booking-ticket-property.service';
export { BOOKING_PHASES } from './rules/booking-workflow';
export { toBookingDto } from './bookings.mapper';
