import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { CommonException, InvalidReason } from '@tessera/http';
import { EventCatalogueState, EventDefinitionService, EventTypeOverview } from '../modules/events';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

export const STATE_NAMES: Record<EventCatalogueState, string> = {
  [EventCatalogueState.Deleted]: 'deleted',
  [EventCatalogueState.Active]: 'active',
  [EventCatalogueState.Inactive]: 'inactive',
};

/** The name last, as it may hold spaces. */
const TYPE_COLUMNS = ['EVENT TYPE ID', 'TEXT ID', 'GROUP', 'STATE', 'ICON', 'PROPERTIES', 'NAME'];

/** An event type as the operator writes it, with the API's field names, and the properties it allows. */
class EventTypeDefinitionInputDto {
  @IsDefined() @IsString() text_id!: string;
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsString() @IsNotEmpty() event_group_id?: string;
  @IsOptional() @IsString() @IsNotEmpty() event_group_text_id?: string;
  @IsOptional() @IsString() @IsNotEmpty() icon_name?: string;
  @IsOptional() @IsIn([EventCatalogueState.Active, EventCatalogueState.Inactive]) state?:
    EventCatalogueState.Active | EventCatalogueState.Inactive;
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @IsString({ each: true }) @IsNotEmpty({ each: true }) event_property_ids?: string[];
}

/** `tessera event-type list|define|remove`: kinds of customer event and the properties each allows. */
export async function eventTypeCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const types = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).listTypes());
      io.stdout(textTable(TYPE_COLUMNS, types.map(typeRow)));
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(EventTypeDefinitionInputDto, await readJsonDefinition(positionals[0], io), 'event type');
      const definition = {
        textId: input.text_id,
        name: input.name,
        group: groupOf(input),
        iconName: input.icon_name,
        state: input.state,
        propertyIds: [...new Set(input.event_property_ids ?? [])],
      };
      const outcome = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).defineType(definition));
      io.stdout(`Event type ${input.text_id} ${outcome.created ? 'created' : 'updated'}: ${outcome.id}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [type] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).removeType(type));
      io.stdout(removed ? `Event type ${type} removed; its events are kept\n` : `Event type ${type} was removed already\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown event-type command "${action ?? ''}"`);
  }
}

/** The group by exactly one of its id and its text id. */
function groupOf(input: EventTypeDefinitionInputDto): string {
  const group = input.event_group_id ?? input.event_group_text_id;
  if (group === undefined || (input.event_group_id !== undefined && input.event_group_text_id !== undefined)) {
    throw CommonException.invalid(
      'event_group_id',
      InvalidReason.Required,
      'Name the group by exactly one of event_group_id and event_group_text_id',
    );
  }
  return group;
}

function typeRow({ type, groupTextId, propertyIds }: EventTypeOverview): string[] {
  return [type.id, type.textId, groupTextId, STATE_NAMES[type.state], type.iconName ?? '', propertyIds.join(', '), type.name];
}
