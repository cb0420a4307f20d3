import { Type as NestType } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { TIMED_PROPERTY_DATA_TYPES } from '../property-value';

export class PropertyCatalogueItemDefinitionDto {
  @ApiProperty({ description: 'The value records carry when this item is picked', example: '42' })
  @IsDefined()
  @IsString()
  id!: string;

  @ApiProperty({ example: 'EU 42' })
  @IsDefined()
  @IsString()
  @MaxLength(500)
  name!: string;

  @ApiPropertyOptional({ description: 'A record elsewhere the item stands for', example: 'store-1' })
  @IsOptional()
  @IsString()
  resource_record_id?: string;
}

/**
 * A property of one of the shared catalogues (partners, products, tasks, booking tickets, stores,
 * rewards, vouchers) as the operator defines it: operator API body and `tessera <kind>-property define` file.
 */
export class PropertyCatalogueDefinitionDto {
  @ApiProperty({
    description: 'The readable key records name it by (letters, digits, _, . and -); it never changes',
    example: 'shoe_size',
  })
  @IsDefined()
  @IsString()
  property_id!: string;

  @ApiProperty({ example: 'Shoe size' })
  @IsDefined()
  @IsString()
  @MaxLength(500)
  name!: string;

  @ApiPropertyOptional({ example: 'European sizes' })
  @IsOptional()
  @IsString()
  description?: string;

  // Checked against the catalogue's own list by the catalogue, whose refusal names the allowed types.
  @ApiProperty({
    description: 'Changes only while no record has a value of the property; timestamp only for reward and voucher properties',
    enum: TIMED_PROPERTY_DATA_TYPES,
    example: 'enum',
  })
  @IsDefined()
  @IsString()
  data_type!: string;

  @ApiPropertyOptional({ description: 'Every record must carry a value', example: false })
  @IsOptional()
  @IsBoolean()
  is_required?: boolean;

  @ApiPropertyOptional({
    description: 'No two records may carry the same value; only where the catalogue checks it (partners, tasks, stores)',
    example: false,
  })
  @IsOptional()
  @IsBoolean()
  is_unique?: boolean;

  @ApiPropertyOptional({
    description: 'The choices of an enum or multiselect property; items left out are deactivated',
    type: [PropertyCatalogueItemDefinitionDto],
    example: [
      { id: '42', name: 'EU 42' },
      { id: '43', name: 'EU 43' },
    ],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PropertyCatalogueItemDefinitionDto)
  items?: PropertyCatalogueItemDefinitionDto[];
}

export class PropertyCatalogueDefinitionViewDto extends PropertyCatalogueDefinitionDto {
  @ApiProperty({
    description: '1 active, 0 deactivated: no record may newly take a value of it, and the values records have stay',
    enum: [0, 1],
    example: 1,
  })
  state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

export class PropertyCatalogueDefinitionResponseDto {
  @ApiProperty({ type: PropertyCatalogueDefinitionViewDto }) data!: PropertyCatalogueDefinitionViewDto;
}

/**
 * The list envelope of one catalogue, its list under the catalogue's own key (`partner_properties`);
 * the classes are named after the key, as the API document keys its schemas by class name.
 */
export function propertyCatalogueListResponseDto(listKey: string): NestType {
  const name = listKey.replace(/(^|_)([a-z])/g, (_match, _separator, letter: string) => letter.toUpperCase());
  class ListDto {}
  ApiProperty({ type: [PropertyCatalogueDefinitionViewDto] })(ListDto.prototype, listKey);
  ApiProperty({ type: Number, example: 1 })(ListDto.prototype, 'total_items');
  Object.defineProperty(ListDto, 'name', { value: `${name}DefinitionListDto` });
  class ListResponseDto {}
  ApiProperty({ type: ListDto })(ListResponseDto.prototype, 'data');
  Object.defineProperty(ListResponseDto, 'name', { value: `${name}DefinitionListResponseDto` });
  return ListResponseDto;
}
