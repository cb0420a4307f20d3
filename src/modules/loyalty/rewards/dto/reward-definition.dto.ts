import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Min,
  ValidateNested,
} from 'class-validator';
import { VOUCHER_VALIDITY_MODES, type VoucherValidityMode } from '../rules/voucher-validity';
import { TextTranslationDto, UrlLanguageVariantDto } from './reward.dto';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}$/;
export const REWARD_RELATED_TO = ['product', 'product_group', 'product_brand'] as const;
export const REWARD_RELATIONS = ['condition', 'bonus'] as const;
export type RewardRelationName = (typeof REWARD_RELATIONS)[number];

export class RewardStoreInputDto {
  @ApiProperty({ description: 'The store id or its store code', example: 'PRG01' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  store_id!: string;
  @ApiPropertyOptional({ description: '1 when customers see the reward in this store', enum: [0, 1], example: 1 })
  @IsOptional()
  @IsInt()
  @IsIn([0, 1])
  visible_for_customer?: 0 | 1;
}

export class RewardSegmentInputDto {
  @ApiProperty({ example: '5d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a' }) @IsDefined() @IsString() @IsNotEmpty() segment_id!: string;
}

export class RewardCustomerTypeInputDto {
  @ApiProperty({ example: '81a0c3d5e7f9a1b3c5d7e9f1a3b5c7d9' }) @IsDefined() @IsString() @IsNotEmpty() customer_type_id!: string;
}

export class RewardTagInputDto {
  @ApiProperty({ example: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }) @IsDefined() @IsString() @IsNotEmpty() tag_id!: string;
}

export class RelationRuleInputDto {
  @ApiProperty({ enum: REWARD_RELATED_TO, example: 'product' })
  @IsDefined()
  @IsIn(REWARD_RELATED_TO)
  related_to!: (typeof REWARD_RELATED_TO)[number];
  @ApiProperty({ description: 'How many items of this kind', example: 2 }) @IsDefined() @IsInt() @Min(0) count!: number;
  @ApiPropertyOptional({ example: 1.5 }) @IsOptional() @IsNumber() @Min(0) min_price?: number | null;
  @ApiPropertyOptional({ example: 10 }) @IsOptional() @IsNumber() @Min(0) max_price?: number | null;
}

export class RewardProductLinkDto {
  @ApiProperty({ example: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a49' }) @IsDefined() @IsString() @IsNotEmpty() product_id!: string;
  @ApiProperty({ enum: REWARD_RELATIONS, example: 'bonus' }) @IsDefined() @IsIn(REWARD_RELATIONS) relation!: RewardRelationName;
}

export class RewardProductGroupLinkDto {
  @ApiProperty({ example: '2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e' }) @IsDefined() @IsString() @IsNotEmpty() product_group_id!: string;
  @ApiProperty({ enum: REWARD_RELATIONS, example: 'condition' }) @IsDefined() @IsIn(REWARD_RELATIONS) relation!: RewardRelationName;
}

export class RewardProductBrandLinkDto {
  @ApiProperty({ example: '7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b' }) @IsDefined() @IsString() @IsNotEmpty() product_brand_id!: string;
  @ApiProperty({ enum: REWARD_RELATIONS, example: 'condition' }) @IsDefined() @IsIn(REWARD_RELATIONS) relation!: RewardRelationName;
}

/**
 * A reward of any group and kind as the operator writes it (operator API body, `tessera reward define`
 * file): the contract's field names where it has them (Reward, and the create-simple-reward body for
 * what Reward does not show), and the same shapes.
 */
export class RewardDefinitionDto {
  @ApiProperty({ description: 'Unique among rewards; no | or -', example: 'COFFEE10' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  code!: string;

  @ApiProperty({ type: [TextTranslationDto], example: [{ language_code: 'en', text: '10 % off coffee' }] })
  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  names!: TextTranslationDto[];
  @ApiPropertyOptional({ type: [TextTranslationDto], example: [{ language_code: 'en', text: 'Not with other offers' }] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  notes?: TextTranslationDto[];
  @ApiPropertyOptional({ type: [TextTranslationDto], example: [{ language_code: 'en', text: 'Every morning' }] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  subtitles?: TextTranslationDto[];

  @ApiProperty({
    description: '0 automatic discount, 1 catalogue item or coupon, 2 campaign, 4 simple reward',
    enum: [0, 1, 2, 4],
    example: 1,
  })
  @IsDefined()
  @IsIn([0, 1, 2, 4])
  reward_group!: 0 | 1 | 2 | 4;
  @ApiProperty({ description: 'The reward type id or its text id', example: 'percentage_discount' })
  @IsDefined()
  @IsString()
  @IsNotEmpty()
  reward_type_id!: string;
  @ApiPropertyOptional({ description: 'The discount, percentage, final price or gift card balance', example: 10 })
  @IsOptional()
  @IsNumber()
  reward_type_value?: number | null;
  @ApiPropertyOptional({ example: 25 }) @IsOptional() @IsNumber() @Min(0) maximum_discount_value?: number | null;
  @ApiPropertyOptional({ example: 20 }) @IsOptional() @IsNumber() @Min(0) minimum_purchase_value?: number | null;
  @ApiPropertyOptional({ description: 'Points a customer pays for a voucher', example: 100 })
  @IsOptional()
  @IsNumber()
  points_cost?: number;

  @ApiPropertyOptional({ example: '2026-01-01' })
  @IsOptional()
  @Matches(DATE, { message: 'valid_date_from must be a date (YYYY-MM-DD)' })
  valid_date_from?: string | null;
  @ApiPropertyOptional({ example: '2026-12-31' })
  @IsOptional()
  @Matches(DATE, { message: 'valid_date_to must be a date (YYYY-MM-DD)' })
  valid_date_to?: string | null;
  @ApiPropertyOptional({ example: '08:00:00' })
  @IsOptional()
  @Matches(TIME, { message: 'valid_time_from must be a time (HH:MM:SS)' })
  valid_time_from?: string | null;
  @ApiPropertyOptional({ example: '11:30:00' })
  @IsOptional()
  @Matches(TIME, { message: 'valid_time_to must be a time (HH:MM:SS)' })
  valid_time_to?: string | null;
  @ApiPropertyOptional({ description: 'ISO weekdays, 1 Monday .. 7 Sunday; absent means every day', example: [1, 2, 3, 4, 5] })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @IsInt({ each: true })
  @IsIn([1, 2, 3, 4, 5, 6, 7], { each: true })
  valid_weekdays?: number[] | null;

  @ApiPropertyOptional({ enum: [1, 2, 3, 4, 5, 6, 7, 8, 9], example: 2 })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2, 3, 4, 5, 6, 7, 8, 9])
  priority?: number | null;
  @ApiPropertyOptional({ example: false }) @IsOptional() @IsBoolean() is_automated?: boolean;
  @ApiPropertyOptional({ description: 'false: only for partner_id', example: true }) @IsOptional() @IsBoolean() global_reward?: boolean;
  @ApiPropertyOptional({ example: '4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d' }) @IsOptional() @IsString() @IsNotEmpty() partner_id?: string | null;
  @ApiPropertyOptional({ enum: VOUCHER_VALIDITY_MODES, example: 'interval' })
  @IsOptional()
  @IsIn(VOUCHER_VALIDITY_MODES)
  voucher_validity?: VoucherValidityMode;
  @ApiPropertyOptional({ example: '1 year' }) @IsOptional() @IsString() voucher_validity_value?: string | null;
  @ApiPropertyOptional({ description: 'A automatic, M manual import', enum: ['A', 'M'], example: 'A' })
  @IsOptional()
  @IsIn(['A', 'M'])
  voucher_code_generation_preference?: 'A' | 'M';
  @ApiPropertyOptional({ example: false }) @IsOptional() @IsBoolean() is_portable?: boolean;
  @ApiPropertyOptional({ type: [UrlLanguageVariantDto], example: [{ language_code: 'en', url: 'https://example.com/coffee.png' }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => UrlLanguageVariantDto)
  image_urls?: UrlLanguageVariantDto[];
  @ApiPropertyOptional({ type: [UrlLanguageVariantDto], example: [{ language_code: 'en', url: 'https://example.com/coffee' }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => UrlLanguageVariantDto)
  reward_external_urls?: UrlLanguageVariantDto[];
  @ApiPropertyOptional({
    description: '1 active, 2 inactive (shown but not offered); absent on a change keeps the state. Deactivating withdraws it (0).',
    enum: [1, 2],
    example: 1,
  })
  @IsOptional()
  @IsInt()
  @IsIn([1, 2])
  state?: 1 | 2;

  @ApiPropertyOptional({ type: [RewardStoreInputDto], example: [{ store_id: 'PRG01', visible_for_customer: 1 }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardStoreInputDto)
  stores?: RewardStoreInputDto[];
  @ApiPropertyOptional({ type: [RewardSegmentInputDto], example: [{ segment_id: '5d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a' }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardSegmentInputDto)
  segments?: RewardSegmentInputDto[];
  @ApiPropertyOptional({ type: [RewardCustomerTypeInputDto], example: [{ customer_type_id: '81a0c3d5e7f9a1b3c5d7e9f1a3b5c7d9' }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardCustomerTypeInputDto)
  customer_types?: RewardCustomerTypeInputDto[];
  @ApiPropertyOptional({ type: [RewardTagInputDto], example: [{ tag_id: '3f9a1c7e5b2d4e6f8a0b1c2d3e4f5a6b' }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardTagInputDto)
  tags?: RewardTagInputDto[];

  @ApiPropertyOptional({ type: [RelationRuleInputDto], example: [{ related_to: 'product', count: 2 }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RelationRuleInputDto)
  reward_product_relation_conditions?: RelationRuleInputDto[];
  @ApiPropertyOptional({ type: [RelationRuleInputDto], example: [{ related_to: 'product', count: 1 }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RelationRuleInputDto)
  reward_product_relation_bonuses?: RelationRuleInputDto[];
  @ApiPropertyOptional({ type: [RewardProductLinkDto], example: [{ product_id: '9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a49', relation: 'bonus' }] })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardProductLinkDto)
  products?: RewardProductLinkDto[];
  @ApiPropertyOptional({
    type: [RewardProductGroupLinkDto],
    example: [{ product_group_id: '2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e', relation: 'condition' }],
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardProductGroupLinkDto)
  product_groups?: RewardProductGroupLinkDto[];
  @ApiPropertyOptional({
    type: [RewardProductBrandLinkDto],
    example: [{ product_brand_id: '7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b', relation: 'condition' }],
  })
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardProductBrandLinkDto)
  product_brands?: RewardProductBrandLinkDto[];
}

export class RewardDefinitionViewDto extends OmitType(RewardDefinitionDto, ['state']) {
  @ApiProperty({ example: '6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d' }) reward_id!: string;
  @ApiProperty({ description: '1 active, 2 inactive, 0 withdrawn', enum: [0, 1, 2], example: 1 }) state!: number;
  @ApiProperty({ example: '2026-11-27T16:30:00.000Z' }) last_change!: string;
}

class RewardDefinitionListDto {
  @ApiProperty({ type: [RewardDefinitionViewDto] }) rewards!: RewardDefinitionViewDto[];
  @ApiProperty({ example: 1 }) total_items!: number;
}

export class RewardDefinitionListResponseDto {
  @ApiProperty({ type: RewardDefinitionListDto }) data!: RewardDefinitionListDto;
}

export class RewardDefinitionResponseDto {
  @ApiProperty({ type: RewardDefinitionViewDto }) data!: RewardDefinitionViewDto;
}
