import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { TagDto } from '../../../catalogue';
import { StoreDto } from '../../../reference-data';
import { Transform, Type } from 'class-transformer';
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
  ValidateNested,
} from 'class-validator';
import { IsCalendarDate, ListQueryDto, queryArray, queryBoolean } from '@tessera/http';
import { VOUCHER_VALIDITY_MODES, VoucherValidityMode } from '../rules/voucher-validity';

export class RewardListQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ description: 'Part of the name' }) @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() is_valid?: boolean;
  @ApiPropertyOptional({ example: '2025-01-01' }) @IsOptional() @IsCalendarDate() valid_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31' }) @IsOptional() @IsCalendarDate() valid_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() is_automated?: boolean;
  @ApiPropertyOptional({ enum: [0, 1, 2, 4] }) @IsOptional() @Type(() => Number) @IsIn([0, 1, 2, 4]) reward_group?: number;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @IsString({ each: true })
  customer_type_id?: string[];
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() without_stores?: boolean;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @Transform(queryArray) @IsArray() @IsString({ each: true }) tag_ids?: string[];
  @ApiPropertyOptional() @IsOptional() @IsString() partner_id?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() reward_type_id?: string;
}

/** The customer sub-resource takes the same filters except partner and reward type. */
export class CustomerRewardListQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() store_id?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() is_valid?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsCalendarDate() valid_from?: string;
  @ApiPropertyOptional() @IsOptional() @IsCalendarDate() valid_to?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() code?: string;
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() is_automated?: boolean;
  @ApiPropertyOptional({ enum: [0, 1, 2, 4] }) @IsOptional() @Type(() => Number) @IsIn([0, 1, 2, 4]) reward_group?: number;
  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @Transform(queryArray)
  @IsArray()
  @IsString({ each: true })
  customer_type_id?: string[];
  @ApiPropertyOptional() @IsOptional() @Transform(queryBoolean) @IsBoolean() without_stores?: boolean;
  @ApiPropertyOptional({ type: [String] }) @IsOptional() @Transform(queryArray) @IsArray() @IsString({ each: true }) tag_ids?: string[];
}

export class RewardRelationQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: ['condition', 'bonus'] }) @IsOptional() @IsIn(['condition', 'bonus']) reward_product_relation_type?:
    'condition' | 'bonus';
}

export class RewardStoreQueryDto extends ListQueryDto {
  @ApiPropertyOptional({ enum: [0, 1] }) @IsOptional() @Type(() => Number) @IsIn([0, 1]) visible_for_customer?: number;
}

export class RewardTagQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() text_id?: string;
}

export class PropertyQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
}

export class RewardTypeQueryDto extends ListQueryDto {
  @ApiPropertyOptional() @IsOptional() @IsString() name?: string;
}

export class PluIdDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() list_code!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() code!: string;
}

export class RewardProductInputDto {
  @ApiPropertyOptional({ description: 'Required unless plu_id is given' }) @IsOptional() @IsString() product_id?: string;
  @ApiPropertyOptional({ type: PluIdDto }) @IsOptional() @ValidateNested() @Type(() => PluIdDto) plu_id?: PluIdDto;
  @ApiProperty({ enum: [0, 1], description: '0 condition, 1 bonus' })
  @IsDefined()
  @IsInt()
  @IsIn([0, 1])
  reward_product_relation_type!: number;
}

export class SetRewardProductsBodyDto {
  @ApiProperty({ type: [RewardProductInputDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => RewardProductInputDto)
  products!: RewardProductInputDto[];
}

export class TextTranslationDto {
  @ApiProperty({ example: 'en' }) @IsDefined() @IsString() @IsNotEmpty() language_code!: string;
  @ApiProperty() @IsDefined() @IsString() text!: string;
}

export class UrlLanguageVariantDto {
  @ApiProperty({ example: 'en' }) @IsDefined() @IsString() @IsNotEmpty() language_code!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() url!: string;
}

export class StoreIdDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() store_id!: string;
}

export class SegmentIdDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() segment_id!: string;
}

/** A tag reference; the other tag fields are read-only and ignored. */
export class TagRefDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() tag_id!: string;
  @ApiPropertyOptional({ readOnly: true }) @Allow() name?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() text_id?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() state?: unknown;
  @ApiPropertyOptional({ readOnly: true }) @Allow() last_change?: unknown;
}

export class SimpleRewardInputDto {
  @ApiPropertyOptional({ readOnly: true }) @Allow() reward_id?: unknown;
  @ApiProperty({ description: 'Without | and -' }) @IsDefined() @IsString() @IsNotEmpty() code!: string;

