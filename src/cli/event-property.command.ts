import { EventDefinitionService, EventPropertyOverview } from '../modules/events';
import { withAdminSession } from './admin-session';
import { commandOf, defineAction, listAction, removeAction } from './command-actions';
import {
  PropertyDefinitionInputDto,
  propertyListColumns,
  propertyListRow,
  PropertyListStyle,
  toPropertyDefinition,
} from './property-definition';

const LIST_STYLE: PropertyListStyle = { extraColumns: ['TYPES'], removed: 'deleted' };

/** `tessera event-property list|define|remove`: the properties events may carry values of. */
export const eventPropertyCommand = commandOf('event-property', {
  list: listAction(propertyListColumns(LIST_STYLE), async (context) =>
    (await context.get(EventDefinitionService).listProperties()).map(propertyRow),
  ),
  define: defineAction(PropertyDefinitionInputDto, 'event property', async (input, io) => {
    const definition = toPropertyDefinition(input);
    const outcome = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).defineProperty(definition));
    return `Event property ${outcome.id} ${outcome.created ? 'created' : 'updated'}`;
  }),
  remove: removeAction('ID', (context, propertyId) => context.get(EventDefinitionService).removeProperty(propertyId), {
    removed: (propertyId) => `Event property ${propertyId} removed; the values events have are kept`,
    notRemoved: (propertyId) => `Event property ${propertyId} was removed already`,
  }),
});

function propertyRow({ property, typeTextIds }: EventPropertyOverview): string[] {
  return propertyListRow(property, LIST_STYLE, [typeTextIds.join(', ')]);
}
