import { EventDefinitionService, EventPropertyOverview } from '../modules/events';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import {
  PropertyDefinitionInputDto,
  propertyListColumns,
  propertyListRow,
  PropertyListStyle,
  toPropertyDefinition,
} from './property-definition';
import { textTable } from './text-table';

const LIST_STYLE: PropertyListStyle = { extraColumns: ['TYPES'], removed: 'deleted' };

/** `tessera event-property list|define|remove`: the properties events may carry values of. */
export async function eventPropertyCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const properties = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).listProperties());
      io.stdout(textTable(propertyListColumns(LIST_STYLE), properties.map(propertyRow)));
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(PropertyDefinitionInputDto, await readJsonDefinition(positionals[0], io), 'event property');
      const definition = toPropertyDefinition(input);
      const outcome = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).defineProperty(definition));
      io.stdout(`Event property ${outcome.id} ${outcome.created ? 'created' : 'updated'}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [propertyId] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).removeProperty(propertyId));
      io.stdout(
        removed
          ? `Event property ${propertyId} removed; the values events have are kept\n`
          : `Event property ${propertyId} was removed already\n`,
      );
      return 0;
    }
    default:
      throw new UsageError(`Unknown event-property command "${action ?? ''}"`);
  }
}

function propertyRow({ property, typeTextIds }: EventPropertyOverview): string[] {
  return propertyListRow(property, LIST_STYLE, [typeTextIds.join(', ')]);
}
