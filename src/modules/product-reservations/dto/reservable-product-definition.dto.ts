import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString, Max, MaxLength, Min, ValidateIf } from 'class-validator';

/** A reservable product as the operator defines it (operator API body, `tessera reservable-product define` file). */
export class ReservableProductDefinitionDto {
  @ApiProperty({ description: "The product, by id or by its code; a reservable product's id is its product's", example: 'BASKET' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  product_id!: string;

  @ApiPropertyOptional({ description: 'What is left to reserve; null or left out: no limit', example: 25, nullable: true })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 })
  @Min(0)
  @Max(99_999_999_999)
  stock?: number | null;
}

export class ReservableProductDefinitionViewDto extends ReservableProductDefinitionDto {
  @ApiProperty({ description: "The product's code", example: 'BASKET', nullable: true }) code!: string | null;
  @ApiProperty({ description: "The product's name", example: 'Picnic basket' }) name!: string;
  @ApiProperty({ description: '1 active, 0 deactivated (the contract no longer offers it)', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class ReservableProductDefinitionListDto {
  @ApiProperty({ type: [ReservableProductDefinitionViewDto] }) reservable_products!: ReservableProductDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class ReservableProductDefinitionListResponseDto {
  @ApiProperty({ type: ReservableProductDefinitionListDto }) data!: ReservableProductDefinitionListDto;
}

export class ReservableProductDefinitionResponseDto {
  @ApiProperty({ type: ReservableProductDefinitionViewDto }) data!: ReservableProductDefinitionViewDto;
}
