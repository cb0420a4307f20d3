import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString } from 'class-validator';
import { ListQueryDto } from '@tessera/http';

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

// ---- responses ----

export class PointDto {
  @ApiProperty() point_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty({ format: 'float' }) assigned_points!: number;
  @ApiProperty({ format: 'float' }) available_points!: number;
  @ApiProperty() point_type_id!: string;
  @ApiProperty() partner_id!: string;
  @ApiPropertyOptional({ type: String }) valid_to!: string | null;
  @ApiProperty({ enum: [0, 1, 2], description: '0 deleted, 1 active, 2 non active (spent or expired)' }) state!: number;
  @ApiProperty() created_at!: string;
  @ApiPropertyOptional({ type: String }) note!: string | null;
}

export class PointResponseDto {
  @ApiProperty({ type: () => PointDto }) data!: PointDto;
}

export class PointListDataDto {
  @ApiProperty({ type: () => PointDto, isArray: true }) points!: PointDto[];
  @ApiProperty() total_items!: number;
}

export class PointListResponseDto {
  @ApiProperty({ type: () => PointListDataDto }) data!: PointListDataDto;
}

export class PointIdDataDto {
  @ApiProperty() point_id!: string;
}

export class PointIdResponseDto {
  @ApiProperty({ type: () => PointIdDataDto }) data!: PointIdDataDto;
}

export class PointHistoryRecordDto {
  @ApiProperty() customer_id!: string;
  @ApiProperty({ format: 'float' }) point_amount!: number;
  @ApiProperty() point_operation_type!: string;
  @ApiPropertyOptional({ type: String }) point_operation_note!: string | null;
  @ApiProperty() point_type_id!: string;
  @ApiProperty() partner_id!: string;
  @ApiPropertyOptional({ type: String }) store_id!: string | null;
  @ApiProperty() point_history_record_time!: string;
  @ApiPropertyOptional({ type: String, description: 'A JSON document' }) extended_data!: string | null;
}

export class PointHistoryListDataDto {
  @ApiProperty({ type: () => PointHistoryRecordDto, isArray: true }) point_history!: PointHistoryRecordDto[];
  @ApiProperty() total_items!: number;
}

export class PointHistoryListResponseDto {
  @ApiProperty({ type: () => PointHistoryListDataDto }) data!: PointHistoryListDataDto;
}

export class PointTypeDto {
  @ApiProperty() point_type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() last_change!: string;
}

export class PointTypeResponseDto {
  @ApiProperty({ type: () => PointTypeDto }) data!: PointTypeDto;
}

export class PointTypeListDataDto {
  @ApiProperty({ type: () => PointTypeDto, isArray: true }) point_types!: PointTypeDto[];
  @ApiProperty() total_items!: number;
}

export class PointTypeListResponseDto {
  @ApiProperty({ type: () => PointTypeListDataDto }) data!: PointTypeListDataDto;
}
