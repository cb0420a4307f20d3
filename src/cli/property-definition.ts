import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsOptional, IsString, ValidateNested } from 'class-validator';
import { PROPERTY_STATE, PropertyDefinition, PropertyRow } from '../modules/reference-data';

class PropertyItemInputDto {
  @IsDefined() @IsString() id!: string;
  @IsDefined() @IsString() name!: string;
  @IsOptional() @IsString() resource_record_id?: string;
}

/** A property as the operator writes it, with the API's field names; the whole definition, items included. */
export class PropertyDefinitionInputDto {
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

/** A sample `define` file of any property catalogue. */
export const PROPERTY_EXAMPLE = {
  property_id: 'shoe_size',
  name: 'Shoe size',
  description: 'European sizes',
  data_type: 'enum',
  is_required: false,
  items: [
    { id: '42', name: 'EU 42' },
    { id: '43', name: 'EU 43' },
  ],
};

export function toPropertyDefinition(input: PropertyDefinitionInputDto): PropertyDefinition {
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

/** How a catalogue lists its properties. */
export interface PropertyListStyle {
  /** The word for a removed property's state. */
  removed: string;
}

/** The list's headers; the name last, as it may hold spaces. */
export function propertyListColumns(): string[] {
  return ['PROPERTY ID', 'DATA TYPE', 'REQUIRED', 'UNIQUE', 'STATE', 'ITEMS', 'NAME'];
}

/** One property's row, with its active items. */
export function propertyListRow(property: PropertyRow, style: PropertyListStyle): string[] {
  const items = property.items.filter((item) => item.state !== PROPERTY_STATE.Deleted).map((item) => `${item.id}=${item.name}`);
  return [
    property.property_id,
    property.data_type,
    property.is_required ? 'yes' : 'no',
    property.is_unique ? 'yes' : 'no',
    property.state === PROPERTY_STATE.Deleted ? style.removed : 'active',
    items.join(', '),
    property.name,
  ];
}
