import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { PROPERTY_DATA_TYPES } from '../../reference-data';

export class CustomerPropertyItemDto {
  @ApiProperty({ description: 'The value customers hold when they pick this item', example: '42' })
  @IsDefined()
  @IsString()
  id!: string;

  @ApiProperty({ example: 'EU 42' })
  @IsDefined()
  @IsString()
  @MaxLength(500)
  name!: string;

  @ApiPropertyOptional({ description: 'A record elsewhere the item stands for', example: 'size-42' })
  @IsOptional()
  @IsString()
  resource_record_id?: string | null;
}

/** A customer property as the operator defines it (operator API body, `tessera customer-property define` file). */
export class CustomerPropertyDefinitionDto {
  @ApiProperty({ description: 'The readable key customers\u2019 records name it by; it never changes', example: 'shoe_size' })
  @IsDefined()
  @IsString()
  property_id!: string;

  @ApiProperty({ example: 'Shoe size' })
  @IsDefined()
  @IsString()
  @MaxLength(500)
  name!: string;

  @ApiProperty({
    description: 'Changes only while no customer holds a value of the property',
    enum: PROPERTY_DATA_TYPES,
    example: 'enum',
  })
  @IsDefined()
  @IsIn(PROPERTY_DATA_TYPES)
  data_type!: string;

  @ApiPropertyOptional({ description: 'Every customer must have a value', example: false })
  @IsOptional()
  @IsBoolean()
  is_required?: boolean;

  @ApiPropertyOptional({ description: 'No two customers may hold the same value', example: false })
  @IsOptional()
  @IsBoolean()
  is_unique?: boolean;

  @ApiPropertyOptional({
    description: 'The choices of an enum or multiselect property; items left out are deactivated',
    type: [CustomerPropertyItemDto],
    example: [
      { id: '42', name: 'EU 42' },
      { id: '43', name: 'EU 43' },
    ],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => CustomerPropertyItemDto)
  items?: CustomerPropertyItemDto[];
}

export class CustomerPropertyDefinitionViewDto extends CustomerPropertyDefinitionDto {
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class CustomerPropertyDefinitionListDto {
  @ApiProperty({ type: [CustomerPropertyDefinitionViewDto] }) customer_properties!: CustomerPropertyDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class CustomerPropertyDefinitionListResponseDto {
  @ApiProperty({ type: CustomerPropertyDefinitionListDto }) data!: CustomerPropertyDefinitionListDto;
}

export class CustomerPropertyDefinitionResponseDto {
  @ApiProperty({ type: CustomerPropertyDefinitionViewDto }) data!: CustomerPropertyDefinitionViewDto;
}
