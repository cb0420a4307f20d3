import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { CommonException, InvalidReason } from '@tessera/http';
import { EventCatalogueState, EventDefinitionService, EventTypeOverview } from '../modules/events';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow, removeAction } from './command-actions';

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

const EVENT_TYPE_FILE: DefinitionFile<EventTypeDefinitionInputDto> = {
  type: EventTypeDefinitionInputDto,
  what: 'event type',
  example: { text_id: 'store_visit', name: 'Store visit', event_group_text_id: 'shop_visits', event_property_ids: ['store_floor'] },
};

/** `tessera event-type list|define|remove`: kinds of customer event and the properties each allows. */
export const eventTypeCommand = cliCommand(
  {
    ...listAndShow(TYPE_COLUMNS, async (context) => (await context.get(EventDefinitionService).listTypes()).map(typeRow)),
    define: defineAction(EVENT_TYPE_FILE, async (input, io) => {
      const definition = {
        textId: input.text_id,
        name: input.name,
        group: groupOf(input),
        iconName: input.icon_name,
        state: input.state,
        propertyIds: [...new Set(input.event_property_ids ?? [])],
      };
      const outcome = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).defineType(definition));
      return `Event type ${input.text_id} ${outcome.created ? 'created' : 'updated'}: ${outcome.id}`;
    }),
    remove: removeAction((context, type) => context.get(EventDefinitionService).removeType(type), {
      removed: (type) => `Event type ${type} removed; its events are kept`,
      notRemoved: (type) => `Event type ${type} was removed already`,
    }),
  },
  EVENT_TYPE_FILE,
);

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
