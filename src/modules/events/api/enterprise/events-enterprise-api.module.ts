import { Module } from '@nestjs/common';
import { EventsModule } from '../../events.module';
import { EnterpriseCustomerEventsController } from './customer-events.controller';

@Module({
  imports: [EventsModule],
  controllers: [EnterpriseCustomerEventsController],
})
export class EventsEnterpriseApiModule {}
