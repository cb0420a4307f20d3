import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

export class PointReservationListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ description: "The client's own reference of the reservation" }) @IsOptional() @IsString() external_id?: string;
}

export class ReservePointsBodyDto {
  @ApiProperty({ description: "The client's own reference, unique among active reservations" })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  external_id!: string;

  @ApiProperty({ description: 'Optional on the Customer interface (the logged-in customer)' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  customer_id?: string;

  @ApiProperty({ description: 'Points to hold: above zero, at most two decimals, at most what the customer can spend' })
  @IsDefined()
  @IsNumber()
  amount!: number;

  @ApiPropertyOptional({
    description: 'When the hold ends by itself; without it the hold lasts until freed',
    example: '2026-10-31 00:00:00',
  })
  @IsOptional()
  @IsString()
  expiration_time?: string;
}

export class FreePointsBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() external_id!: string;
}

// ---- responses ----

export class PointReservationDto {
  @ApiProperty() points_reservation_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty() external_id!: string;
  @ApiProperty({ format: 'float' }) quantity!: number;
  @ApiProperty({ enum: [0, 1, 2], description: '0 freed, 1 active, 2 expired' }) state!: number;
  @ApiPropertyOptional({ type: String }) expiration!: string | null;
}

export class PointReservationResponseDto {
  @ApiProperty({ type: () => PointReservationDto }) data!: PointReservationDto;
}

export class PointReservationListDataDto {
  @ApiProperty({ type: () => PointReservationDto, isArray: true }) point_reservations!: PointReservationDto[];
  @ApiProperty() total_items!: number;
}

export class PointReservationListResponseDto {
  @ApiProperty({ type: () => PointReservationListDataDto }) data!: PointReservationListDataDto;
}
