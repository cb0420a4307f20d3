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
import { CommonException, InvalidReason, MAX_PAGE_SIZE } from '@tessera/http';
import {
  RewardDefinition,
  RewardRelation,
  RewardService,
  RewardTypeService,
  RewardView,
  RewardSegmentIdDto,
  RewardStoreIdDto,
  TagRefDto,
  textsByLanguage,
  TextTranslationDto,
  UrlLanguageVariantDto,
  VOUCHER_VALIDITY_MODES,
  VoucherValidityMode,
} from '../modules/loyalty';
import { withAdminSession } from './admin-session';
import { cliCommand, DefinitionFile } from './cli-command';
import { defineAction, listAndShow } from './command-actions';

const REWARD_COLUMNS = ['CODE', 'REWARD ID', 'GROUP', 'TYPE', 'AUTOMATED', 'POINTS COST', 'VALID', 'STATE'];

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}:\d{2}$/;
const RELATED_TO = ['product', 'product_group', 'product_brand'] as const;
const RELATIONS = ['condition', 'bonus'] as const;
type RelationName = (typeof RELATIONS)[number];
const RELATION_OF: Record<RelationName, RewardRelation> = { condition: RewardRelation.Condition, bonus: RewardRelation.Bonus };

const STATE_NAMES: Record<number, string> = { 0: 'deleted', 1: 'active', 2: 'inactive' };

/** Errors name fields under this object, as RewardService.define names its own. */
const PREFIX = 'reward';

class RewardStoreInputDto extends RewardStoreIdDto {
  @IsOptional() @IsInt() @IsIn([0, 1]) visible_for_customer?: 0 | 1;
}

class CustomerTypeIdDto {
  @IsDefined() @IsString() @IsNotEmpty() customer_type_id!: string;
}

class RelationRuleInputDto {
  @IsDefined() @IsIn(RELATED_TO) related_to!: (typeof RELATED_TO)[number];
  @IsDefined() @IsInt() @Min(0) count!: number;
  @IsOptional() @IsNumber() @Min(0) min_price?: number;
  @IsOptional() @IsNumber() @Min(0) max_price?: number;
}

class RewardProductLinkDto {
  @IsDefined() @IsString() @IsNotEmpty() product_id!: string;
  @IsDefined() @IsIn(RELATIONS) relation!: RelationName;
}

class RewardProductGroupLinkDto {
  @IsDefined() @IsString() @IsNotEmpty() product_group_id!: string;
  @IsDefined() @IsIn(RELATIONS) relation!: RelationName;
}

class RewardProductBrandLinkDto {
  @IsDefined() @IsString() @IsNotEmpty() product_brand_id!: string;
  @IsDefined() @IsIn(RELATIONS) relation!: RelationName;
}

/**
 * A reward of any group and kind as the operator writes it: the API's field names where it has them
 * (Reward, and the create-simple-reward body for what Reward does not show), and the same shapes.
 */
class RewardDefinitionInputDto {
  @IsDefined() @IsString() @IsNotEmpty() code!: string;

