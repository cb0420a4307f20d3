import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, IsString } from 'class-validator';
import { EventCatalogueState } from '../entities/event-catalogue.entity';

/** An event group as the operator defines it (operator API body, `tessera event-group define` file). */
export class EventGroupDefinitionDto {
  @ApiProperty({ description: 'What integrations name it by: lowercase letters, digits and underscores', example: 'shop_visits' })
  @IsDefined()
  @IsString()
  text_id!: string;

  @ApiProperty({ example: 'Shop visits' }) @IsDefined() @IsString() name!: string;

  @ApiPropertyOptional({
    description: '1 active, 2 inactive; left out, 1 (a deactivated group stays deactivated)',
    enum: [EventCatalogueState.Active, EventCatalogueState.Inactive],
    example: 1,
  })
  @IsOptional()
  @IsIn([EventCatalogueState.Active, EventCatalogueState.Inactive])
  state?: EventCatalogueState.Active | EventCatalogueState.Inactive;
}

export class EventGroupDefinitionViewDto extends EventGroupDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) event_group_id!: string;
  @ApiProperty({ description: '1 active, 2 inactive, 0 deactivated', enum: [0, 1, 2], example: 1 }) declare state: number;
  @ApiProperty({ description: 'Its event types that are not deactivated', example: 3 }) types!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class EventGroupDefinitionListDto {
  @ApiProperty({ type: [EventGroupDefinitionViewDto] }) event_groups!: EventGroupDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class EventGroupDefinitionListResponseDto {
  @ApiProperty({ type: EventGroupDefinitionListDto }) data!: EventGroupDefinitionListDto;
}

export class EventGroupDefinitionResponseDto {
  @ApiProperty({ type: EventGroupDefinitionViewDto }) data!: EventGroupDefinitionViewDto;
}
