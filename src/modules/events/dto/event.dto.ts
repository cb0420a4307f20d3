import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsNotEmpty,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { ListQueryDto, queryArray, queryBoolean, PropertyRecordInputDto } from '@tessera/http';

/** The filters of a customer's events. */
export class CustomerEventQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() event_type_id?: string;
  @ApiPropertyOptional({ type: [String], description: 'Any of these event types' })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  event_type_ids?: string[];
  @ApiPropertyOptional({ type: [String], name: 'event_type_ids[]', description: 'Any of these event types' })
  @IsOptional()
  @Expose({ name: 'event_type_ids[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  event_type_ids_brackets?: string[];
  @ApiPropertyOptional({ description: 'The id the source system gave the event; several events may share it' })
  @IsOptional()
  @IsString()
  external_id?: string;
  @ApiPropertyOptional({ description: 'true: each event lists its property records' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  include_property_records?: boolean;
  @ApiPropertyOptional({ example: '2025-01-01 00:00:00' }) @IsOptional() @IsString() time_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31 23:59:59' }) @IsOptional() @IsString() time_to?: string;
}

export class EventQueryDto extends CustomerEventQueryDto {
  @ApiPropertyOptional({ description: 'On the Customer interface, the logged-in customer only' })
  @IsOptional()
  @IsString()
  customer_id?: string;
}

export class EventDetailQueryDto {
  @ApiPropertyOptional({ description: 'true: the event lists its property records' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  include_property_records?: boolean;
}

export const CUSTOMER_IDENTIFIER_TYPES = ['email', 'phone', 'external_id'] as const;
export type CustomerIdentifierType = (typeof CUSTOMER_IDENTIFIER_TYPES)[number];

/** A new event (the API's EventPost). */
export class EventPostDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() event_type_id!: string;
  @ApiPropertyOptional({
    description: 'Or customer_identifier_type with customer_identifier_value; on the Customer interface the logged-in customer',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;
  @ApiPropertyOptional({ enum: CUSTOMER_IDENTIFIER_TYPES })
  @IsOptional()
  @IsIn(CUSTOMER_IDENTIFIER_TYPES)
  customer_identifier_type?: CustomerIdentifierType;
  @ApiPropertyOptional({
    description: 'An email or phone (a string), or {customer_source_id, external_id} for external_id',
    oneOf: [
      { type: 'string' },
      {
        type: 'object',
        required: ['customer_source_id', 'external_id'],
        properties: { customer_source_id: { type: 'string' }, external_id: { type: 'string' } },
      },
    ],
  })
  @Allow()
  customer_identifier_value?: unknown;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() external_id!: string;
  @ApiPropertyOptional({
    description: 'Free-form: a string, a list of strings or an object, returned as sent',
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object' }],
  })
  @Allow()
  data?: unknown;
  @ApiPropertyOptional({ example: '2025-01-01 08:00:00', description: 'When it happened; now when left out' })
  @IsOptional()
  @IsString()
  created_at?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() secondary_external_id?: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() event_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class EventPostBodyDto {
  @ApiProperty({ type: () => EventPostDto }) @IsDefined() @ValidateNested() @Type(() => EventPostDto) event!: EventPostDto;
  @ApiPropertyOptional({ type: () => [PropertyRecordInputDto], maxItems: 1000 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => PropertyRecordInputDto)
  property_records?: PropertyRecordInputDto[];
}

/** A stored property value of an event. */
export class EventPropertyRecordDto {
  @ApiProperty({ readOnly: true, description: 'The property id and the event id, joined by a colon' }) property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiPropertyOptional({ readOnly: true }) property_name?: string | null;
  @ApiPropertyOptional({ description: 'Shaped by the property data type' }) property_value?: unknown;
  @ApiProperty({ readOnly: true, example: '2025-01-01 08:00:00' }) last_change!: string;
}

/** An event as the API shows it. */
export class EventDto {
  @ApiProperty({ readOnly: true }) event_id!: string;
  @ApiProperty() event_type_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() external_id!: string;
  @ApiPropertyOptional({
    description: 'Free-form, in the shape it was sent',
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object' }],
  })
  data?: unknown;
  @ApiProperty({ example: '2025-01-01 08:00:00' }) created_at!: string;
  @ApiPropertyOptional({ type: String }) secondary_external_id?: string | null;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2], readOnly: true }) state!: number;
  @ApiProperty({
    type: () => [EventPropertyRecordDto],
    readOnly: true,
    description: 'Listed with include_property_records=true, else empty',
  })
  property_records!: EventPropertyRecordDto[];
}

export class CustomerEventListDataDto {
  @ApiProperty({ type: () => [EventDto] }) customer_events!: EventDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class CustomerEventListResponseDto {
  @ApiProperty({ type: () => CustomerEventListDataDto }) data!: CustomerEventListDataDto;
}

export class EventListDataDto {
  @ApiProperty({ type: () => [EventDto] }) events!: EventDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class EventListResponseDto {
  @ApiProperty({ type: () => EventListDataDto }) data!: EventListDataDto;
}

export class EventResponseDto {
  @ApiProperty({ type: () => EventDto }) data!: EventDto;
}

export class EventIdDto {
  @ApiProperty() event_id!: string;
}

export class EventIdResponseDto {
  @ApiProperty({ type: () => EventIdDto }) data!: EventIdDto;
}

export class EventPropertyRecordListDataDto {
  @ApiProperty({ type: () => [EventPropertyRecordDto] }) property_records!: EventPropertyRecordDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class EventPropertyRecordListResponseDto {
  @ApiProperty({ type: () => EventPropertyRecordListDataDto }) data!: EventPropertyRecordListDataDto;
}