  @IsDefined()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  names!: TextTranslationDto[];
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => TextTranslationDto) notes?: TextTranslationDto[];
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => TextTranslationDto)
  subtitles?: TextTranslationDto[];

  @IsDefined() @IsIn([0, 1, 2, 4]) reward_group!: 0 | 1 | 2 | 4;
  /** The reward type's id or its text id (`fixed_discount`, `catalogue_item`, `gift_card`, ...). */
  @IsDefined() @IsString() @IsNotEmpty() reward_type_id!: string;
  @IsOptional() @IsNumber() reward_type_value?: number;
  @IsOptional() @IsNumber() @Min(0) maximum_discount_value?: number;
  @IsOptional() @IsNumber() @Min(0) minimum_purchase_value?: number;
  @IsOptional() @IsNumber() points_cost?: number;

  @IsOptional() @Matches(DATE, { message: 'valid_date_from must be a date (YYYY-MM-DD)' }) valid_date_from?: string;
  @IsOptional() @Matches(DATE, { message: 'valid_date_to must be a date (YYYY-MM-DD)' }) valid_date_to?: string;
  @IsOptional() @Matches(TIME, { message: 'valid_time_from must be a time (HH:MM:SS)' }) valid_time_from?: string;
  @IsOptional() @Matches(TIME, { message: 'valid_time_to must be a time (HH:MM:SS)' }) valid_time_to?: string;
  /** ISO weekdays, 1 Monday .. 7 Sunday; absent means every day. */
  @IsOptional() @IsArray() @ArrayMinSize(1) @IsInt({ each: true }) @IsIn([1, 2, 3, 4, 5, 6, 7], { each: true }) valid_weekdays?: number[];

  @IsOptional() @IsInt() @IsIn([1, 2, 3, 4, 5, 6, 7, 8, 9]) priority?: number;
  @IsOptional() @IsBoolean() is_automated?: boolean;
  @IsOptional() @IsBoolean() global_reward?: boolean;
  @IsOptional() @IsString() @IsNotEmpty() partner_id?: string;
  @IsOptional() @IsIn(VOUCHER_VALIDITY_MODES) voucher_validity?: VoucherValidityMode;
  @IsOptional() @IsString() voucher_validity_value?: string;
  @IsOptional() @IsIn(['A', 'M']) voucher_code_generation_preference?: 'A' | 'M';
  @IsOptional() @IsBoolean() is_portable?: boolean;
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => UrlLanguageVariantDto) image_urls?: UrlLanguageVariantDto[];
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => UrlLanguageVariantDto)
  reward_external_urls?: UrlLanguageVariantDto[];
  @IsOptional() @IsInt() @IsIn([1, 2]) state?: 1 | 2;

  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => RewardStoreInputDto) stores?: RewardStoreInputDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => RewardSegmentIdDto) segments?: RewardSegmentIdDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => CustomerTypeIdDto) customer_types?: CustomerTypeIdDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => TagRefDto) tags?: TagRefDto[];

  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RelationRuleInputDto)
  reward_product_relation_conditions?: RelationRuleInputDto[];
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RelationRuleInputDto)
  reward_product_relation_bonuses?: RelationRuleInputDto[];
  @IsOptional() @IsArray() @ValidateNested({ each: true }) @Type(() => RewardProductLinkDto) products?: RewardProductLinkDto[];
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardProductGroupLinkDto)
  product_groups?: RewardProductGroupLinkDto[];
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => RewardProductBrandLinkDto)
  product_brands?: RewardProductBrandLinkDto[];
}

const REWARD_FILE: DefinitionFile<RewardDefinitionInputDto> = {
  type: RewardDefinitionInputDto,
  what: 'reward',
  prefix: PREFIX,
  example: {
    code: 'COFFEE10',
    names: [{ language_code: 'en', text: '10 % off coffee' }],
    reward_group: 1,
    reward_type_id: 'percentage_discount',
    reward_type_value: 10,
    points_cost: 100,
    valid_date_from: '2025-01-01',
    valid_date_to: '2025-12-31',
    valid_weekdays: [1, 2, 3, 4, 5],
    stores: [{ store_id: 'STORE_ID', visible_for_customer: 1 }],
    products: [{ product_id: 'PRODUCT_ID', relation: 'bonus' }],
  },
};

/** `tessera reward list|show|define`: rewards of every group and kind, defined by the operator. */
export const rewardCommand = cliCommand(
  {
    ...listAndShow(REWARD_COLUMNS, async (context) => (await allRewards(context.get(RewardService))).map(rewardRow)),
    define: defineAction(REWARD_FILE, async (input, io, options) => {
      const rewardId = await withAdminSession(io, async ({ context }) => {
        const type = await rewardType(context.get(RewardTypeService), input.reward_type_id);
        return context.get(RewardService).define(toDefinition(input, type.id), PREFIX);
      });
      return options.json ? JSON.stringify({ reward_id: rewardId }) : rewardId;
    }),
  },
  REWARD_FILE,
);