  @ApiProperty({ type: [TextTranslationDto] })
  @IsDefined()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  names!: TextTranslationDto[];

  @ApiPropertyOptional({ type: [TextTranslationDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  notes?: TextTranslationDto[];

  @ApiPropertyOptional({ type: [TextTranslationDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  subtitles?: TextTranslationDto[];

  @ApiPropertyOptional() @IsOptional() @IsNumber() points_cost?: number;
  @ApiPropertyOptional({ example: '2025-01-01' }) @IsOptional() @IsCalendarDate() valid_date_from?: string;
  @ApiPropertyOptional({ example: '2025-12-31' }) @IsOptional() @IsCalendarDate() valid_date_to?: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() reward_type_id!: string;
  @ApiProperty() @IsDefined() @IsNumber() reward_type_value!: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() maximum_discount_value?: number;
  @ApiPropertyOptional() @IsOptional() @IsNumber() minimum_purchase_value?: number;

  @ApiPropertyOptional({ type: [StoreIdDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => StoreIdDto)
  stores?: StoreIdDto[];

  @ApiPropertyOptional({ type: [SegmentIdDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => SegmentIdDto)
  segments?: SegmentIdDto[];

  @ApiPropertyOptional({ minimum: 1, maximum: 9 }) @IsOptional() @IsInt() @IsIn([1, 2, 3, 4, 5, 6, 7, 8, 9]) priority?: number;

  @ApiPropertyOptional({ type: [UrlLanguageVariantDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => UrlLanguageVariantDto)
  image_urls?: UrlLanguageVariantDto[];

  @ApiPropertyOptional({ type: [UrlLanguageVariantDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => UrlLanguageVariantDto)
  reward_external_urls?: UrlLanguageVariantDto[];

  @ApiPropertyOptional({ type: [TagRefDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => TagRefDto)
  tags?: TagRefDto[];

  @ApiProperty() @IsDefined() @IsBoolean() global_reward!: boolean;
  @ApiPropertyOptional({ description: 'Required when global_reward is false' }) @IsOptional() @IsString() partner_id?: string;
  @ApiProperty({ enum: VOUCHER_VALIDITY_MODES }) @IsDefined() @IsIn(VOUCHER_VALIDITY_MODES) voucher_validity!: VoucherValidityMode;
  @ApiPropertyOptional({ example: '7 days' }) @IsOptional() @IsString() voucher_validity_value?: string;
  @ApiProperty({ description: 'A automatic, M manual import' }) @IsDefined() @IsString() voucher_code_generation_preference!: string;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() is_portable?: boolean;
  @ApiProperty({ enum: [1, 2] }) @IsDefined() @IsInt() @IsIn([1, 2]) state!: number;
}

export class SimpleRewardBodyDto {
  @ApiProperty({ type: SimpleRewardInputDto })
  @IsDefined()
  @ValidateNested()
  @Type(() => SimpleRewardInputDto)
  simple_reward!: SimpleRewardInputDto;
}

// ---- responses ----

export interface RewardRelationRuleDto {
  related_to: string;
  count: number;
  min_price: number | null;
  max_price: number | null;
}

/** A store as reference data answers it, without its description; `visibility_for_customer` is the store's visibility for this reward. */
export type RewardStoreDto = Omit<StoreDto, 'description'>;

export interface RewardDto {
  reward_id: string;
  code: string;
  name?: string;
  note?: string;
  subtitle?: string;
  points_cost: number;
  valid_time_from: string | null;
  valid_time_to: string | null;
  reward_group: number;
  reward_type_id: string;
  store_list: RewardStoreDto[];
  additional_properties: {
    property_record_id: string;
    property_id: string;
    property_name: string;
    property_value: unknown;
    last_change: string;
  }[];
  priority: number | null;
  image_urls: string[];
  reward_external_url?: string;
  has_product_condition: boolean;
  has_group_condition: boolean;
  has_brand_condition: boolean;
  has_product_bonus: boolean;
  has_group_bonus: boolean;
  has_brand_bonus: boolean;
  reward_product_relation_conditions: RewardRelationRuleDto[];
  reward_product_relation_bonuses: RewardRelationRuleDto[];
  is_automated: boolean;
  tags: TagDto[];
  last_change: string;
  state: number;
}

export interface RewardTypeDto {
  reward_type_id: string;
  name: string;
  last_change: string;
}
