import { Module } from '@nestjs/common';
import { EventsModule } from '../events.module';
import { CustomerEventsController } from './customer-events.controller';
import { EventGroupsController } from './event-groups.controller';
import { EventPropertiesController } from './event-properties.controller';
import { EventTypesController } from './event-types.controller';
import { EventsController } from './events.controller';

@Module({
  imports: [EventsModule],
  controllers: [CustomerEventsController, EventsController, EventTypesController, EventGroupsController, EventPropertiesController],
})
export class EventsApiModule {}
