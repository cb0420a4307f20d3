import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';

export class StatusTurnoverInputDto {
  @ApiProperty({ description: 'The currency id or its code', example: 'EUR' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  currency_id!: string;
  @ApiProperty({ description: 'The turnover within the qualification period, above zero, at most two decimals', example: 1000 })
  @IsDefined()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.01)
  @Max(999999999999)
  value!: number;
  @ApiPropertyOptional({ description: "The currency's code, shown beside its id; ignored on input", readOnly: true, example: 'EUR' })
  @Allow()
  currency_code?: string;
}

/** A status tier as the operator defines it (operator API body, `tessera status define` file). */
export class StatusDefinitionDto {
  @ApiProperty({ description: 'The key the API and the CLI name it by', example: 'gold' })
  @IsDefined()
  @IsString()
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'text_id is lowercase letters, digits, - and _ (at most 100)' })
  text_id!: string;
  @ApiProperty({ example: 'Gold' }) @IsDefined() @IsString() @IsNotEmpty() @MaxLength(200) name!: string;
  @ApiPropertyOptional({ example: 'Members with 5000 points in a year' }) @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiProperty({ description: 'Rank of the tier, lowest first; no two statuses share one', example: 2 })
  @IsDefined()
  @IsInt()
  @Min(0)
  @Max(1000)
  tier!: number;
  @ApiProperty({
    description:
      '0 given on account creation (the lowest such is the entry status), 1 assigned by hand, 2 reached by turnover, points or number of purchases',
    enum: [0, 1, 2],
    example: 2,
  })
  @IsDefined()
  @IsIn([0, 1, 2])
  qualification_type!: 0 | 1 | 2;
  @ApiPropertyOptional({ description: 'Months the turnover, points and purchases count over; absent, all time', example: 12 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1200)
  qualification_period?: number | null;
  @ApiPropertyOptional({ description: 'Points that reach the status (qualification type 2)', example: 5000 })
  @IsOptional()
  @IsNumber({ maxDecimalPlaces: 2 })
  @Min(0.01)
  @Max(999999999999)
  qualification_points?: number | null;
  @ApiPropertyOptional({
    description: 'Purchases, not cancelled, within the qualification period that reach the status (qualification type 2)',
    example: 10,
  })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000000)
  qualification_purchases?: number | null;
  @ApiPropertyOptional({
    type: [StatusTurnoverInputDto],
    description: 'Turnovers that reach the status (qualification type 2), one per currency',
    example: [{ currency_id: 'EUR', value: 1000 }],
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => StatusTurnoverInputDto)
  qualification_turnovers?: StatusTurnoverInputDto[];
  @ApiProperty({
    description: 'How long a customer holds it: unlimited, or a number of days, weeks, months or years',
    example: '12 months',
  })
  @IsDefined()
  @Matches(/^(unlimited|[1-9]\d{0,3} (days?|weeks?|months?|years?))$/, {
    message: 'validity_period is unlimited or a number of days, weeks, months or years (12 months)',
  })
  validity_period!: string;
  @ApiPropertyOptional({
    description: 'Days a holder keeps the status past the end of their record before the period-end run may move them down; 0 by default',
    example: 30,
  })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(3650)
  downgrade_grace_days?: number;
  @ApiPropertyOptional({ description: 'Whether its customers collect points', example: true })
  @IsOptional()
  @IsBoolean()
  collection_points?: boolean;
  @ApiPropertyOptional({ description: 'Whether they may pay with points', example: true })
  @IsOptional()
  @IsBoolean()
  payment_points?: boolean;
  @ApiPropertyOptional({ description: 'Discount in percent', example: 10 }) @IsOptional() @IsInt() @Min(0) @Max(100) discount?: number;
  @ApiPropertyOptional({ example: false })
  @IsOptional()
  @IsBoolean()
  overall_discount_on_discounted_purchase_items?: boolean;
}

export class StatusDefinitionViewDto extends StatusDefinitionDto {
  @ApiProperty({ example: '1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e' }) status_id!: string;
  @ApiProperty({ description: '1 active, 0 deactivated', enum: [0, 1], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class StatusDefinitionListDto {
  @ApiProperty({ type: [StatusDefinitionViewDto] }) statuses!: StatusDefinitionViewDto[];
  @ApiProperty({ example: 3 }) total_items!: number;
}

export class StatusDefinitionListResponseDto {
  @ApiProperty({ type: StatusDefinitionListDto }) data!: StatusDefinitionListDto;
}

export class StatusDefinitionResponseDto {
  @ApiProperty({ type: StatusDefinitionViewDto }) data!: StatusDefinitionViewDto;
}
