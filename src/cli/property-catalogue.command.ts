import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsOptional, IsString, ValidateNested } from 'class-validator';
import { BookingTicketPropertyService } from '../modules/bookings';
import { ProductPropertyService } from '../modules/catalogue';
import { PartnerPropertyService, PropertyCatalogue, PropertyDefinition, PropertyRow } from '../modules/reference-data';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

/** The name last, as it may hold spaces. */
const PROPERTY_COLUMNS = ['PROPERTY ID', 'DATA TYPE', 'REQUIRED', 'UNIQUE', 'STATE', 'ITEMS', 'NAME'];
const REMOVED = 0;

class PropertyItemInputDto {
  @IsDefined() @IsString() id!: string;
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsString() resource_record_id?: string;
}

/** A property as the operator writes it, with the API's field names; the whole definition, items included. */
class PropertyDefinitionInputDto {
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
  @Type(() => PropertyItemInputDto)
  items?: PropertyItemInputDto[];
}

interface CatalogueCommand {
  command: string;
  /** "Partner property". */
  label: string;
  /** What keeps the values of a removed property. */
  holders: string;
  service: new (...args: never[]) => PropertyCatalogue;
}

/** `tessera partner-property list|define|remove`: the custom fields of partners. */
export const partnerPropertyCommand = propertyCatalogueCommand({
  command: 'partner-property',
  label: 'Partner property',
  holders: 'partners',
  service: PartnerPropertyService,
});

/** `tessera product-property list|define|remove`: the custom fields of products. */
export const productPropertyCommand = propertyCatalogueCommand({
  command: 'product-property',
  label: 'Product property',
  holders: 'products',
  service: ProductPropertyService,
});

/** `tessera booking-ticket-property list|define|remove`: the custom fields of booking tickets. */
export const bookingTicketPropertyCommand = propertyCatalogueCommand({
  command: 'booking-ticket-property',
  label: 'Booking ticket property',
  holders: 'booking tickets',
  service: BookingTicketPropertyService,
});

function propertyCatalogueCommand(catalogue: CatalogueCommand): (args: string[], io: CliIo) => Promise<number> {
  return async (args, io) => {
    const [action, ...rest] = args;
    switch (action) {
      case 'list': {
        parseCommandArgs(rest, {});
        const properties = await withAdminSession(io, async ({ context }) => [...(await context.get(catalogue.service).all()).values()]);
        io.stdout(textTable(PROPERTY_COLUMNS, properties.map(propertyRow)));
        return 0;
      }
      case 'define': {
        const { positionals } = parseCommandArgs(rest, {}, ['FILE']);
        const input = await checkedDefinition(PropertyDefinitionInputDto, await readJsonDefinition(positionals[0], io), 'property');
        const outcome = await withAdminSession(io, ({ context }) => context.get(catalogue.service).define(toDefinition(input)));
        io.stdout(`${catalogue.label} ${input.property_id} ${outcome}\n`);
        return 0;
      }
      case 'remove': {
        const { positionals } = parseCommandArgs(rest, {}, ['PROPERTY_ID']);
        const [propertyId] = positionals;
        const removed = await withAdminSession(io, ({ context }) => context.get(catalogue.service).remove(propertyId));
        io.stdout(
          removed
            ? `${catalogue.label} ${propertyId} removed; the values ${catalogue.holders} have are kept\n`
            : `${catalogue.label} ${propertyId} was removed already\n`,
        );
        return 0;
      }
      default:
        throw new UsageError(`Unknown ${catalogue.command} command "${action ?? ''}"`);
    }
  };
}

function toDefinition(input: PropertyDefinitionInputDto): PropertyDefinition {
  return {
    propertyId: input.property_id,
    name: input.name,
    description: input.description,
    dataType: input.data_type,
    isRequired: input.is_required ?? false,
    isUnique: input.is_unique ?? false,
    items: (input.items ?? []).map((item) => ({ id: item.id, name: item.name, resourceRecordId: item.resource_record_id })),
  };
}

function propertyRow(property: PropertyRow): string[] {
  const items = property.items.filter((item) => item.state !== REMOVED).map((item) => `${item.id}=${item.name}`);
  return [
    property.property_id,
    property.data_type,
    property.is_required ? 'yes' : 'no',
    property.is_unique ? 'yes' : 'no',
    property.state === REMOVED ? 'removed' : 'active',
    items.join(', '),
    property.name,
  ];
}
