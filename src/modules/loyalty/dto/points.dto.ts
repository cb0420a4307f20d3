import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '../../../../libs/http/src';

export class PointListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() point_type_id?: string;
  @ApiPropertyOptional({ example: '2025-01-01 00:00:00' }) @IsOptional() @IsString() create_point_time_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31 23:59:59' }) @IsOptional() @IsString() create_point_time_to?: string;
}

export class CustomerPointListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() point_type_id?: string;
}

export class PointHistoryQueryDto extends ListQueryDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() partner_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() time_from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() time_to?: string;
  @ApiPropertyOptional({ description: 'Part of the operation type name' }) @IsOptional() @IsString() point_operation_type?: string;
  @ApiPropertyOptional({ description: 'Part of the operation note' }) @IsOptional() @IsString() point_operation_note?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() point_type_id?: string;
}

export class PointMovementBodyDto {
  @ApiProperty({ description: 'Above zero, at most two decimals' }) @IsDefined() @IsNumber() amount!: number;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() partner_id!: string;
  @ApiPropertyOptional({ description: 'The default point type when left out' }) @IsOptional() @IsString() point_type_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
}

export class TransferPointsBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() original_customer_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() new_customer_id!: string;
  @ApiProperty() @IsDefined() @IsNumber() amount!: number;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() point_type_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
}

export class SynchronizePointsBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiProperty({ description: 'The balance the customer ends with' }) @IsDefined() @IsNumber() amount!: number;
  @ApiPropertyOptional({ description: 'The default partner when left out' }) @IsOptional() @IsString() partner_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
}

export interface PointDto {
  point_id: string;
  customer_id: string;
  assigned_points: number;
  available_points: number;
  point_type_id: string;
  partner_id: string;
  valid_to: string | null;
  state: number;
  created_at: string;
  note: string | null;
}

export interface PointHistoryRecordDto {
  customer_id: string;
  point_amount: number;
  point_operation_type: string;
  point_operation_note: string | null;
  point_type_id: string;
  partner_id: string;
  store_id: string | null;
  point_history_record_time: string;
  extended_data: string | null;
}

export interface PointTypeDto {
  point_type_id: string;
  name: string;
  last_change: string;
}
