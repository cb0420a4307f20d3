import { Module } from '@nestjs/common';
import { BookingsModule } from '../bookings.module';
import { BookingStatusesController, BookingTicketPropertiesController } from './booking-definitions.controller';
import { BookingTicketsController } from './booking-tickets.controller';
import { BookingsController } from './bookings.controller';

@Module({
  imports: [BookingsModule],
  controllers: [BookingsController, BookingTicketsController, BookingStatusesController, BookingTicketPropertiesController],
})
export class BookingsApiModule {}
