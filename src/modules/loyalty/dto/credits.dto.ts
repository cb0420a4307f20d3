import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { IsArray, IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString } from 'class-validator';
import { ListQueryDto, queryArray } from '@tessera/http';

export class CreditListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;

  @ApiPropertyOptional({ type: [String], description: 'Any of these credit types (also accepted as credit_type_id[])' })
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

  @ApiPropertyOptional() @IsOptional() @IsString() create_credit_time_from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() create_credit_time_to?: string;
  @ApiPropertyOptional({ description: 'Part of the note' }) @IsOptional() @IsString() note?: string;
}

export class CreditHistoryQueryDto extends ListQueryDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() partner_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() time_from?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() time_to?: string;
  @ApiPropertyOptional({ description: 'Part of the operation type name' }) @IsOptional() @IsString() credit_operation_type?: string;
  @ApiPropertyOptional({ description: 'Part of the operation note' }) @IsOptional() @IsString() credit_operation_note?: string;
}

export class CreditMovementBodyDto {
  @ApiProperty({ description: 'Above zero, at most the currency minor units as decimals' }) @IsDefined() @IsNumber() amount!: number;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() customer_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() partner_id!: string;
  @ApiPropertyOptional({ description: 'The default credit type when left out' }) @IsOptional() @IsString() credit_type_id?: string;
  @ApiPropertyOptional({ description: "The credit type's currency when left out" }) @IsOptional() @IsString() currency_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
}

export class TransferCreditsBodyDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() original_customer_id!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() new_customer_id!: string;
  @ApiProperty() @IsDefined() @IsNumber() amount!: number;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() credit_type_id!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() currency_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() note?: string;
}

// ---- responses ----

export class CreditDto {
  @ApiProperty() credit_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty({ format: 'float' }) assigned_credits!: number;
  @ApiProperty({ format: 'float' }) available_credits!: number;
  @ApiProperty() credit_type_id!: string;
  @ApiProperty() partner_id!: string;
  @ApiPropertyOptional({ type: String }) valid_to!: string | null;
  @ApiProperty() currency_id!: string;
  @ApiProperty({ enum: [0, 1, 2], description: '0 deleted, 1 active, 2 non active (spent or expired)' }) state!: number;
  @ApiPropertyOptional({ type: String }) note!: string | null;
}

export class CreditResponseDto {
  @ApiProperty({ type: () => CreditDto }) data!: CreditDto;
}

export class CreditListDataDto {
  @ApiProperty({ type: () => CreditDto, isArray: true }) credits!: CreditDto[];
  @ApiProperty() total_items!: number;
}

export class CreditListResponseDto {
  @ApiProperty({ type: () => CreditListDataDto }) data!: CreditListDataDto;
}

export class CreditIdDataDto {
  @ApiProperty() credit_id!: string;
}

export class CreditIdResponseDto {
  @ApiProperty({ type: () => CreditIdDataDto }) data!: CreditIdDataDto;
}

export class CreditHistoryRecordDto {
  @ApiProperty() customer_id!: string;
  @ApiProperty({ format: 'float' }) amount!: number;
  @ApiProperty() credit_operation_type!: string;
  @ApiPropertyOptional({ type: String }) credit_operation_note!: string | null;
  @ApiProperty() partner_id!: string;
  @ApiProperty() currency_id!: string;
  @ApiPropertyOptional({ type: String }) store_id!: string | null;
  @ApiProperty() credit_history_record_time!: string;
}

export class CreditHistoryListDataDto {
  @ApiProperty({ type: () => CreditHistoryRecordDto, isArray: true }) credit_history!: CreditHistoryRecordDto[];
  @ApiProperty() total_items!: number;
}

export class CreditHistoryListResponseDto {
  @ApiProperty({ type: () => CreditHistoryListDataDto }) data!: CreditHistoryListDataDto;
}

export class CreditTypeDto {
  @ApiProperty() credit_type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() last_change!: string;
}

export class CreditTypeResponseDto {
  @ApiProperty({ type: () => CreditTypeDto }) data!: CreditTypeDto;
}

export class CreditTypeListDataDto {
  @ApiProperty({ type: () => CreditTypeDto, isArray: true }) credit_types!: CreditTypeDto[];
  @ApiProperty() total_items!: number;
}

export class CreditTypeListResponseDto {
  @ApiProperty({ type: () => CreditTypeListDataDto }) data!: CreditTypeListDataDto;
}
