import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { likePattern, queryRowPage } from '@tessera/core';
import { CommonException, InvalidReason, Page, PageRequest } from '@tessera/http';
import { DefinitionFilter, DefinitionState, DefinitionStore } from '../../audit';
import { LanguageUrl } from './entities/reward.entity';
import { RewardDefinition, RewardRelation, RewardService, textsByLanguage } from './reward.service';
import {
  RelationRuleInputDto,
  RewardDefinitionDto,
  RewardDefinitionViewDto,
  RewardRelationName,
  REWARD_RELATED_TO,
} from './dto/reward-definition.dto';

const RELATION_OF: Record<RewardRelationName, RewardRelation> = { condition: RewardRelation.Condition, bonus: RewardRelation.Bonus };

interface RuleRow {
  relation: RewardRelation;
  related_to: (typeof REWARD_RELATED_TO)[number];
  count: number;
  min_price: number | null;
  max_price: number | null;
}

interface RewardDefinitionRow {
  reward_id: string;
  code: string;
  names: Record<string, string>;
  notes: Record<string, string>;
  subtitles: Record<string, string>;
  reward_group: 0 | 1 | 2 | 4;
  reward_type_id: string;
  reward_type_value: number | null;
  maximum_discount_value: number | null;
  minimum_purchase_value: number | null;
  points_cost: number;
  valid_date_from: string | null;
  valid_date_to: string | null;
  valid_time_from: string | null;
  valid_time_to: string | null;
  valid_weekdays: number[] | null;
  priority: number | null;
  is_automated: boolean;
  global_reward: boolean;
  partner_id: string | null;
  voucher_validity: RewardDefinitionDto['voucher_validity'];
  voucher_validity_value: string | null;
  voucher_code_generation_preference: 'A' | 'M';
  is_portable: boolean;
  image_urls: LanguageUrl[];
  external_urls: LanguageUrl[];
  state: number;
  last_change: Date;
  stores: { store_id: string; visible_for_customer: 0 | 1 }[];
  segments: string[];
  customer_types: string[];
  tags: string[];
  rules: RuleRow[];
  products: { product_id: string; relation: RewardRelationName }[];
  product_groups: { product_group_id: string; relation: RewardRelationName }[];
  product_brands: { product_brand_id: string; relation: RewardRelationName }[];
}

const relationName = (column: string) => `CASE ${column} WHEN 0 THEN 'condition' ELSE 'bonus' END`;
const idsOf = (table: string, column: string) =>
  `(SELECT coalesce(json_agg(x.${column} ORDER BY x.${column}), '[]') FROM ${table} x WHERE x.reward_id = r.reward_id)`;
const linksOf = (table: string, column: string) =>
  `(SELECT coalesce(json_agg(json_build_object('${column}', x.${column}, 'relation', ${relationName('x.relation')}) ORDER BY x.${column}, x.relation), '[]')
      FROM ${table} x WHERE x.reward_id = r.reward_id)`;

/** A reward as its definition file has it, its relation rows included, in one statement per page. */
const DEFINITION_COLUMNS = `
  r.reward_id, r.code, r.names, r.notes, r.subtitles, r.reward_group, r.reward_type_id,
  r.reward_type_value::float8 AS reward_type_value, r.maximum_discount_value::float8 AS maximum_discount_value,
  r.minimum_purchase_value::float8 AS minimum_purchase_value, r.points_cost::float8 AS points_cost,
  to_char(r.valid_from, 'YYYY-MM-DD') AS valid_date_from, to_char(r.valid_to, 'YYYY-MM-DD') AS valid_date_to,
  r.valid_time_from::text AS valid_time_from, r.valid_time_to::text AS valid_time_to, r.valid_weekdays::int[] AS valid_weekdays,
  r.priority, r.is_automated, r.global_reward, r.partner_id, r.voucher_validity, r.voucher_validity_value,
  r.voucher_code_generation_preference, r.is_portable, r.image_urls, r.external_urls, r.state, r.last_change,
  (SELECT coalesce(json_agg(json_build_object('store_id', x.store_id, 'visible_for_customer', x.visible_for_customer) ORDER BY x.store_id), '[]')
     FROM reward_stores x WHERE x.reward_id = r.reward_id) AS stores,
  ${idsOf('reward_segments', 'segment_id')} AS segments,
  ${idsOf('reward_customer_types', 'customer_type_id')} AS customer_types,
  ${idsOf('reward_tag_records', 'tag_id')} AS tags,
  (SELECT coalesce(json_agg(json_build_object('relation', x.relation, 'related_to', x.related_to, 'count', x.item_count,
            'min_price', x.min_price::float8, 'max_price', x.max_price::float8) ORDER BY x.relation, x.related_to), '[]')
     FROM reward_relation_rules x WHERE x.reward_id = r.reward_id) AS rules,
  ${linksOf('reward_products', 'product_id')} AS products,
  ${linksOf('reward_product_groups', 'product_group_id')} AS product_groups,
  ${linksOf('reward_product_brands', 'product_brand_id')} AS product_brands`;

const translations = (texts: Record<string, string>) => Object.entries(texts).map(([language_code, text]) => ({ language_code, text }));

const ruleInput = (rule: RuleRow): RelationRuleInputDto => ({
  related_to: rule.related_to,
  count: rule.count,
  ...(rule.min_price === null ? {} : { min_price: rule.min_price }),
  ...(rule.max_price === null ? {} : { max_price: rule.max_price }),
});

