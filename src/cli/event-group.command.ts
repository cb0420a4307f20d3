import { IsDefined, IsIn, IsOptional, IsString } from 'class-validator';
import { EventCatalogueState, EventDefinitionService, EventGroupOverview } from '../modules/events';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { STATE_NAMES } from './event-type.command';
import { textTable } from './text-table';

/** The name last, as it may hold spaces. */
const GROUP_COLUMNS = ['EVENT GROUP ID', 'TEXT ID', 'STATE', 'TYPES', 'NAME'];

/** An event group as the operator writes it, with the API's field names; `state` 0 is `remove`. */
class EventGroupDefinitionInputDto {
  @IsDefined() @IsString() text_id!: string;
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsIn([EventCatalogueState.Active, EventCatalogueState.Inactive]) state?:
    EventCatalogueState.Active | EventCatalogueState.Inactive;
}

/** `tessera event-group list|define|remove`: the groups event types belong to. */
export async function eventGroupCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const groups = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).listGroups());
      io.stdout(textTable(GROUP_COLUMNS, groups.map(groupRow)));
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(EventGroupDefinitionInputDto, await readJsonDefinition(positionals[0], io), 'event group');
      const definition = { textId: input.text_id, name: input.name, state: input.state };
      const outcome = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).defineGroup(definition));
      io.stdout(`Event group ${input.text_id} ${outcome.created ? 'created' : 'updated'}: ${outcome.id}\n`);
      return 0;
    }
    case 'remove': {
      const { positionals } = parseCommandArgs(rest, {}, ['ID']);
      const [group] = positionals;
      const removed = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).removeGroup(group));
      io.stdout(removed ? `Event group ${group} removed\n` : `Event group ${group} was removed already\n`);
      return 0;
    }
    default:
      throw new UsageError(`Unknown event-group command "${action ?? ''}"`);
  }
}

function groupRow({ group, types }: EventGroupOverview): string[] {
  return [group.id, group.textId, STATE_NAMES[group.state], String(types), group.name];
}
