import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { Allow, IsBoolean, IsDefined, IsIn, IsOptional, IsString, ValidateNested } from 'class-validator';
import { IsCalendarDate, ListQueryDto, queryBoolean } from '@tessera/http';
import { ENTRANCE_POS_IDS, ENTRANCE_TYPE_IDS } from '../entities/entrance.entity';

const POS_TEXT = '3 EPOS, 6 skidata, 9 axess, 11 base';
const TYPE_TEXT = '0 season ticket, 1 one-day ticket, 2 multi-day ticket';

export class EntranceListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ type: 'integer', enum: ENTRANCE_POS_IDS, description: POS_TEXT })
  @IsOptional()
  @Type(() => Number)
  @IsIn(ENTRANCE_POS_IDS)
  pos_id?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() external_order_id?: string;
  @ApiPropertyOptional({ description: 'Part of the name, without regard to letter case' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() resort_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customer_category_name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() card_id?: string;
  @ApiPropertyOptional({ description: 'On the Customer interface, the logged-in customer only' })
  @IsOptional()
  @IsString()
  customer_id?: string;
  @ApiPropertyOptional({ type: 'integer', enum: ENTRANCE_TYPE_IDS, description: TYPE_TEXT })
  @IsOptional()
  @Type(() => Number)
  @IsIn(ENTRANCE_TYPE_IDS)
  entrance_type_id?: number;
  @ApiPropertyOptional({ type: 'integer', enum: [0, 1], description: '0 cancelled, 1 valid' })
  @IsOptional()
  @Type(() => Number)
  @IsIn([0, 1])
  state?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() external_entrance_id?: string;
  @ApiPropertyOptional({ description: 'true: today is one of its days of use; false: it is not' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  is_valid?: boolean;
  @ApiPropertyOptional({ description: 'true: cancelled; false: not cancelled' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  is_cancelled?: boolean;
  @ApiPropertyOptional({ example: '2025-01-01', description: 'Days of use overlapping the range' })
  @IsOptional()
  @IsCalendarDate()
  valid_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31' }) @IsOptional() @IsCalendarDate() valid_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() product_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() external_turnstile_permission_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() order_item_id?: string;
}

export class EntranceOverviewQueryDto {
  @ApiPropertyOptional({ example: '2025-01-01' }) @IsOptional() @IsCalendarDate() valid_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31' }) @IsOptional() @IsCalendarDate() valid_to?: string;
  @ApiPropertyOptional({ type: 'integer', enum: ENTRANCE_POS_IDS, description: POS_TEXT })
  @IsOptional()
  @Type(() => Number)
  @IsIn(ENTRANCE_POS_IDS)
  pos_id?: number;
}

export class EntranceCustomerStatsQueryDto {
  @ApiProperty({ description: 'Required on the Enterprise interface; the logged-in customer on the Customer interface' })
  @IsOptional()
  @IsString()
  customer_id?: string;
}

/** An entrance as a PUT sends it: `pos_id`, `entrance_type_id` and `state` are written, read-only fields ignored. */
export class EntranceInputDto {
  @ApiProperty({ description: 'Must be the id in the path' }) @IsDefined() @IsString() entrance_id!: string;
  @ApiProperty({ type: 'integer', enum: ENTRANCE_POS_IDS, description: POS_TEXT }) @IsDefined() @IsIn(ENTRANCE_POS_IDS) pos_id!: number;
  @ApiPropertyOptional({ type: 'integer', enum: ENTRANCE_TYPE_IDS, description: `${TYPE_TEXT}; cleared when omitted` })
  @IsOptional()
  @IsIn(ENTRANCE_TYPE_IDS)
  entrance_type_id?: number;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 deactivates the entrance for good' })
  @IsDefined()
  @IsIn([0, 1])
  state!: number;
  @ApiPropertyOptional({ readOnly: true }) @Allow() name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() customer_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() resort_name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() customer_category_name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() external_order_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() external_entrance_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() external_turnstile_permission_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() order_item_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() card_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() created_at?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() cancelled_at?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() charged_price?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() product_ids?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() charge_date?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() valid_from?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() valid_to?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class EntrancePutBodyDto {
  @ApiProperty({ type: EntranceInputDto }) @IsDefined() @ValidateNested() @Type(() => EntranceInputDto) entrance!: EntranceInputDto;
}

/** An entrance as the API shows it. */
export class EntranceDto {
  @ApiProperty() entrance_id!: string;
  @ApiProperty({ type: 'integer', enum: ENTRANCE_POS_IDS, description: POS_TEXT }) pos_id!: number;
  @ApiPropertyOptional({ readOnly: true }) name?: string | null;
  @ApiPropertyOptional({ readOnly: true }) customer_id?: string | null;
  @ApiPropertyOptional({ readOnly: true }) resort_name?: string | null;
  @ApiPropertyOptional({ readOnly: true }) customer_category_name?: string | null;
  @ApiPropertyOptional({ readOnly: true }) external_order_id?: string | null;
  @ApiPropertyOptional({ readOnly: true }) external_entrance_id?: string | null;
  @ApiPropertyOptional({ readOnly: true }) external_turnstile_permission_id?: string | null;
  @ApiPropertyOptional({ type: 'integer', enum: ENTRANCE_TYPE_IDS, description: TYPE_TEXT }) entrance_type_id?: number | null;
  @ApiPropertyOptional({ readOnly: true }) order_item_id?: string | null;
  @ApiProperty({ readOnly: true }) card_id!: string;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) created_at!: string;
  @ApiPropertyOptional({ readOnly: true, example: '2025-02-01 10:00:00' }) cancelled_at?: string | null;
  @ApiPropertyOptional({ readOnly: true }) charged_price?: number | null;
  @ApiPropertyOptional({ readOnly: true, description: 'The product of the entrance' }) product_ids?: string | null;
  @ApiPropertyOptional({ readOnly: true, example: '2025-01-31 09:15:00' }) charge_date?: string | null;
  @ApiPropertyOptional({ readOnly: true, example: '2025-01-01' }) valid_from?: string | null;
  @ApiPropertyOptional({ readOnly: true, example: '2025-01-07' }) valid_to?: string | null;
  @ApiProperty({ readOnly: true, example: '2025-01-31 09:15:00' }) last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1], description: '0 cancelled, 1 active' }) state!: number;
}

export class EntranceListDataDto {
  @ApiProperty({ type: [EntranceDto] }) entrances!: EntranceDto[];
  @ApiProperty() total_items!: number;
}

export class EntranceListResponseDto {
  @ApiProperty({ type: EntranceListDataDto }) data!: EntranceListDataDto;
}

export class EntranceResponseDto {
  @ApiProperty({ type: EntranceDto }) data!: EntranceDto;
}

export class EntranceOverviewDto {
  @ApiProperty({ type: 'integer', description: 'Active, with days of use in the range' }) active_entrances!: number;
  @ApiProperty({ type: 'integer', description: 'Cancelled by their point-of-sale system in the range' }) canceled_entrances!: number;
  @ApiProperty({ type: 'integer', description: 'Deactivated through the API in the range' }) deactivated_entrances!: number;
  @ApiProperty({ type: 'integer', description: 'Created in the range' }) sold_entrances!: number;
}

export class EntranceOverviewResponseDto {
  @ApiProperty({ type: EntranceOverviewDto }) data!: EntranceOverviewDto;
}

export class EntranceCustomerStatsDto {
  @ApiProperty({ description: 'Kilometres' }) distance!: number;
  @ApiProperty({ description: 'Metres' }) elevation!: number;
  @ApiProperty({ type: 'integer', description: 'Days with at least one use' }) skier_days!: number;
  @ApiPropertyOptional({ description: 'The latest achievement imported' }) ski_achievement_text_id?: string | null;
}

export class EntranceCustomerStatsResponseDto {
  @ApiProperty({ type: EntranceCustomerStatsDto }) data!: EntranceCustomerStatsDto;
}
