import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/** A reservation price as the operator defines it (operator API body, `tessera reservation-price define` file). */
export class ReservationPriceDefinitionDto {
  @ApiProperty({ description: 'The reservable product, by id or by its code', example: 'BASKET' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  product_id!: string;

  @ApiPropertyOptional({ description: 'The store, by id or store code; null or left out: every store', example: 'PRAGUE1', nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  store_id?: string | null;

  @ApiProperty({ description: 'The currency, by id or ISO code', example: 'EUR' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  currency_id!: string;

  @ApiProperty({ example: 9.5 })
  @IsDefined()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 })
  @Min(0)
  @Max(999_999_999_999)
  value!: number;
}

export class ReservationPriceDefinitionViewDto extends ReservationPriceDefinitionDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) product_reservation_price_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated (the contract calls it deleted)', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class ReservationPriceDefinitionListDto {
  @ApiProperty({ type: [ReservationPriceDefinitionViewDto] }) product_reservation_prices!: ReservationPriceDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class ReservationPriceDefinitionListResponseDto {
  @ApiProperty({ type: ReservationPriceDefinitionListDto }) data!: ReservationPriceDefinitionListDto;
}

export class ReservationPriceDefinitionResponseDto {
  @ApiProperty({ type: ReservationPriceDefinitionViewDto }) data!: ReservationPriceDefinitionViewDto;
}
