import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers';
import { BookingStatusDefinitionRepository } from './booking-status-definition.repository';
import { BookingStatusService } from './booking-status.service';
import { BookingTicketDefinitionRepository } from './booking-ticket-definition.repository';
import { BookingTicketPropertyDefinitionRepository } from './booking-ticket-property-definition.repository';
import { BookingTicketPropertyService } from './booking-ticket-property.service';
import { BookingTicketService } from './booking-ticket.service';
import { BookingService } from './booking.service';

const SERVICES = [
  BookingService,
  BookingStatusService,
  BookingTicketService,
  BookingTicketPropertyService,
  BookingStatusDefinitionRepository,
  BookingTicketDefinitionRepository,
  BookingTicketPropertyDefinitionRepository,
];

/** Bookings of ticket time slots, the booking statuses and the ticket property catalogue. */
@Module({
  imports: [CustomersModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class BookingsModule {}
