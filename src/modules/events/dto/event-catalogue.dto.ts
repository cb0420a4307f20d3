import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString } from 'class-validator';
import { ListQueryDto, queryArray } from '@tessera/http';

export class EventGroupQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() text_id?: string;
}

export class EventTypeQueryDto extends EventGroupQueryDto {
  @ApiPropertyOptional({ type: [String], description: "Any of these groups' text ids" })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  event_group_text_id?: string[];
  @ApiPropertyOptional({ type: [String], name: 'event_group_text_id[]', description: "Any of these groups' text ids" })
  @IsOptional()
  @Expose({ name: 'event_group_text_id[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  event_group_text_id_brackets?: string[];
}

export class EventPropertyQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
}

const STATE = { type: 'integer', enum: [0, 1, 2], readOnly: true, description: '0 deleted, 1 active, 2 inactive' } as const;

export class EventGroupDto {
  @ApiProperty() event_group_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ readOnly: true }) text_id!: string;
  @ApiProperty(STATE) state!: number;
}

export class EventTypeDto {
  @ApiProperty() event_type_id!: string;
  @ApiProperty() event_group_id!: string;
  @ApiProperty({ readOnly: true }) event_group_text_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ readOnly: true }) text_id!: string;
  @ApiPropertyOptional({ description: 'A Google Fonts icon name' }) icon_name?: string | null;
  @ApiProperty(STATE) state!: number;
}

/** One choice of an enum or multiselect event property. */
export class EventPropertyItemDto {
  @ApiProperty({ readOnly: true }) id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String }) resource_record_id?: string | null;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2], readOnly: true }) state!: number;
}

/** An event property (the API's Property). */
export class EventPropertyDto {
  @ApiProperty({ readOnly: true }) property_id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String }) description?: string | null;
  @ApiProperty() data_type!: string;
  @ApiProperty({ type: () => [EventPropertyItemDto] }) items!: EventPropertyItemDto[];
  @ApiProperty() is_required!: boolean;
  @ApiProperty() is_unique!: boolean;
  @ApiProperty({ readOnly: true, example: '2025-01-01 08:00:00' }) last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2], readOnly: true, description: '0 deleted, 1 active' }) state!: number;
}

export class EventGroupListDataDto {
  @ApiProperty({ type: () => [EventGroupDto] }) event_groups!: EventGroupDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class EventGroupListResponseDto {
  @ApiProperty({ type: () => EventGroupListDataDto }) data!: EventGroupListDataDto;
}

export class EventGroupResponseDto {
  @ApiProperty({ type: () => EventGroupDto }) data!: EventGroupDto;
}

export class EventTypeListDataDto {
  @ApiProperty({ type: () => [EventTypeDto] }) event_types!: EventTypeDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class EventTypeListResponseDto {
  @ApiProperty({ type: () => EventTypeListDataDto }) data!: EventTypeListDataDto;
}

export class EventTypeResponseDto {
  @ApiProperty({ type: () => EventTypeDto }) data!: EventTypeDto;
}

export class EventPropertyListDataDto {
  @ApiProperty({ type: () => [EventPropertyDto] }) event_properties!: EventPropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class EventPropertyListResponseDto {
  @ApiProperty({ type: () => EventPropertyListDataDto }) data!: EventPropertyListDataDto;
}

export class EventPropertyResponseDto {
  @ApiProperty({ type: () => EventPropertyDto }) data!: EventPropertyDto;
}
