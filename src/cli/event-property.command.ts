import { EventPropertyDefinitionDto, EventPropertyDefinitionRepository, type EventPropertyDefinitionView } from '../modules/events';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera event-property ...`: the properties events may carry values of. */
export const eventPropertyCommand = lifecycleCommand<EventPropertyDefinitionDto, EventPropertyDefinitionView>({
  name: 'event-property',
  store: EventPropertyDefinitionRepository,
  file: {
    type: EventPropertyDefinitionDto,
    what: 'event property',
    example: {
      property_id: 'visit_channel',
      name: 'Visit channel',
      description: 'Where the visit came from',
      data_type: 'enum',
      is_required: false,
      items: [
        { id: 'web', name: 'Website' },
        { id: 'app', name: 'App' },
      ],
    },
  },
  columns: ['PROPERTY ID', 'DATA TYPE', 'REQUIRED', 'UNIQUE', 'STATE', 'TYPES', 'ITEMS', 'NAME'],
  row: (property) => [
    property.property_id,
    property.data_type,
    property.is_required ? 'yes' : 'no',
    property.is_unique ? 'yes' : 'no',
    property.state === 0 ? 'deactivated' : 'active',
    property.event_types.join(', '),
    (property.items ?? []).map((item) => `${item.id}=${item.name}`).join(', '),
    property.name,
  ],
  viewOnly: ['state', 'event_types', 'last_change'],
  idField: 'property_id',
});
