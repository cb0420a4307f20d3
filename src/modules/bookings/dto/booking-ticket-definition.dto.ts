import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsNotEmpty, IsOptional, IsString, ValidateNested } from 'class-validator';
import { IsLanguageTexts } from '@tessera/http';

const MAX_SLOTS = 10_000;

export class BookingTicketPropertyValueDefinitionDto {
  @ApiProperty({ description: 'A booking ticket property', example: 'room' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  property_id!: string;

  @ApiPropertyOptional({ description: 'A value of its data type; null keeps none', example: 'blue' })
  @Allow()
  property_value?: unknown;
}

export class BookingTimeSlotDefinitionDto {
  @ApiPropertyOptional({
    description: 'A slot the ticket has, to change it; a new slot without it',
    example: '5b2d4e6f8a0b1c2d3e4f5a6b3f9a1c7e',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  time_slot_id?: string;

  @ApiProperty({ example: '2030-03-04 09:00:00' })
  @IsDefined()
  @IsString()
  valid_from!: string;

  @ApiProperty({ example: '2030-03-04 10:00:00' })
  @IsDefined()
  @IsString()
  valid_to!: string;

  @ApiProperty({ description: 'Places; never below what bookings hold', example: 20 })
  @IsDefined()
  @IsInt()
  total_capacity!: number;

  @ApiPropertyOptional({ description: '1 offered (the default), 0 blocked: no new bookings, its bookings stay', enum: [0, 1], example: 1 })
  @IsOptional()
  @IsIn([0, 1])
  state?: number;
}

/**
 * A booking ticket as the operator defines it (operator API body, `tessera booking-ticket define` file):
 * the whole ticket, its property values and every slot. A slot left out is deleted; one that bookings
 * have is refused.
 */
export class BookingTicketDefinitionDto {
  @ApiProperty({ description: 'The name by language code', example: { en: 'Guided tour' } })
  @IsDefined()
  @IsLanguageTexts()
  names!: Record<string, string>;

  @ApiPropertyOptional({ example: '2030-06-01 00:00:00' })
  @IsOptional()
  @IsString()
  valid_from?: string;

  @ApiPropertyOptional({ example: '2030-08-31 23:59:59' })
  @IsOptional()
  @IsString()
  valid_to?: string;

  @ApiPropertyOptional({ type: [BookingTicketPropertyValueDefinitionDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => BookingTicketPropertyValueDefinitionDto)
  property_records?: BookingTicketPropertyValueDefinitionDto[];

  @ApiProperty({ type: [BookingTimeSlotDefinitionDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(MAX_SLOTS)
  @ValidateNested({ each: true })
  @Type(() => BookingTimeSlotDefinitionDto)
  time_slots!: BookingTimeSlotDefinitionDto[];
}

export class BookingTicketDefinitionViewDto extends BookingTicketDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) ticket_id!: string;
  @ApiProperty({
    description: '1 active, 0 deactivated: the contract shows it blocked, and it takes no new bookings',
    enum: [0, 1],
    example: 1,
  })
  state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class BookingTicketDefinitionListDto {
  @ApiProperty({ type: [BookingTicketDefinitionViewDto] }) booking_tickets!: BookingTicketDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class BookingTicketDefinitionListResponseDto {
  @ApiProperty({ type: BookingTicketDefinitionListDto }) data!: BookingTicketDefinitionListDto;
}

export class BookingTicketDefinitionResponseDto {
  @ApiProperty({ type: BookingTicketDefinitionViewDto }) data!: BookingTicketDefinitionViewDto;
}
