/** What the admin CLI, webhooks and the bench may use of bookings: the operator's definitions, the services and the mapper. */
export { BookingsModule } from './bookings.module';
export { BookingService } from './booking.service';
export { BookingStatusService } from './booking-status.service';
export { BookingTicketService } from './booking-ticket.service';
export { BookingTicketPropertyService } from './booking-ticket-property.service';
export { BookingStatusDefinitionRepository } from './booking-status-definition.repository';
export { BookingTicketDefinitionRepository } from './booking-ticket-definition.repository';
export { BookingTicketPropertyDefinitionRepository } from './booking-ticket-property-definition.repository';
export {
  BookingStatusDefinitionDto,
  BookingStatusDefinitionViewDto as BookingStatusDefinitionView,
} from './dto/booking-status-definition.dto';
export {
  BookingTicketDefinitionDto,
  BookingTicketDefinitionViewDto as BookingTicketDefinitionView,
} from './dto/booking-ticket-definition.dto';
export { toBookingDto } from './bookings.mapper';
