import { IsDefined, IsIn, IsOptional, IsString } from 'class-validator';
import { EventCatalogueState, EventDefinitionService, EventGroupOverview } from '../modules/events';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';
import { STATE_NAMES } from './event-type.command';

/** The name last, as it may hold spaces. */
const GROUP_COLUMNS = ['EVENT GROUP ID', 'TEXT ID', 'STATE', 'TYPES', 'NAME'];

/** An event group as the operator writes it, with the API's field names; `state` 0 is `remove`. */
class EventGroupDefinitionInputDto {
  @IsDefined() @IsString() text_id!: string;
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsIn([EventCatalogueState.Active, EventCatalogueState.Inactive]) state?:
    EventCatalogueState.Active | EventCatalogueState.Inactive;
}

const EVENT_GROUP_FILE: DefinitionFile<EventGroupDefinitionInputDto> = {
  type: EventGroupDefinitionInputDto,
  what: 'event group',
  example: { text_id: 'shop_visits', name: 'Shop visits', state: 1 },
};

/** `tessera event-group list|define|remove`: the groups event types belong to. */
export const eventGroupCommand = cliCommand(
  {
    ...listAndShow(GROUP_COLUMNS, async (context) => (await context.get(EventDefinitionService).listGroups()).map(groupRow)),
    define: defineAction(EVENT_GROUP_FILE, async (input, io) => {
      const definition = { textId: input.text_id, name: input.name, state: input.state };
      const outcome = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).defineGroup(definition));
      return `Event group ${input.text_id} ${outcome.created ? 'created' : 'updated'}: ${outcome.id}`;
    }),
    remove: removeAction((context, group) => context.get(EventDefinitionService).removeGroup(group), {
      removed: (group) => `Event group ${group} removed`,
      notRemoved: (group) => `Event group ${group} was removed already`,
    }),
  },
  EVENT_GROUP_FILE,
);

function groupRow({ group, types }: EventGroupOverview): string[] {
  return [group.id, group.textId, STATE_NAMES[group.state], String(types), group.name];
}
