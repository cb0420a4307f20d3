import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class CustomerSearchQueryDto {
  @ApiProperty({
    description: 'An e-mail, phone, card number, external id, customer id, or the start of a name',
    example: 'jana.novak@example.com',
  })
  @IsDefined()
  @IsString()
  @MaxLength(200)
  q!: string;

  @ApiPropertyOptional({ description: 'Rows at most', minimum: 1, maximum: 100, default: 20, example: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;
}

export class PointAdjustmentDto {
  @ApiProperty({ description: 'Added when above zero, taken when below', example: 250 })
  @IsDefined()
  @IsNumber({ maxDecimalPlaces: 2 })
  points!: number;

  @ApiProperty({ description: 'Why: kept with the movement and in the audit trail', example: 'Goodwill after a late delivery' })
  @IsDefined()
  @IsString()
  @MaxLength(1000)
  reason!: string;

  @ApiPropertyOptional({ description: 'Left out: the default point type', example: '5b0c8d7e6f5a4b3c2d1e0f9a8b7c6d5e' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  point_type_id?: string;
}

export class CreditAdjustmentDto {
  @ApiProperty({ description: 'Deposited when above zero, taken when below', example: -10 })
  @IsDefined()
  @IsNumber({ maxDecimalPlaces: 4 })
  credits!: number;

  @ApiProperty({ description: 'Why: kept with the movement and in the audit trail', example: 'Refund of a double charge' })
  @IsDefined()
  @IsString()
  @MaxLength(1000)
  reason!: string;

  @ApiPropertyOptional({ description: 'Left out: the default credit type', example: '1a2b3c4d5e6f708192a3b4c5d6e7f809' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  credit_type_id?: string;

  @ApiPropertyOptional({ description: 'Left out: the credit type currency', example: 'c0ffee00c0ffee00c0ffee00c0ffee00' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  currency_id?: string;
}
