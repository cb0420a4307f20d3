import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

/** The campaign tags (`utm`) purchases, bookings and product reservations carry, kept as sent. */
export class UtmDto {
  @ApiPropertyOptional() @IsOptional() @IsString() utm_source?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() utm_medium?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() utm_campaign?: string;
}
