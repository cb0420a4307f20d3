import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { IsArray, IsOptional, IsString } from 'class-validator';
import { IsCalendarDate, queryArray } from '@tessera/http';

export class WalletQueryDto {
  @ApiPropertyOptional({ description: 'Required on the Enterprise interface; the logged-in customer on the Customer interface' })
  @IsOptional()
  @IsString()
  customer_id?: string;
}

export class WalletIntervalQueryDto extends WalletQueryDto {
  @ApiPropertyOptional({ format: 'date', description: 'First day of the interval (included), in the project time zone' })
  @IsOptional()
  @IsCalendarDate()
  date_from?: string;

  @ApiPropertyOptional({ format: 'date', description: 'Last day of the interval (included), in the project time zone' })
  @IsOptional()
  @IsCalendarDate()
  date_to?: string;
}

export class CreditsOverviewQueryDto extends WalletIntervalQueryDto {
  @ApiPropertyOptional({ type: [String], description: 'Only these credit types (also accepted as credit_type_id[])' })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @IsString({ each: true })
  credit_type_id?: string[];

  @ApiPropertyOptional({ type: [String], name: 'credit_type_id[]' })
  @IsOptional()
  @Expose({ name: 'credit_type_id[]' })
  @Transform(queryArray)
  @IsArray()
  @IsString({ each: true })
  credit_type_id_brackets?: string[];
}

// ---- responses ----

export class TurnoverDto {
  @ApiProperty() currency_id!: string;
  @ApiProperty({ format: 'float', description: 'Purchases less cancellations in the interval' }) value!: number;
}

export class SalesTurnoverDto {
  @ApiProperty({ type: () => TurnoverDto, isArray: true }) turnover!: TurnoverDto[];
}

export class SalesTurnoverResponseDto {
  @ApiProperty({ type: () => SalesTurnoverDto }) data!: SalesTurnoverDto;
}

export class MoneyValueDto {
  @ApiProperty() currency_id!: string;
  @ApiProperty({ format: 'float' }) value!: number;
}

export class PointsOverviewDto {
  @ApiProperty({ format: 'float' }) earned_points!: number;
  @ApiProperty({ format: 'float' }) redeemed_points!: number;
  @ApiProperty({ format: 'float', description: 'Spendable now, less points held by reservations' }) available_points!: number;
  @ApiProperty({ type: () => MoneyValueDto, isArray: true }) available_points_money_value!: MoneyValueDto[];
}

export class PointsOverviewResponseDto {
  @ApiProperty({ type: () => PointsOverviewDto }) data!: PointsOverviewDto;
}

export class CreditWalletSummaryDto {
  @ApiProperty() currency_id!: string;
  @ApiProperty({ format: 'float' }) earned_credits!: number;
  @ApiProperty({ format: 'float' }) redeemed_credits!: number;
  @ApiProperty({ format: 'float' }) available_credits!: number;
}

export class CreditsOverviewDto {
  @ApiProperty({ format: 'float' }) earned_credits!: number;
  @ApiProperty({ format: 'float' }) redeemed_credits!: number;
  @ApiProperty({ format: 'float' }) available_credits!: number;
  @ApiProperty({ type: () => CreditWalletSummaryDto, isArray: true }) split_by_currency!: CreditWalletSummaryDto[];
}

export class CreditsOverviewResponseDto {
  @ApiProperty({ type: () => CreditsOverviewDto }) data!: CreditsOverviewDto;
}

export class ExpirationOverviewDto {
  @ApiProperty({ format: 'float', description: 'What expires on next_date' }) next_amount!: number;
  @ApiPropertyOptional({ type: String, format: 'date', description: 'The first expiry date from today on; null when nothing expires' })
  next_date!: string | null;
  @ApiProperty({ format: 'float', description: 'What expires from now to the end of the current month' }) current_month_amount!: number;
}

export class ExpirationOverviewResponseDto {
  @ApiProperty({ type: () => ExpirationOverviewDto }) data!: ExpirationOverviewDto;
}
