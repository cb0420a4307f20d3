import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { ListQueryDto, queryArray, queryBoolean, UtmDto } from '@tessera/http';
import { BOOKING_ITEM_MODES, BUSY_TIME_PERIODS, type BookingItemMode, type BusyTimePeriod } from '../booking.service';

const FREE_FORM = {
  description: 'Free-form: a string, a list of strings or an object, returned as sent',
  oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object' }],
};
const MAX_CAPACITY_TAKEN = 1_000_000;

export class BookingListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'On the Customer interface, the logged-in customer only' })
  @IsOptional()
  @IsString()
  customer_id?: string;
  @ApiPropertyOptional({ deprecated: true, description: 'One status; use booking_statuses' })
  @IsOptional()
  @IsString()
  booking_status?: string;
  @ApiPropertyOptional({ type: [String], description: 'Any of these statuses' })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  booking_statuses?: string[];
  @ApiPropertyOptional({ type: [String], name: 'booking_statuses[]', description: 'Any of these statuses' })
  @IsOptional()
  @Expose({ name: 'booking_statuses[]' })
  @Transform(queryArray)
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  booking_statuses_brackets?: string[];
  @ApiPropertyOptional({ enum: BOOKING_ITEM_MODES, default: 'none', description: 'Which item fields the bookings carry' })
  @IsOptional()
  @IsIn(BOOKING_ITEM_MODES)
  add_booking_items?: BookingItemMode;
}

/** A booking item sent with a new booking; read-only fields, and the item id the server makes, are ignored. */
export class BookingItemInputDto {
  @ApiPropertyOptional({ description: "The booking's customer unless given" }) @IsOptional() @IsString() @IsNotEmpty() customer_id?: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() time_slot_id!: string;
  @ApiPropertyOptional({ type: 'integer', default: 1 }) @IsOptional() @IsInt() @Min(1) @Max(MAX_CAPACITY_TAKEN) capacity_taken?: number;
  @ApiPropertyOptional({ description: "The booking's status unless given" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  booking_item_status?: string;
  @ApiPropertyOptional({ example: '2025-06-01 09:00:00', description: "The booking's created_at unless given" })
  @IsOptional()
  @IsString()
  created_at?: string;
  @ApiPropertyOptional({ description: 'Ignored: the server gives each item its id' }) @Allow() booking_item_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() booking_ticket?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() valid_from?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() valid_to?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() additional_properties?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class BookingInputDto {
  @ApiPropertyOptional({ description: 'On the Customer interface, the logged-in customer' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;
  @ApiPropertyOptional({ description: "The project's default status unless given" })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  booking_status?: string;
  @ApiProperty({ type: () => [BookingItemInputDto], maxItems: 1000 })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => BookingItemInputDto)
  booking_items!: BookingItemInputDto[];
  @ApiPropertyOptional({ type: () => UtmDto }) @IsOptional() @ValidateNested() @Type(() => UtmDto) utm?: UtmDto;
  @ApiPropertyOptional(FREE_FORM) @Allow() data?: unknown;
  @ApiProperty({ example: '2025-06-01 09:00:00' }) @IsDefined() @IsString() created_at!: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() booking_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class BookingPostBodyDto {
  @ApiProperty({ type: () => BookingInputDto }) @IsDefined() @ValidateNested() @Type(() => BookingInputDto) booking!: BookingInputDto;
}

/** The three fields a booking's PUT replaces. */
export class BookingChangeDto {
  @ApiPropertyOptional({ description: 'Left out: no customer (on the Customer interface, the logged-in customer)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;
  @ApiPropertyOptional({ description: 'Left out: the status stays' }) @IsOptional() @IsString() @IsNotEmpty() booking_status?: string;
  @ApiPropertyOptional(FREE_FORM) @Allow() data?: unknown;
}

export class BookingPutBodyDto {
  @ApiProperty({ type: () => BookingChangeDto }) @IsDefined() @ValidateNested() @Type(() => BookingChangeDto) booking!: BookingChangeDto;
}

export class BusyTimesBodyDto {
  @ApiProperty({ example: '2025-06-01' }) @IsDefined() @IsString() booking_date!: string;
  @ApiProperty({ enum: BUSY_TIME_PERIODS }) @IsDefined() @IsIn(BUSY_TIME_PERIODS) time_period!: BusyTimePeriod;
  @ApiPropertyOptional({ description: 'One ticket; every ticket when left out' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  booking_ticket_id?: string;
  @ApiPropertyOptional({ description: 'With booking_property_value: tickets with that value' })
  @IsOptional()
  @IsString()
  booking_property_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() booking_property_value?: string;
}

export class BookingTicketListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Tickets in which this customer holds a booking' }) @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ example: '2025-01-01 00:00:00' }) @IsOptional() @IsString() valid_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31 23:59:59' }) @IsOptional() @IsString() valid_to?: string;
  @ApiPropertyOptional({ description: 'true: tickets valid now' }) @IsOptional() @Transform(queryBoolean) @IsBoolean() valid_only?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsString() booking_ticket_property_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() booking_ticket_property_value?: string;
}

export class TimeSlotListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'true: slots with free capacity; false: full slots' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  free_only?: boolean;
  @ApiPropertyOptional({ example: '2025-01-01 00:00:00' }) @IsOptional() @IsString() time_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31 23:59:59' }) @IsOptional() @IsString() time_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() booking_ticket_property_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() booking_ticket_property_value?: string;
  @ApiPropertyOptional({ description: 'Slots in which this customer holds a booking' }) @IsOptional() @IsString() customer_id?: string;
}

export class BookingTicketPropertyListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
}
