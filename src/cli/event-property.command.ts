import { EventDefinitionService, EventPropertyOverview } from '../modules/events';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';
import {
  PROPERTY_EXAMPLE,
  PropertyDefinitionInputDto,
  propertyListColumns,
  propertyListRow,
  PropertyListStyle,
  toPropertyDefinition,
} from './property-definition';

const LIST_STYLE: PropertyListStyle = { extraColumns: ['TYPES'], removed: 'deleted' };

const EVENT_PROPERTY_FILE: DefinitionFile<PropertyDefinitionInputDto> = {
  type: PropertyDefinitionInputDto,
  what: 'event property',
  example: PROPERTY_EXAMPLE,
};

/** `tessera event-property list|define|remove`: the properties events may carry values of. */
export const eventPropertyCommand = cliCommand(
  {
    ...listAndShow(propertyListColumns(LIST_STYLE), async (context) =>
      (await context.get(EventDefinitionService).listProperties()).map(propertyRow),
    ),
    define: defineAction(EVENT_PROPERTY_FILE, async (input, io) => {
      const definition = toPropertyDefinition(input);
      const outcome = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).defineProperty(definition));
      return `Event property ${outcome.id} ${outcome.created ? 'created' : 'updated'}`;
    }),
    remove: removeAction((context, propertyId) => context.get(EventDefinitionService).removeProperty(propertyId), {
      removed: (propertyId) => `Event property ${propertyId} removed; the values events have are kept`,
      notRemoved: (propertyId) => `Event property ${propertyId} was removed already`,
    }),
  },
  EVENT_PROPERTY_FILE,
);

function propertyRow({ property, typeTextIds }: EventPropertyOverview): string[] {
  return propertyListRow(property, LIST_STYLE, [typeTextIds.join(', ')]);
}
