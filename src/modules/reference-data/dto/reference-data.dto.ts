import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Expose, Transform } from 'class-transformer';
import { IsArray, IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { ListQueryDto, queryArray, queryBoolean } from '@tessera/http';
import { LANGUAGE_LIST_TYPES, LanguageListType } from '../language.service';

/** Query booleans arrive as text. */

export class CountryListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'ISO 3166-1 alpha-2 code' }) @IsOptional() @IsString() country_id?: string;
  @ApiPropertyOptional({ description: 'Part of the name in the response language' }) @IsOptional() @IsString() country_name?: string;
}

export class LanguageListQueryDto {
  @ApiPropertyOptional({ enum: LANGUAGE_LIST_TYPES, default: 'carecloud-api' })
  @IsOptional()
  @IsIn(LANGUAGE_LIST_TYPES)
  language_list_type?: LanguageListType;

  @ApiPropertyOptional({ default: false, description: 'Only the project default language' })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean()
  default_language?: boolean;
}

export class CurrencyListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() currency_name?: string;
  @ApiPropertyOptional({ description: 'ISO 4217 code' }) @IsOptional() @IsString() currency_code?: string;
}

export class CustomerSourceListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_source_text_id?: string;
}

export class CustomerSourceRecordListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() customer_id?: string;
  @ApiPropertyOptional({ deprecated: true, description: 'Superseded by external_ids' }) @IsOptional() @IsString() external_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() customer_source_id?: string;

  @ApiPropertyOptional({ type: [String], name: 'external_ids[]', description: 'Any of these external ids' })
  @IsOptional()
  @Expose({ name: 'external_ids[]' })
  @Transform(queryArray)
  @IsArray()
  @IsString({ each: true })
  external_ids?: string[];
}

export class StatusListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() text_id?: string;
}

export class NameListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
}

export class ConnectionTestQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() test_string?: string;
}

export class CountryDto {
  @ApiProperty({ example: 'cz' }) country_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class LanguageDto {
  @ApiProperty({ example: 'cs' }) language_id!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
  @ApiProperty({ example: '2026-01-31 08:15:00' }) last_change!: string;
}

export class CurrencyDto {
  @ApiProperty() currency_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'EUR' }) code!: string;
}

export class CustomerSourceDto {
  @ApiProperty() customer_source_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() customer_source_text_id!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
  @ApiProperty() last_change!: string;
}

export class CustomerSourceRecordDto {
  @ApiProperty() customer_source_record_id!: string;
  @ApiProperty() customer_source_id!: string;
  @ApiProperty() customer_id!: string;
  @ApiProperty({ nullable: true, type: String }) external_id!: string | null;
  @ApiProperty() last_change!: string;
}

export class QualificationTurnoverDto {
  @ApiProperty() currency_id!: string;
  @ApiProperty() value!: number;
  @ApiProperty({ nullable: true, type: String, example: '2026-12-31' }) due_date!: string | null;
}

export class StatusDto {
  @ApiProperty() status_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ nullable: true, type: 'integer', description: 'Months' }) qualification_period!: number | null;
  @ApiProperty({ type: [QualificationTurnoverDto] }) qualification_turnover!: QualificationTurnoverDto[];
  @ApiProperty({ nullable: true, type: Number }) qualification_points!: number | null;
  @ApiProperty({ nullable: true, type: String }) previous_status!: string | null;
  @ApiProperty({ nullable: true, type: String }) next_status!: string | null;
  @ApiProperty() validity_period!: string;
  @ApiProperty() collection_points!: boolean;
  @ApiProperty() payment_points!: boolean;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) qualification_type!: number;
  @ApiProperty({ type: 'integer' }) discount!: number;
  @ApiProperty() overall_discount_on_discounted_purchase_items!: boolean;
  @ApiProperty() text_id!: string;
  @ApiProperty() last_change!: string;
}

export class StoreGroupDto {
  @ApiProperty() store_group_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() last_change!: string;
}

export class PropertyItemDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) resource_record_id!: string | null;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class StorePropertyDto {
  @ApiProperty() property_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: ['string', 'date', 'integer', 'float', 'enum', 'multiselect', 'boolean'] }) data_type!: string;
  @ApiProperty({ type: [PropertyItemDto] }) items!: PropertyItemDto[];
  @ApiProperty() is_required!: boolean;
  @ApiProperty() is_unique!: boolean;
  @ApiProperty() last_change!: string;
  @ApiProperty({ type: 'integer', enum: [0, 1, 2] }) state!: number;
}

export class ConnectionTestDto {
  @ApiProperty({ description: 'The sent string reversed' }) test_string!: string;
}
