import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsOptional, IsString, ValidateNested } from 'class-validator';
import { EventCatalogueState, EventDefinitionService, EventPropertyOverview } from '../modules/events';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

const PROPERTY_COLUMNS = ['PROPERTY ID', 'DATA TYPE', 'REQUIRED', 'UNIQUE', 'STATE', 'TYPES', 'ITEMS', 'NAME'];

class EventPropertyItemInputDto {
  @IsDefined() @IsString() id!: string;
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsString() resource_record_id?: string;
}

/** An event property as the operator writes it: the API's Property, the read-only fields left out. */
class EventPropertyDefinitionInputDto {
  @IsDefined() @IsString() property_id!: string;
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsString() description?: string;
  @IsDefined() @IsString() data_type!: string;
  @IsOptional() @IsBoolean() is_required?: boolean;
  @IsOptional() @IsBoolean() is_unique?: boolean;
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => EventPropertyItemInputDto)
  items?: EventPropertyItemInputDto[];
}

/** `tessera event-property list|define|remove`: the properties events may carry values of. */
export async function eventPropertyCommand(args: string[], io: CliIo): Promise<number> {
  const [action, ...rest] = args;
  switch (action) {
    case 'list': {
      parseCommandArgs(rest, {});
      const properties = await withAdminSession(io, ({ context }) => context.get(EventDefinitionService).listProperties());
      io.stdout(textTable(PROPERTY_COLUMNS, properties.map(propertyRow)));
      return 0;
    }
    case 'define': {
      const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
      const input = await checkedDefinition(
        EventPropertyDefinitionInputDto,
        await readJsonDefinition(positionals[0], io),
        'event property',
      );
      const definition = {
        propertyId: input.property_id,
        name: input.name,
        description: input.description,
        dataType: input.data_type,
        isRequired: input.is_required ?? false,
        isUnique: input.is_unique ?? false,
        items: (input.items ?? []).map((item) => ({ id: item.id, name: item.name, resourceRecordId: item.resource_record_id })),
      };
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

function propertyRow({ property, items, typeTextIds }: EventPropertyOverview): string[] {
  const active = items.filter((item) => item.state === EventCatalogueState.Active).map((item) => `${item.id}=${item.name}`);
  return [
    property.id,
    property.dataType,
    property.isRequired ? 'yes' : 'no',
    property.isUnique ? 'yes' : 'no',
    property.state === EventCatalogueState.Deleted ? 'deleted' : 'active',
    typeTextIds.join(', '),
    active.join(', '),
    property.name,
  ];
}
