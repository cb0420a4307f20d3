import {
  EventCatalogueState,
  EventTypeDefinitionDto,
  EventTypeDefinitionRepository,
  type EventTypeDefinitionView,
} from '../modules/events';
import { lifecycleCommand } from './lifecycle-command';

export const STATE_NAMES: Record<number, string> = {
  [EventCatalogueState.Deleted]: 'deactivated',
  [EventCatalogueState.Active]: 'active',
  [EventCatalogueState.Inactive]: 'inactive',
};

/** `tessera event-type ...`: kinds of customer event and the properties each allows. */
export const eventTypeCommand = lifecycleCommand<EventTypeDefinitionDto, EventTypeDefinitionView>({
  name: 'event-type',
  store: EventTypeDefinitionRepository,
  file: {
    type: EventTypeDefinitionDto,
    what: 'event type',
    example: { text_id: 'store_visit', name: 'Store visit', event_group_text_id: 'shop_visits', event_property_ids: ['store_floor'] },
  },
  // The name last, as it may hold spaces.
  columns: ['EVENT TYPE ID', 'TEXT ID', 'GROUP', 'STATE', 'ICON', 'PROPERTIES', 'NAME'],
  row: (type) => [
    type.event_type_id,
    type.text_id,
    type.event_group_text_id,
    STATE_NAMES[type.state],
    type.icon_name ?? '',
    type.event_property_ids.join(', '),
    type.name,
  ],
  viewOnly: ['event_type_id', 'last_change'],
});
