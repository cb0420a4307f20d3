import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { ProductBrandDto, ProductDto, ProductGroupDto, TagDto } from '../../../catalogue';
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

export class RewardPluIdDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() list_code!: string;
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() code!: string;
}

export class RewardProductInputDto {
  @ApiPropertyOptional({ description: 'Required unless plu_id is given' }) @IsOptional() @IsString() product_id?: string;
  @ApiPropertyOptional({ type: RewardPluIdDto }) @IsOptional() @ValidateNested() @Type(() => RewardPluIdDto) plu_id?: RewardPluIdDto;
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

export class RewardStoreIdDto {
  @ApiProperty() @IsDefined() @IsString() @IsNotEmpty() store_id!: string;
}

export class RewardSegmentIdDto {
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

  @ApiPropertyOptional({ type: [RewardStoreIdDto] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardStoreIdDto)
  stores?: RewardStoreIdDto[];

  @ApiPropertyOptional({ type: [RewardSegmentIdDto] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => RewardSegmentIdDto)
  segments?: RewardSegmentIdDto[];

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

export class RewardRelationRuleDto {
  @ApiProperty({ enum: ['product', 'product_group', 'product_brand'] }) related_to!: string;
  @ApiProperty() count!: number;
  @ApiPropertyOptional({ type: Number, format: 'float' }) min_price!: number | null;
  @ApiPropertyOptional({ type: Number, format: 'float' }) max_price!: number | null;
}

/** A store as reference data answers it, without its description; `visibility_for_customer` is the store's visibility for this reward. */
export class RewardStoreDto extends OmitType(StoreDto, ['description'] as const) {}

/** A property value of a reward or voucher; its id joins the property and the record it belongs to. */
export class RewardPropertyRecordDto {
  @ApiProperty() property_record_id!: string;
  @ApiProperty() property_id!: string;
  @ApiProperty() property_name!: string;
  @ApiProperty({ description: 'Shaped by the property data type' }) property_value!: unknown;
  @ApiProperty() last_change!: string;
}

export class RewardDto {
  @ApiProperty() reward_id!: string;
  @ApiProperty() code!: string;
  @ApiPropertyOptional({ description: 'In the language negotiated from Accept-Language' }) name?: string;
  @ApiPropertyOptional({ description: 'In the language negotiated from Accept-Language' }) note?: string;
  @ApiPropertyOptional({ description: 'In the language negotiated from Accept-Language' }) subtitle?: string;
  @ApiProperty({ format: 'float' }) points_cost!: number;
  @ApiPropertyOptional({ type: String }) valid_time_from!: string | null;
  @ApiPropertyOptional({ type: String }) valid_time_to!: string | null;
  @ApiProperty({ enum: [0, 1, 2, 4] }) reward_group!: number;
  @ApiProperty() reward_type_id!: string;
  @ApiProperty({ type: () => RewardStoreDto, isArray: true }) store_list!: RewardStoreDto[];
  @ApiProperty({ type: () => RewardPropertyRecordDto, isArray: true }) additional_properties!: RewardPropertyRecordDto[];
  @ApiPropertyOptional({ type: Number, enum: [1, 2, 3, 4, 5, 6, 7, 8, 9] }) priority!: number | null;
  @ApiProperty({ type: String, isArray: true }) image_urls!: string[];
  @ApiPropertyOptional({ description: 'In the language negotiated from Accept-Language' }) reward_external_url?: string;
  @ApiProperty() has_product_condition!: boolean;
  @ApiProperty() has_group_condition!: boolean;
  @ApiProperty() has_brand_condition!: boolean;
  @ApiProperty() has_product_bonus!: boolean;
  @ApiProperty() has_group_bonus!: boolean;
  @ApiProperty() has_brand_bonus!: boolean;
  @ApiProperty({ type: () => RewardRelationRuleDto, isArray: true }) reward_product_relation_conditions!: RewardRelationRuleDto[];
  @ApiProperty({ type: () => RewardRelationRuleDto, isArray: true }) reward_product_relation_bonuses!: RewardRelationRuleDto[];
  @ApiProperty() is_automated!: boolean;
  @ApiProperty({ type: () => TagDto, isArray: true }) tags!: TagDto[];
  @ApiProperty() last_change!: string;
  @ApiProperty({ enum: [0, 1, 2] }) state!: number;
}

export class RewardResponseDto {
  @ApiProperty({ type: () => RewardDto }) data!: RewardDto;
}

export class RewardListDataDto {
  @ApiProperty({ type: () => RewardDto, isArray: true }) rewards!: RewardDto[];
  @ApiProperty() total_items!: number;
}

export class RewardListResponseDto {
  @ApiProperty({ type: () => RewardListDataDto }) data!: RewardListDataDto;
}

export class RewardIdDataDto {
  @ApiProperty() reward_id!: string;
}

export class RewardIdResponseDto {
  @ApiProperty({ type: () => RewardIdDataDto }) data!: RewardIdDataDto;
}

export class RewardTagListDataDto {
  @ApiProperty({ type: () => TagDto, isArray: true }) tags!: TagDto[];
  @ApiProperty() total_items!: number;
}

export class RewardTagListResponseDto {
  @ApiProperty({ type: () => RewardTagListDataDto }) data!: RewardTagListDataDto;
}

/** A product as the catalogue answers it, less its external id, properties and tags, plus its relations to the reward. */
export class RewardProductDto extends OmitType(ProductDto, ['external_id', 'additional_properties', 'tags'] as const) {
  @ApiPropertyOptional({ deprecated: true, description: "The condition's count, only without a relation filter" })
  minimum_number_of_products?: number;

  @ApiProperty({ enum: ['condition', 'bonus'], isArray: true }) reward_product_relation_types!: ('condition' | 'bonus')[];
}

export class RewardProductListDataDto {
  @ApiProperty({ type: () => RewardProductDto, isArray: true }) products!: RewardProductDto[];
  @ApiProperty() total_items!: number;
}

export class RewardProductListResponseDto {
  @ApiProperty({ type: () => RewardProductListDataDto }) data!: RewardProductListDataDto;
}

export class RewardProductGroupDto extends OmitType(ProductGroupDto, ['parent_external_id'] as const) {}

export class RewardProductGroupListDataDto {
  @ApiProperty({ type: () => RewardProductGroupDto, isArray: true }) product_groups!: RewardProductGroupDto[];
  @ApiProperty() total_items!: number;
}

export class RewardProductGroupListResponseDto {
  @ApiProperty({ type: () => RewardProductGroupListDataDto }) data!: RewardProductGroupListDataDto;
}

export class RewardProductBrandListDataDto {
  @ApiProperty({ type: () => ProductBrandDto, isArray: true }) product_brands!: ProductBrandDto[];
  @ApiProperty() total_items!: number;
}

export class RewardProductBrandListResponseDto {
  @ApiProperty({ type: () => RewardProductBrandListDataDto }) data!: RewardProductBrandListDataDto;
}

export class RewardStoreListDataDto {
  @ApiProperty({ type: () => RewardStoreDto, isArray: true }) stores!: RewardStoreDto[];
  @ApiProperty() total_items!: number;
}

export class RewardStoreListResponseDto {
  @ApiProperty({ type: () => RewardStoreListDataDto }) data!: RewardStoreListDataDto;
}

export class RewardTypeDto {
  @ApiProperty() reward_type_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() last_change!: string;
}

export class RewardTypeResponseDto {
  @ApiProperty({ type: () => RewardTypeDto }) data!: RewardTypeDto;
}

export class RewardTypeListDataDto {
  @ApiProperty({ type: () => RewardTypeDto, isArray: true }) reward_types!: RewardTypeDto[];
  @ApiProperty() total_items!: number;
}

export class RewardTypeListResponseDto {
  @ApiProperty({ type: () => RewardTypeListDataDto }) data!: RewardTypeListDataDto;
}

export class RewardPropertyItemDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String }) resource_record_id!: string | null;
  @ApiProperty({ enum: [0, 1, 2] }) state!: number;
}

/** A property definition of rewards or of vouchers. */
export class RewardPropertyDto {
  @ApiProperty() property_id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional({ type: String }) description!: string | null;
  @ApiProperty() data_type!: string;
  @ApiProperty({ type: () => RewardPropertyItemDto, isArray: true }) items!: RewardPropertyItemDto[];
  @ApiProperty() is_required!: boolean;
  @ApiProperty() is_unique!: boolean;
  @ApiProperty() last_change!: string;
  @ApiProperty({ enum: [0, 1, 2] }) state!: number;
}

export class RewardPropertyResponseDto {
  @ApiProperty({ type: () => RewardPropertyDto }) data!: RewardPropertyDto;
}

export class RewardPropertyListDataDto {
  @ApiProperty({ type: () => RewardPropertyDto, isArray: true }) rewards_properties!: RewardPropertyDto[];
  @ApiProperty() total_items!: number;
}

export class RewardPropertyListResponseDto {
  @ApiProperty({ type: () => RewardPropertyListDataDto }) data!: RewardPropertyListDataDto;
}

export class VoucherPropertyListDataDto {
  @ApiProperty({ type: () => RewardPropertyDto, isArray: true }) voucher_properties!: RewardPropertyDto[];
  @ApiProperty() total_items!: number;
}

export class VoucherPropertyListResponseDto {
  @ApiProperty({ type: () => VoucherPropertyListDataDto }) data!: VoucherPropertyListDataDto;
}
