import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { BatchOptionsDto, ListQueryDto, queryArray, queryBoolean } from '@tessera/http';
import { RewardDto, RewardPropertyRecordDto } from './reward.dto';

export class VoucherListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional({ description: 'Vouchers of rewards usable in this store' }) @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() is_valid?: boolean;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() is_applied?: boolean;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() without_stores?: boolean;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @Transform(queryArray) @IsArray() @IsString({ each: true }) reward_id?: string[];
  @ApiPropertyOptional({ default: false }) @IsOptional() @Transform(queryBoolean) @IsBoolean() include_service_vouchers?: boolean;
}

export class CustomerVoucherListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() is_valid?: boolean;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() is_applied?: boolean;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() without_stores?: boolean;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @Transform(queryArray) @IsArray() @IsString({ each: true }) reward_id?: string[];
}

export class RewardVoucherQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
}

export class CreateVoucherBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiPropertyOptional({ description: 'Generated when left out' }) @IsOptional() @IsString() @IsNotEmpty() code?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
}

export class CreateCustomVoucherBodyDto extends CreateVoucherBodyDto {
  @ApiProperty({ description: 'Money value of the voucher' }) @IsDefined() @IsInt() value!: number;
}

/** A voucher as written on PUT; read-only fields are accepted and ignored. */
export class VoucherInputDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() code?: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber() value?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() applied_date?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() valid_from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() valid_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() voucher_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() reward_group?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() reward?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() created_at?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
}

export class VoucherBodyDto {
  @ApiProperty({ type: VoucherInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => VoucherInputDto)
  voucher!: VoucherInputDto;
}

export class ApplyVoucherBodyDto {
  @ApiProperty({ example: '2025-06-01 12:00:00' }) @IsDefined() @IsString() @IsNotEmpty() date_applied!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() store_id?: string;
}

export class GiftCardBalanceBodyDto {
  @ApiPropertyOptional({ description: 'voucher_id or code is required' }) @IsOptional() @IsString() @IsNotEmpty() voucher_id?: string;
  @ApiPropertyOptional({ description: 'voucher_id or code is required' }) @IsOptional() @IsString() @IsNotEmpty() code?: string;
}

export class VoucherBatchRecordDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() reward_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @IsNotEmpty() code?: string;
  @ApiPropertyOptional() @IsOptional() @IsNumber() value?: number;
  @ApiPropertyOptional() @IsOptional() @IsString() applied_date?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() valid_from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() valid_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
}

export class VoucherBatchBodyDto extends BatchOptionsDto {
  @ApiProperty({ type: [VoucherBatchRecordDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => VoucherBatchRecordDto)
  vouchers!: VoucherBatchRecordDto[];
}

export class VoucherDto {
  @ApiProperty() voucher_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiPropertyOptional({ type: String }) store_id!: string | null;
  @ApiProperty() code!: string;
  @ApiPropertyOptional({ type: Number, format: 'float' }) value!: number | null;
  @ApiPropertyOptional({ type: String }) applied_date!: string | null;
  @ApiPropertyOptional({ type: String }) valid_from!: string | null;
  @ApiPropertyOptional({ type: String }) valid_to!: string | null;
  @ApiProperty() reward_group!: string;
  @ApiPropertyOptional({ type: String }) note!: string | null;
  @ApiProperty({ type: () => RewardDto }) reward!: RewardDto;
  @ApiProperty() created_at!: string;
  @ApiProperty() last_change!: string;
  @ApiProperty({ enum: [0, 1, 2] }) state!: number;
}

export class VoucherResponseDto {
  @ApiProperty({ type: () => VoucherDto }) data!: VoucherDto;
}

export class VoucherListDataDto {
  @ApiProperty({ type: () => VoucherDto, isArray: true }) vouchers!: VoucherDto[];
  @ApiProperty() total_items!: number;
}

export class VoucherListResponseDto {
  @ApiProperty({ type: () => VoucherListDataDto }) data!: VoucherListDataDto;
}

export class VoucherIdDataDto {
  @ApiProperty() voucher_id!: string;
}

export class VoucherIdResponseDto {
  @ApiProperty({ type: () => VoucherIdDataDto }) data!: VoucherIdDataDto;
}

export class VoucherPropertyRecordListDataDto {
  @ApiProperty({ type: () => RewardPropertyRecordDto, isArray: true }) property_records!: RewardPropertyRecordDto[];
  @ApiProperty() total_items!: number;
}

export class VoucherPropertyRecordListResponseDto {
  @ApiProperty({ type: () => VoucherPropertyRecordListDataDto }) data!: VoucherPropertyRecordListDataDto;
}

export class GiftCardBalanceDto {
  @ApiProperty() voucher_id!: string;
  @ApiProperty({ format: 'float' }) current_balance!: number;
  @ApiProperty({ format: 'float' }) original_balance!: number;
}

export class GiftCardBalanceResponseDto {
  @ApiProperty({ type: () => GiftCardBalanceDto }) data!: GiftCardBalanceDto;
}
