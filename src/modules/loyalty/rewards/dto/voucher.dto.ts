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
import { BatchOptionsDto, ListQueryDto, queryArray, queryBoolean } from '../../../../../libs/http/src';
import { RewardDto } from './reward.dto';

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

export interface VoucherDto {
  voucher_id: string;
  customer_id: string;
  store_id: string | null;
  code: string;
  value: number | null;
  applied_date: string | null;
  valid_from: string | null;
  valid_to: string | null;
  reward_group: string;
  note: string | null;
  reward: RewardDto;
  created_at: string;
  last_change: string;
  state: number;
}

export interface GiftCardBalanceDto {
  voucher_id: string;
  current_balance: number;
  original_balance: number;
}
