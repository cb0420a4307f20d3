import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { UtmDto } from '@tessera/http';
import { PropertyDto } from '../../reference-data';

const TIME = '2025-06-01 09:00:00';

export class BookingTicketDto {
  @ApiProperty({ readOnly: true }) ticket_id!: string;
  @ApiProperty({ description: "In the caller's language" }) name!: string;
  @ApiProperty({ example: TIME }) created_at!: string;
  @ApiPropertyOptional({ example: TIME }) valid_from?: string;
  @ApiPropertyOptional({ example: TIME }) valid_to?: string;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 blocked, 1 active' }) state!: number;
  @ApiProperty({ readOnly: true, example: TIME }) last_change!: string;
}

export class TimeSlotDto {
  @ApiProperty({ readOnly: true }) time_slot_id!: string;
  @ApiProperty({ readOnly: true }) ticket_id!: string;
  @ApiProperty({ readOnly: true, example: TIME }) valid_from!: string;
  @ApiProperty({ readOnly: true, example: TIME }) valid_to!: string;
  @ApiProperty({ readOnly: true, type: 'integer' }) total_capacity!: number;
  @ApiProperty({ readOnly: true, type: 'integer' }) free_capacity!: number;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 blocked, 1 active' }) state!: number;
  @ApiProperty({ readOnly: true, example: TIME }) last_change!: string;
}

export class BookingStatusDto {
  @ApiProperty({ readOnly: true }) booking_status_id!: string;
  @ApiProperty({ description: "In the caller's language" }) name!: string;
  @ApiProperty({ example: TIME }) created_at!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 blocked, 1 active' }) state!: number;
  @ApiProperty({ readOnly: true, example: TIME }) last_change!: string;
}

/** A ticket's property value as a booking item shows it. */
export class BookingPropertyRecordDto {
  @ApiProperty({ readOnly: true, description: 'The property id and the ticket id, joined by a colon' }) property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiProperty({ readOnly: true }) property_name!: string;
  @ApiPropertyOptional({ description: 'Shaped by the property data type' }) property_value?: unknown;
  @ApiProperty({ readOnly: true, example: TIME }) last_change!: string;
}

export class BookingItemDto {
  @ApiProperty() booking_item_id!: string;
  @ApiPropertyOptional() customer_id?: string;
  @ApiProperty() time_slot_id!: string;
  @ApiProperty({ type: () => BookingTicketDto }) booking_ticket!: BookingTicketDto;
  @ApiProperty({ readOnly: true, example: TIME }) valid_from!: string;
  @ApiProperty({ readOnly: true, example: TIME }) valid_to!: string;
  @ApiProperty({ type: 'integer' }) capacity_taken!: number;
  @ApiProperty() booking_item_status!: string;
  @ApiProperty({ type: () => [BookingPropertyRecordDto], readOnly: true, description: 'Filled with add_booking_items=full' })
  additional_properties!: BookingPropertyRecordDto[];
  @ApiProperty({ example: TIME }) created_at!: string;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [0, 1, 2] }) state!: number;
  @ApiProperty({ readOnly: true, example: TIME }) last_change!: string;
}

export class BookingDto {
  @ApiProperty({ readOnly: true }) booking_id!: string;
  @ApiPropertyOptional() customer_id?: string;
  @ApiProperty({ type: () => [BookingItemDto], description: 'Empty unless add_booking_items asks for them' })
  booking_items!: BookingItemDto[];
  @ApiProperty() booking_status!: string;
  @ApiPropertyOptional({ type: () => UtmDto }) utm?: UtmDto;
  @ApiPropertyOptional({
    description: 'Free-form, in the shape it was sent',
    oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }, { type: 'object' }],
  })
  data?: unknown;
  @ApiProperty({ example: TIME }) created_at!: string;
  @ApiProperty({ readOnly: true, example: TIME }) last_change!: string;
  @ApiProperty({ readOnly: true, type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class ChartPointDto {
  @ApiProperty({ readOnly: true }) x_axis_value!: string;
  @ApiProperty({ description: 'Percentage of capacity taken' }) y_axis_value!: string;
}

export class BusyTimesDto {
  @ApiProperty({ readOnly: true, enum: ['hour', 'day', 'month'] }) time_unit!: string;
  @ApiProperty({ type: () => [ChartPointDto] }) chart_data!: ChartPointDto[];
}

export class BusyTimesResponseDto {
  @ApiProperty({ type: () => BusyTimesDto }) data!: BusyTimesDto;
}

export class BookingListDataDto {
  @ApiProperty({ type: () => [BookingDto] }) bookings!: BookingDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class BookingListResponseDto {
  @ApiProperty({ type: () => BookingListDataDto }) data!: BookingListDataDto;
}

export class BookingResponseDto {
  @ApiProperty({ type: () => BookingDto }) data!: BookingDto;
}

export class BookingIdDto {
  @ApiProperty() booking_id!: string;
}

export class BookingIdResponseDto {
  @ApiProperty({ type: () => BookingIdDto }) data!: BookingIdDto;
}

export class BookingTicketListDataDto {
  @ApiProperty({ type: () => [BookingTicketDto] }) booking_tickets!: BookingTicketDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class BookingTicketListResponseDto {
  @ApiProperty({ type: () => BookingTicketListDataDto }) data!: BookingTicketListDataDto;
}

export class BookingTicketResponseDto {
  @ApiProperty({ type: () => BookingTicketDto }) data!: BookingTicketDto;
}

export class TimeSlotListDataDto {
  @ApiProperty({ type: () => [TimeSlotDto] }) time_slots!: TimeSlotDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class TimeSlotListResponseDto {
  @ApiProperty({ type: () => TimeSlotListDataDto }) data!: TimeSlotListDataDto;
}

export class BookingStatusListDataDto {
  @ApiProperty({ type: () => [BookingStatusDto] }) booking_statuses!: BookingStatusDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class BookingStatusListResponseDto {
  @ApiProperty({ type: () => BookingStatusListDataDto }) data!: BookingStatusListDataDto;
}

export class BookingStatusResponseDto {
  @ApiProperty({ type: () => BookingStatusDto }) data!: BookingStatusDto;
}

export class BookingTicketPropertyListDataDto {
  @ApiProperty({ type: () => [PropertyDto] }) booking_ticket_properties!: PropertyDto[];
  @ApiProperty({ type: 'integer' }) total_items!: number;
}

export class BookingTicketPropertyListResponseDto {
  @ApiProperty({ type: () => BookingTicketPropertyListDataDto }) data!: BookingTicketPropertyListDataDto;
}
