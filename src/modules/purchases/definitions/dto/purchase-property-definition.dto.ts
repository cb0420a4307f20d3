import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { TIMED_PROPERTY_DATA_TYPES } from '../../../reference-data';

export class PurchasePropertyDefinitionItemDto {
  @ApiProperty({ description: 'The value purchases carry when this item is picked; no other property has an item with it', example: 'web' })
  @IsDefined()
  @IsString()
  id!: string;

  @ApiProperty({ example: 'Website' })
  @IsDefined()
  @IsString()
  @MaxLength(500)
  name!: string;
}

/**
 * A property of purchases or of purchase items as the operator defines it (operator API body,
 * `tessera purchase-property define` and `tessera purchase-item-property define` file).
 */
export class PurchasePropertyDefinitionDto {
  @ApiProperty({ description: 'The key bills name it by (letters, digits, _, . and -); it never changes', example: 'sales_channel' })
  @IsDefined()
  @IsString()
  property_id!: string;

  @ApiProperty({ example: 'Sales channel' })
  @IsDefined()
  @IsString()
  @MaxLength(500)
  name!: string;

  // Checked against the list by the service, whose refusal names the allowed types.
  @ApiProperty({
    description: 'Changes only while no purchase has a value of the property',
    enum: TIMED_PROPERTY_DATA_TYPES,
    example: 'enum',
  })
  @IsDefined()
  @IsString()
  data_type!: string;

  @ApiPropertyOptional({ description: 'Every bill (bill line) must carry a value', example: false })
  @IsOptional()
  @IsBoolean()
  is_required?: boolean;

  @ApiPropertyOptional({ description: 'No two purchases (purchase items) may carry the same value', example: false })
  @IsOptional()
  @IsBoolean()
  is_unique?: boolean;

  @ApiPropertyOptional({
    description: 'The choices of an enum or multiselect property; items left out are deactivated',
    type: [PurchasePropertyDefinitionItemDto],
    example: [
      { id: 'web', name: 'Website' },
      { id: 'shop', name: 'Shop' },
    ],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PurchasePropertyDefinitionItemDto)
  items?: PurchasePropertyDefinitionItemDto[];
}

export class PurchasePropertyDefinitionViewDto extends PurchasePropertyDefinitionDto {
  @ApiProperty({
    description: '1 active, 0 deactivated: bills can no longer carry it, and the values purchases have stay',
    enum: [0, 1, 2],
    example: 1,
  })
  state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class PurchasePropertyDefinitionListDto {
  @ApiProperty({ type: [PurchasePropertyDefinitionViewDto] }) purchase_properties!: PurchasePropertyDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class PurchasePropertyDefinitionListResponseDto {
  @ApiProperty({ type: PurchasePropertyDefinitionListDto }) data!: PurchasePropertyDefinitionListDto;
}

class PurchaseItemPropertyDefinitionListDto {
  @ApiProperty({ type: [PurchasePropertyDefinitionViewDto] }) purchase_item_properties!: PurchasePropertyDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class PurchaseItemPropertyDefinitionListResponseDto {
  @ApiProperty({ type: PurchaseItemPropertyDefinitionListDto }) data!: PurchaseItemPropertyDefinitionListDto;
}

export class PurchasePropertyDefinitionResponseDto {
  @ApiProperty({ type: PurchasePropertyDefinitionViewDto }) data!: PurchasePropertyDefinitionViewDto;
}
