/** What other contexts and the admin CLI may use of customer events: reading them, and the operator's catalogue (code writes events with the outbox writer). */
export { EventsModule } from './events.module';
export { CustomerEventService } from './customer-event.service';
export { EventPostHooks, type PostedEvent } from './event-post.hooks';
export {
  EventDefinitionService,
  type EventGroupDefinition,
  type EventPropertyDefinition,
  type EventTypeDefinition,
} from './event-definition.service';
export { EventCatalogueState } from './entities/event-catalogue.entity';
export { EventGroupDefinitionRepository } from './event-group-definition.repository';
export { EventTypeDefinitionRepository } from './event-type-definition.repository';
export { EventPropertyDefinitionRepository } from './event-property-definition.repository';
export { EventTypeDefinitionDto, EventTypeDefinitionViewDto as EventTypeDefinitionView } from './dto/event-type-definition.dto';
export { EventGroupDefinitionDto, EventGroupDefinitionViewDto as EventGroupDefinitionView } from './dto/event-group-definition.dto';
export {
  EventPropertyDefinitionDto,
  EventPropertyDefinitionViewDto as EventPropertyDefinitionView,
} from './dto/event-property-definition.dto';
export { toEventDto } from './customer-event.mapper';