/** The reward type named by its id or its text id. */
async function rewardType(types: RewardTypeService, idOrTextId: string): Promise<{ id: string; textId: string }> {
  const all = await types.list({}, { limit: MAX_PAGE_SIZE, offset: 0, sortDirection: 'ASC' });
  const type = all.items.find((candidate) => candidate.id === idOrTextId || candidate.textId === idOrTextId);
  if (!type) {
    const known = all.items.map((candidate) => candidate.textId).join(', ');
    throw CommonException.invalid(
      field('reward_type_id'),
      InvalidReason.NotFound,
      `No reward type has this id or text id (text ids: ${known})`,
      idOrTextId,
    );
  }
  return type;
}

/** The API's field names onto a definition; RewardService.define fills in what is left out. */
function toDefinition(input: RewardDefinitionInputDto, rewardTypeId: string): RewardDefinition {
  return {
    code: input.code,
    names: textsByLanguage(input.names),
    notes: textsByLanguage(input.notes),
    subtitles: textsByLanguage(input.subtitles),
    rewardGroup: input.reward_group,
    rewardTypeId,
    rewardTypeValue: input.reward_type_value,
    maximumDiscountValue: input.maximum_discount_value,
    minimumPurchaseValue: input.minimum_purchase_value,
    pointsCost: input.points_cost,
    validFrom: input.valid_date_from,
    validTo: input.valid_date_to,
    validTimeFrom: input.valid_time_from,
    validTimeTo: input.valid_time_to,
    validWeekdays: input.valid_weekdays ? [...new Set(input.valid_weekdays)].sort((a, b) => a - b) : null,
    priority: input.priority,
    isAutomated: input.is_automated,
    globalReward: input.global_reward,
    partnerId: input.partner_id,
    voucherValidity: input.voucher_validity,
    voucherValidityValue: input.voucher_validity_value,
    voucherCodeGenerationPreference: input.voucher_code_generation_preference,
    isPortable: input.is_portable,
    imageUrls: input.image_urls,
    externalUrls: input.reward_external_urls,
    state: input.state,
    stores: (input.stores ?? []).map((store) => ({ storeId: store.store_id, visibleForCustomer: store.visible_for_customer })),
    segmentIds: (input.segments ?? []).map((segment) => segment.segment_id),
    customerTypeIds: (input.customer_types ?? []).map((type) => type.customer_type_id),
    tagIds: (input.tags ?? []).map((tag) => tag.tag_id),
    conditions: input.reward_product_relation_conditions ?? [],
    bonuses: input.reward_product_relation_bonuses ?? [],
    products: (input.products ?? []).map((link) => ({ productId: link.product_id, relation: RELATION_OF[link.relation] })),
    productGroups: (input.product_groups ?? []).map((link) => ({
      productGroupId: link.product_group_id,
      relation: RELATION_OF[link.relation],
    })),
    productBrands: (input.product_brands ?? []).map((link) => ({
      productBrandId: link.product_brand_id,
      relation: RELATION_OF[link.relation],
    })),
  };
}

function field(name: string): string {
  return `${PREFIX}.${name}`;
}

async function allRewards(rewards: RewardService): Promise<RewardView[]> {
  const views: RewardView[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await rewards.listAll({ limit: MAX_PAGE_SIZE, offset, sortField: 'code', sortDirection: 'ASC' });
    views.push(...page.items);
    if (offset + MAX_PAGE_SIZE >= page.total) return views;
  }
}

function rewardRow({ reward }: RewardView): string[] {
  return [
    reward.code,
    reward.id,
    String(reward.rewardGroup),
    reward.rewardType.textId,
    String(reward.isAutomated),
    reward.pointsCost,
    `${reward.validFrom ?? ''}..${reward.validTo ?? ''}`,
    STATE_NAMES[reward.state] ?? String(reward.state),
  ];
}
