import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsDefined, IsIn, IsOptional, IsString } from 'class-validator';
import { IsLanguageTexts } from '@tessera/http';
import { BOOKING_PHASES } from '../rules/booking-workflow';

/** A booking status as the operator defines it (operator API body, `tessera booking-status define` file). */
export class BookingStatusDefinitionDto {
  @ApiProperty({ description: 'The readable key the operator names it by', example: 'waiting_list' })
  @IsDefined()
  @IsString()
  text_id!: string;

  @ApiProperty({ description: 'The name by language code', example: { en: 'Waiting list', cs: 'Čekací listina' } })
  @IsDefined()
  @IsLanguageTexts()
  names!: Record<string, string>;

  @ApiProperty({
    description: 'The workflow phase, which decides what its bookings do with capacity; changes only while no booking has the status',
    enum: BOOKING_PHASES,
    example: 'pending',
  })
  @IsDefined()
  @IsIn(BOOKING_PHASES)
  phase!: string;

  @ApiPropertyOptional({
    description: 'The status of bookings that name none; exactly one active pending or confirmed status is, so another takes it over',
    example: false,
  })
  @IsOptional()
  @IsBoolean()
  is_default?: boolean;
}

export class BookingStatusDefinitionViewDto extends BookingStatusDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) booking_status_id!: string;
  @ApiProperty({
    description: '1 active, 0 deactivated: the contract shows it blocked, and no booking can newly take it',
    enum: [0, 1],
    example: 1,
  })
  state!: number;
  @ApiProperty({ description: 'How many bookings have it', example: 0 }) bookings!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class BookingStatusDefinitionListDto {
  @ApiProperty({ type: [BookingStatusDefinitionViewDto] }) booking_statuses!: BookingStatusDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class BookingStatusDefinitionListResponseDto {
  @ApiProperty({ type: BookingStatusDefinitionListDto }) data!: BookingStatusDefinitionListDto;
}

export class BookingStatusDefinitionResponseDto {
  @ApiProperty({ type: BookingStatusDefinitionViewDto }) data!: BookingStatusDefinitionViewDto;
}
