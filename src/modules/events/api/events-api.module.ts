import { Module } from '@nestjs/common';
import { EventsModule } from '../events.module';
import { CustomerEventsController } from './customer-events.controller';

@Module({
  imports: [EventsModule],
  controllers: [CustomerEventsController],
})
export class EventsApiModule {}
