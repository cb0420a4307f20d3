import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { PROPERTY_DATA_TYPES } from '../property-value';

export class PropertyItemOutDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ description: 'The record of another resource the item stands for' }) resource_record_id?: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

/** A custom field definition, the shape every property catalogue answers. */
export class PropertyDto {
  @ApiProperty({ example: 'shoe_size' }) property_id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional() description?: string;
  @ApiProperty({ enum: PROPERTY_DATA_TYPES }) data_type!: string;
  @ApiProperty({ type: [PropertyItemOutDto] }) items!: PropertyItemOutDto[];
  @ApiProperty() is_required!: boolean;
  @ApiProperty() is_unique!: boolean;
  @ApiProperty({ example: '2026-01-31 08:15:00' }) last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class PropertyResponseDto {
  @ApiProperty({ type: () => PropertyDto }) data!: PropertyDto;
}
