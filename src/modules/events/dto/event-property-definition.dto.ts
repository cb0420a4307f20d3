import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { TIMED_PROPERTY_DATA_TYPES } from '../../reference-data';

export class EventPropertyItemDefinitionDto {
  @ApiProperty({ description: 'The value events carry when this item is picked', example: 'web' })
  @IsDefined()
  @IsString()
  id!: string;

  @ApiProperty({ example: 'Website' })
  @IsDefined()
  @IsString()
  @MaxLength(500)
  name!: string;

  @ApiPropertyOptional({ description: 'A record elsewhere the item stands for', example: 'store-1' })
  @IsOptional()
  @IsString()
  resource_record_id?: string;
}

/** An event property as the operator defines it (operator API body, `tessera event-property define` file). */
export class EventPropertyDefinitionDto {
  @ApiProperty({
    description: 'The readable key events name it by (letters, digits, _, . and -); it never changes',
    example: 'visit_channel',
  })
  @IsDefined()
  @IsString()
  property_id!: string;

  @ApiProperty({ example: 'Visit channel' })
  @IsDefined()
  @IsString()
  @MaxLength(500)
  name!: string;

  @ApiPropertyOptional({ example: 'Where the visit came from' })
  @IsOptional()
  @IsString()
  description?: string;

  // Checked against the list by the catalogue, whose refusal names the allowed types.
  @ApiProperty({
    description: 'Changes only while no event has a value of the property',
    enum: TIMED_PROPERTY_DATA_TYPES,
    example: 'enum',
  })
  @IsDefined()
  @IsString()
  data_type!: string;

  @ApiPropertyOptional({ description: 'Every event of a type allowing it must carry a value', example: false })
  @IsOptional()
  @IsBoolean()
  is_required?: boolean;

  @ApiPropertyOptional({ description: 'No two events may carry the same value', example: false })
  @IsOptional()
  @IsBoolean()
  is_unique?: boolean;

  @ApiPropertyOptional({
    description: 'The choices of an enum or multiselect property; items left out are deactivated',
    type: [EventPropertyItemDefinitionDto],
    example: [
      { id: 'web', name: 'Website' },
      { id: 'app', name: 'App' },
    ],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => EventPropertyItemDefinitionDto)
  items?: EventPropertyItemDefinitionDto[];
}

export class EventPropertyDefinitionViewDto extends EventPropertyDefinitionDto {
  @ApiProperty({
    description: '1 active, 0 deactivated: events can no longer carry it, and the values they have stay',
    enum: [0, 1],
    example: 1,
  })
  state!: number;
  @ApiProperty({ description: 'Text ids of the event types that allow it', example: ['shop_visit'] }) event_types!: string[];
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class EventPropertyDefinitionListDto {
  @ApiProperty({ type: [EventPropertyDefinitionViewDto] }) event_properties!: EventPropertyDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class EventPropertyDefinitionListResponseDto {
  @ApiProperty({ type: EventPropertyDefinitionListDto }) data!: EventPropertyDefinitionListDto;
}

export class EventPropertyDefinitionResponseDto {
  @ApiProperty({ type: EventPropertyDefinitionViewDto }) data!: EventPropertyDefinitionViewDto;
}
