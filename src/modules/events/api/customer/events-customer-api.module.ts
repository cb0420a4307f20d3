import { Module } from '@nestjs/common';
import { EventsModule } from '../../events.module';
import { CustomerCustomerEventsController } from './customer-events.controller';

@Module({
  imports: [EventsModule],
  controllers: [CustomerCustomerEventsController],
})
export class EventsCustomerApiModule {}