const toView = (row: RewardDefinitionRow): RewardDefinitionViewDto => ({
  reward_id: row.reward_id,
  code: row.code,
  names: translations(row.names),
  notes: translations(row.notes),
  subtitles: translations(row.subtitles),
  reward_group: row.reward_group,
  reward_type_id: row.reward_type_id,
  reward_type_value: row.reward_type_value,
  maximum_discount_value: row.maximum_discount_value,
  minimum_purchase_value: row.minimum_purchase_value,
  points_cost: row.points_cost,
  valid_date_from: row.valid_date_from,
  valid_date_to: row.valid_date_to,
  valid_time_from: row.valid_time_from,
  valid_time_to: row.valid_time_to,
  valid_weekdays: row.valid_weekdays,
  priority: row.priority,
  is_automated: row.is_automated,
  global_reward: row.global_reward,
  partner_id: row.partner_id,
  voucher_validity: row.voucher_validity,
  voucher_validity_value: row.voucher_validity_value,
  voucher_code_generation_preference: row.voucher_code_generation_preference,
  is_portable: row.is_portable,
  image_urls: row.image_urls,
  reward_external_urls: row.external_urls,
  stores: row.stores,
  segments: row.segments.map((segment_id) => ({ segment_id })),
  customer_types: row.customer_types.map((customer_type_id) => ({ customer_type_id })),
  tags: row.tags.map((tag_id) => ({ tag_id })),
  reward_product_relation_conditions: row.rules.filter((rule) => rule.relation === RewardRelation.Condition).map(ruleInput),
  reward_product_relation_bonuses: row.rules.filter((rule) => rule.relation === RewardRelation.Bonus).map(ruleInput),
  products: row.products,
  product_groups: row.product_groups,
  product_brands: row.product_brands,
  state: row.state,
  last_change: new Date(row.last_change).toISOString(),
});

/**
 * Rewards as the operator defines them, found by id or code. The checks and writes are
 * RewardService's, so a reward defined here is the same as one the contract's create-simple-reward
 * made; this adds the human keys an operator types (reward type text id, store code).
 */
@Injectable()
export class RewardDefinitionRepository implements DefinitionStore<RewardDefinitionDto, RewardDefinitionViewDto> {
  readonly kind = 'reward';
  readonly resource = 'rewards';

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rewards: RewardService,
  ) {}

  async list(filter: DefinitionFilter, page: PageRequest): Promise<Page<RewardDefinitionViewDto>> {
    const found = await queryRowPage<RewardDefinitionRow>(
      this.dataSource,
      {
        columns: DEFINITION_COLUMNS,
        from: 'rewards r',
        conditions: [
          '($1::text IS NULL OR r.code ILIKE $1 OR EXISTS (SELECT 1 FROM jsonb_each_text(r.names) n WHERE n.value ILIKE $1))',
          '($2::smallint IS NULL OR r.state = $2)',
        ],
        params: [filter.q ? likePattern(filter.q) : null, filter.state ?? null],
        orderBy: ['code'],
        id: 'reward_id',
      },
      page,
    );
    return { items: found.items.map(toView), total: found.total };
  }

  async find(key: string, manager: EntityManager): Promise<RewardDefinitionViewDto | null> {
    const [row] = await manager.query<RewardDefinitionRow[]>(
      `SELECT ${DEFINITION_COLUMNS} FROM rewards r WHERE r.reward_id = $1 OR r.code = $1 ORDER BY r.reward_id = $1 DESC LIMIT 1`,
      [key],
    );
    return row ? toView(row) : null;
  }

  idOf(view: RewardDefinitionViewDto): string {
    return view.reward_id;
  }

  async insert(input: RewardDefinitionDto, manager: EntityManager): Promise<string> {
    return this.rewards.define(await this.definitionOf(input, manager), '', manager);
  }

  async update(id: string, input: RewardDefinitionDto, manager: EntityManager): Promise<void> {
    await this.rewards.change(id, await this.definitionOf(input, manager), '', manager);
  }

  async setState(id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    await this.rewards.setState(id, state, manager);
  }

  /** The file's field names onto a definition, its human keys resolved to ids. */
  private async definitionOf(input: RewardDefinitionDto, manager: EntityManager): Promise<RewardDefinition> {
    const storeIds = await this.storeIdsOf(
      (input.stores ?? []).map((store) => store.store_id),
      manager,
    );
    return {
      code: input.code,
      names: textsByLanguage(input.names),
      notes: textsByLanguage(input.notes),
      subtitles: textsByLanguage(input.subtitles),
      rewardGroup: input.reward_group,
      rewardTypeId: await this.rewardTypeId(input.reward_type_id, manager),
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
      stores: (input.stores ?? []).map((store, index) => ({ storeId: storeIds[index], visibleForCustomer: store.visible_for_customer })),
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

  /** The reward type named by its id or its text id. */
  private async rewardTypeId(key: string, manager: EntityManager): Promise<string> {
    const types = await manager.query<{ reward_type_id: string; text_id: string }[]>(
      `SELECT reward_type_id, text_id FROM reward_types ORDER BY text_id`,
    );
    const type = types.find((candidate) => candidate.reward_type_id === key || candidate.text_id === key);
    if (type) return type.reward_type_id;
    const known = types.map((candidate) => candidate.text_id).join(', ');
    throw CommonException.invalid(
      'reward_type_id',
      InvalidReason.NotFound,
      `No reward type has this id or text id (text ids: ${known})`,
      key,
    );
  }

  /** Each store key as a store id: an id stays, a store code becomes its store's id; unknown keys stay for the service to refuse. */
  private async storeIdsOf(keys: string[], manager: EntityManager): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await manager.query<{ store_id: string; store_code: string }[]>(
      `SELECT store_id, store_code FROM stores WHERE store_id = ANY($1) OR store_code = ANY($1)`,
      [keys],
    );
    return keys.map(
      (key) => rows.find((row) => row.store_id === key)?.store_id ?? rows.find((row) => row.store_code === key)?.store_id ?? key,
    );
  }
}
