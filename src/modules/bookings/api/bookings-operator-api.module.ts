import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { BookingsModule } from '../bookings.module';
import { BookingStatusesOperatorController } from './booking-statuses-operator.controller';
import { BookingTicketPropertiesOperatorController } from './booking-ticket-properties-operator.controller';
import { BookingTicketsOperatorController } from './booking-tickets-operator.controller';

@Module({
  imports: [BookingsModule, AuditModule],
  controllers: [BookingStatusesOperatorController, BookingTicketsOperatorController, BookingTicketPropertiesOperatorController],
})
export class BookingsOperatorApiModule {}
