import { EventGroupDefinitionDto, EventGroupDefinitionRepository, type EventGroupDefinitionView } from '../modules/events';
import { STATE_NAMES } from './event-type.command';
import { lifecycleCommand } from './lifecycle-command';

/** `tessera event-group ...`: the groups event types belong to. */
export const eventGroupCommand = lifecycleCommand<EventGroupDefinitionDto, EventGroupDefinitionView>({
  name: 'event-group',
  store: EventGroupDefinitionRepository,
  file: { type: EventGroupDefinitionDto, what: 'event group', example: { text_id: 'shop_visits', name: 'Shop visits', state: 1 } },
  // The name last, as it may hold spaces.
  columns: ['EVENT GROUP ID', 'TEXT ID', 'STATE', 'TYPES', 'NAME'],
  row: (group) => [group.event_group_id, group.text_id, STATE_NAMES[group.state], String(group.types), group.name],
  viewOnly: ['event_group_id', 'types', 'last_change'],
});
