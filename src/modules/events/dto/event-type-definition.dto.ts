import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { EventCatalogueState } from '../entities/event-catalogue.entity';

/** An event type as the operator defines it (operator API body, `tessera event-type define` file), and the properties it allows. */
export class EventTypeDefinitionDto {
  @ApiProperty({ description: 'What integrations send events by: lowercase letters, digits and underscores', example: 'store_visit' })
  @IsDefined()
  @IsString()
  text_id!: string;

  @ApiProperty({ example: 'Store visit' }) @IsDefined() @IsString() name!: string;

  @ApiPropertyOptional({ description: 'Its group, by id or text id', example: 'shop_visits' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  event_group_id?: string;

  @ApiPropertyOptional({ description: 'Its group by text id; beside event_group_id, it must name the same group', example: 'shop_visits' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  event_group_text_id?: string;

  @ApiPropertyOptional({ example: 'storefront' }) @IsOptional() @IsString() @IsNotEmpty() icon_name?: string;

  @ApiPropertyOptional({
    description: '1 active, 2 inactive; left out, 1 (a deactivated type stays deactivated)',
    enum: [EventCatalogueState.Active, EventCatalogueState.Inactive],
    example: 1,
  })
  @IsOptional()
  @IsIn([EventCatalogueState.Active, EventCatalogueState.Inactive])
  state?: EventCatalogueState.Active | EventCatalogueState.Inactive;

  @ApiPropertyOptional({ description: 'The whole set of properties its events may carry', type: [String], example: ['store_floor'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  @IsNotEmpty({ each: true })
  event_property_ids?: string[];
}

export class EventTypeDefinitionViewDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) event_type_id!: string;
  @ApiProperty({ example: 'store_visit' }) text_id!: string;
  @ApiProperty({ example: 'Store visit' }) name!: string;
  @ApiProperty({ example: '5e1f0a9b3c7d4e2f8a6b0c1d2e3f4a5b' }) event_group_id!: string;
  @ApiProperty({ example: 'shop_visits' }) event_group_text_id!: string;
  @ApiPropertyOptional({ example: 'storefront' }) icon_name?: string;
  @ApiProperty({ description: '1 active, 2 inactive, 0 deactivated', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ type: [String], example: ['store_floor'] }) event_property_ids!: string[];
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class EventTypeDefinitionListDto {
  @ApiProperty({ type: [EventTypeDefinitionViewDto] }) event_types!: EventTypeDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class EventTypeDefinitionListResponseDto {
  @ApiProperty({ type: EventTypeDefinitionListDto }) data!: EventTypeDefinitionListDto;
}

export class EventTypeDefinitionResponseDto {
  @ApiProperty({ type: EventTypeDefinitionViewDto }) data!: EventTypeDefinitionViewDto;
}
