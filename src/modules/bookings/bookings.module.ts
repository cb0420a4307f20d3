import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers';
import { BookingStatusService } from './booking-status.service';
import { BookingTicketPropertyService } from './booking-ticket-property.service';
import { BookingTicketService } from './booking-ticket.service';
import { BookingService } from './booking.service';

const SERVICES = [BookingService, BookingStatusService, BookingTicketService, BookingTicketPropertyService];

/** Bookings of ticket time slots, the booking statuses and the ticket property catalogue. */
@Module({
  imports: [CustomersModule],
  providers: SERVICES,
  exports: SERVICES,
})
export class BookingsModule {}
