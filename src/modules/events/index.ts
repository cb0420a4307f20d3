/** What other contexts and the admin CLI may use of customer events: reading them, and the operator's catalogue (code writes events with the outbox writer). */
export { EventsModule } from './events.module';
export { CustomerEventService } from './customer-event.service';
export {
  EventDefinitionService,
  type EventGroupDefinition,
  type EventGroupOverview,
  type EventPropertyDefinition,
  type EventPropertyOverview,
  type EventTypeDefinition,
  type EventTypeOverview,
} from './event-definition.service';
export { EventCatalogueState } from './entities/event-catalogue.entity';
export { toEventDto } from './customer-event.mapper';
