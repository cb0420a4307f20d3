import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { IsArray, IsDefined, IsNotEmpty, IsNumber, IsOptional, IsString } from 'class-validator';
import { ListQueryDto, queryArray } from '../../../../libs/http/src';

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

export interface CreditDto {
  credit_id: string;
  customer_id: string;
  assigned_credits: number;
  available_credits: number;
  credit_type_id: string;
  partner_id: string;
  valid_to: string | null;
  currency_id: string;
  state: number;
  note: string | null;
}

export interface CreditHistoryRecordDto {
  customer_id: string;
  amount: number;
  credit_operation_type: string;
  credit_operation_note: string | null;
  partner_id: string;
  currency_id: string;
  store_id: string | null;
  credit_history_record_time: string;
}

export interface CreditTypeDto {
  credit_type_id: string;
  name: string;
  last_change: string;
}
