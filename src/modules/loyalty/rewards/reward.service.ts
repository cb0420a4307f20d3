import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { fetchPage, inTransaction, likePattern, newId, within } from '@tessera/core';
import { Actor, CommonException, InvalidReason, Page, PageRequest, customerInScope, ResponseOutput } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { ChangeFeed, MemorySnapshot } from '../../../platform/change-feed';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  ProductBrandDto,
  ProductBrandService,
  ProductDto,
  ProductGroupDto,
  ProductGroupService,
  ProductService,
  TagDto,
  TagService,
  TagSummary,
} from '../../catalogue';
import { CustomerAccountService, CustomerDefinitionService } from '../../customers';
import { PartnerService, StoreDto, StoreService } from '../../reference-data';
import { SegmentService, customerSegmentIdsSql } from '../../segments';
import { POINT_SCALE } from '../point-ledger.service';
import { decimalText, nonNegativeAmountUnits } from '../rules/decimal-amount';
import { CustomerRewardListQueryDto, RewardListQueryDto, SetRewardProductsBodyDto, SimpleRewardInputDto } from './dto/reward.dto';
import { LanguageUrl, RewardEntity } from './entities/reward.entity';
import { PropertyRecordRow } from './reward-property.service';
import { RewardDetailRow, rewardDetailColumns, toRewardDetails } from './reward-details.sql';
import { RewardTypeService, SIMPLE_REWARD_KINDS } from './reward-type.service';
import { RelatedTo } from './rules/voucher-usability';
import { rewardDefinitionProblem } from './rules/reward-definition-rules';
import { VoucherValidityMode } from './rules/voucher-validity';
import { wallClock } from './rules/wall-clock';

export const REWARD_SORT_FIELDS = [
  'reward_id',
  'code',
  'name',
  'points_cost',
  'reward_group',
  'reward_type_id',
  'priority',
  'is_automated',
  'last_change',
  'state',
] as const;
export type RewardSortField = (typeof REWARD_SORT_FIELDS)[number];

export const REWARD_PRODUCT_SORT_FIELDS = ['product_id', 'name', 'code', 'last_change'] as const;
export const REWARD_GROUP_SORT_FIELDS = ['product_group_id', 'name', 'code', 'last_change'] as const;
export const REWARD_BRAND_SORT_FIELDS = ['product_brand_id', 'name', 'external_id'] as const;
export const REWARD_STORE_SORT_FIELDS = ['store_id', 'store_code', 'name', 'last_change'] as const;
export const REWARD_TAG_SORT_FIELDS = ['tag_id', 'text_id', 'state', 'last_change'] as const;

/** 0 = condition (in the cart), 1 = bonus (given). */
export enum RewardRelation {
  Condition = 0,
  Bonus = 1,
}

export interface RelationRuleInput {
  related_to: RelatedTo;
  count: number;
  min_price?: number | null;
  max_price?: number | null;
}

/**
 * Everything a reward is defined by. Simple rewards come through the API; other kinds (catalogue
 * items, campaigns, gift cards) are defined by the operator through this same entry point.
 */
export interface RewardDefinition {
  code: string;
  names: Record<string, string>;
  notes?: Record<string, string>;
  subtitles?: Record<string, string>;
  rewardGroup: 0 | 1 | 2 | 4;
  rewardTypeId: string;
  rewardTypeValue?: number | null;
  maximumDiscountValue?: number | null;
  minimumPurchaseValue?: number | null;
  pointsCost?: number;
  validFrom?: string | null;
  validTo?: string | null;
  validTimeFrom?: string | null;
  validTimeTo?: string | null;
  validWeekdays?: number[] | null;
  priority?: number | null;
  isAutomated?: boolean;
  globalReward?: boolean;
  partnerId?: string | null;
  voucherValidity?: VoucherValidityMode;
  voucherValidityValue?: string | null;
  voucherCodeGenerationPreference?: string;
  isPortable?: boolean;
  imageUrls?: LanguageUrl[];
  externalUrls?: LanguageUrl[];
  state?: number;
  stores?: { storeId: string; visibleForCustomer?: 0 | 1 }[];
  segmentIds?: string[];
  customerTypeIds?: string[];
  tagIds?: string[];
  conditions?: RelationRuleInput[];
  bonuses?: RelationRuleInput[];
  products?: { productId: string; relation: RewardRelation }[];
  productGroups?: { productGroupId: string; relation: RewardRelation }[];
  productBrands?: { productBrandId: string; relation: RewardRelation }[];
}

/** The translations a request lists, as the language-keyed texts a definition keeps. */
export function textsByLanguage(list: { language_code: string; text: string }[] | undefined): Record<string, string> {
  return Object.fromEntries((list ?? []).map((item) => [item.language_code.toLowerCase(), item.text]));
}

/** A store of a reward: the store as reference data answers it, and its visibility for this reward. */
export interface RewardStore {
  store: StoreDto;
  visibleForCustomer: number;
}

export interface RewardRuleRow {
  relation: RewardRelation;
  related_to: RelatedTo;
  item_count: number;
  min_price: string | null;
  max_price: string | null;
}

/** The reward's own columns that its answer shows. */
export type RewardProfile = Pick<
  RewardEntity,
  | 'id'
  | 'code'
  | 'names'
  | 'notes'
  | 'subtitles'
  | 'pointsCost'
  | 'validTimeFrom'
  | 'validTimeTo'
  | 'rewardGroup'
  | 'rewardTypeId'
  | 'priority'
  | 'imageUrls'
  | 'externalUrls'
  | 'isAutomated'
  | 'lastChange'
  | 'state'
>;

/** A reward with what its response shows besides its own columns. */
export interface RewardView<TReward extends RewardProfile = RewardEntity> {
  reward: TReward;
  /** Null when the caller asked for no stores. */
  stores: RewardStore[] | null;
  tags: TagSummary[];
  rules: RewardRuleRow[];
  /** Which relation tables hold rows, keyed `product:0`, `product_group:1`, ... */
  relations: Set<string>;
  properties: PropertyRecordRow[];
}

/** A product of a reward with the relations (condition, bonus) it has in it. */
export interface RewardProduct {
  product: ProductDto;
  relations: RewardRelation[];
}

const RELATION_OF = { condition: RewardRelation.Condition, bonus: RewardRelation.Bonus } as const;

/** The tables holding a reward's relation rows, which a change replaces. */
const REWARD_RELATION_TABLES = [
  'reward_stores',
  'reward_segments',
  'reward_customer_types',
  'reward_tag_records',
  'reward_products',
  'reward_product_groups',
  'reward_product_brands',
  'reward_relation_rules',
];

/** Field names under the request object `prefix`, or bare with no prefix. */
const prefixedField = (prefix: string) => (name: string) => (prefix ? `${prefix}.${name}` : name);

/** The tables a reward's answer is read from; a change to any reloads the answers held in memory. */
const REWARD_ANSWER_TABLES = [
  'rewards',
  'reward_types',
  'reward_stores',
  'stores',
  'reward_tag_records',
  'tags',
  'reward_relation_rules',
  'reward_products',
  'reward_product_groups',
  'reward_product_brands',
  'reward_property_records',
  'reward_properties',
];

@Injectable()
export class RewardService {
  /** Every reward's answer (stores included) by id, for the reads that name rewards by id (reward recommendations). */
  private readonly answers: MemorySnapshot<Map<string, RewardView>>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(RewardEntity) private readonly rewards: Repository<RewardEntity>,
    private readonly types: RewardTypeService,
    private readonly products: ProductService,
    private readonly productGroups: ProductGroupService,
    private readonly productBrands: ProductBrandService,
    private readonly tags: TagService,
    private readonly segments: SegmentService,
    private readonly stores: StoreService,
    private readonly partners: PartnerService,
    private readonly customers: CustomerAccountService,
    private readonly customerDefinitions: CustomerDefinitionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    changes: ChangeFeed,
  ) {
    this.answers = new MemorySnapshot(changes, REWARD_ANSWER_TABLES, (manager) => this.loadAnswers(manager));
  }

  // ---- reads ----

  /** On the Customer interface only active rewards are listed. */
  async list(actor: Actor, filter: RewardListQueryDto, page: PageRequest<RewardSortField>): Promise<Page<RewardView>> {
    const query = this.filtered(filter);
    if (actor.kind === 'device') query.andWhere('r.state = 1');
    return this.viewPage(query, page, !filter.without_stores);
  }

  /** Every reward whatever its state, without stores: the operator's overview (admin CLI), outside any API interface. */
  async listAll(page: PageRequest<RewardSortField>): Promise<Page<RewardView>> {
    return this.viewPage(this.filtered({}), page, false);
  }

  /** Active rewards the customer may get: those without segments, or in a segment the customer is in. */
  async listForCustomer(
    actor: Actor,
    requestedCustomerId: string,
    filter: CustomerRewardListQueryDto,
    page: PageRequest<RewardSortField>,
  ): Promise<Page<RewardView>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    await this.customers.requireCustomer(customerId, { inPath: true });
    return this.viewPage(this.openTo(customerId, filter), page, !filter.without_stores);
  }

  /**
   * The statement of the active rewards open to a customer that pass the filter (`reward_id`,
   * `reward_type_id`, in the lists' default order), for a caller that reads more in the same statement.
   */
  openRewardsQuery(customerId: string, filter: RewardListQueryDto): { sql: string; parameters: unknown[] } {
    const [sql, parameters] = this.openTo(customerId, filter)
      .select('r.id', 'reward_id')
      .addSelect('r.rewardTypeId', 'reward_type_id')
      .orderBy('r.id')
      .getQueryAndParameters();
    return { sql, parameters };
  }

  /** The answers of rewards by id, in the order given, from the rewards held in memory. */
  async viewsOf(rewardIds: string[], withStores: boolean): Promise<RewardView[]> {
    const all = await this.answers.get();
    return rewardIds.flatMap((id) => {
      const view = all.get(id);
      if (!view) return [];
      return withStores ? [view] : [{ ...view, stores: null }];
    });
  }

  /** Active rewards with no segment or one of the customer's. */
  private openTo(customerId: string, filter: CustomerRewardListQueryDto & { partner_id?: string; reward_type_id?: string }) {
    return this.filtered(filter)
      .andWhere('r.state = 1')
      .andWhere(
        `(NOT EXISTS (SELECT 1 FROM reward_segments x WHERE x.reward_id = r.reward_id)
          OR EXISTS (SELECT 1 FROM reward_segments x WHERE x.reward_id = r.reward_id AND x.segment_id IN (${customerSegmentIdsSql(':segmentCustomerId')})))`,
        { segmentCustomerId: customerId },
      );
  }

  async get(rewardId: string, manager?: EntityManager): Promise<RewardEntity> {
    const reward = await within(this.rewards, manager).findOne({ where: { id: rewardId }, relations: { rewardType: true } });
    if (!reward) throw CommonException.recordNotFound('rewards', rewardId);
    return reward;
  }

  async getView(rewardId: string): Promise<RewardView> {
    const [view] = await this.views([await this.get(rewardId)], true);
    return view;
  }

  /** Every reward's answer, read on the snapshot's own connection. */
  private async loadAnswers(manager: EntityManager): Promise<Map<string, RewardView>> {
    const rewards = await manager.find(RewardEntity, { relations: { rewardType: true } });
    const rows = await manager.query<(RewardDetailRow & { reward_id: string })[]>(
      `SELECT r.reward_id, ${rewardDetailColumns('r.reward_id', true)} FROM rewards r`,
    );
    const detailsOf = new Map(rows.map((row) => [row.reward_id, toRewardDetails(row, row.reward_id, this.config.timeZone)]));
    return new Map(rewards.map((reward) => [reward.id, { reward, ...(detailsOf.get(reward.id) as Omit<RewardView, 'reward'>) }]));
  }

  /** The response details of several rewards, a fixed number of queries whatever their count. */
  async views(rewards: RewardEntity[], withStores: boolean): Promise<RewardView[]> {
    if (rewards.length === 0) return [];
    const rows = await this.dataSource.query<(RewardDetailRow & { reward_id: string })[]>(
      `SELECT r.reward_id, ${rewardDetailColumns('r.reward_id', withStores)} FROM rewards r WHERE r.reward_id = ANY($1)`,
      [[...new Set(rewards.map((reward) => reward.id))]],
    );
    const detailsOf = new Map(rows.map((row) => [row.reward_id, toRewardDetails(row, row.reward_id, this.config.timeZone)]));
    return rewards.map((reward) => ({ reward, ...(detailsOf.get(reward.id) as Omit<RewardView, 'reward'>) }));
  }

  async listProducts(
    rewardId: string,
    relation: 'condition' | 'bonus' | undefined,
    page: PageRequest<(typeof REWARD_PRODUCT_SORT_FIELDS)[number]>,
    output: ResponseOutput,
  ): Promise<Page<RewardProduct>> {
    const links: { id: string; relations: RewardRelation[] }[] = await this.linked(rewardId, 'reward_products', 'product_id', relation);
    const found = await this.products.describePage(
      links.map((link) => link.id),
      page,
      output,
    );
    return {
      items: found.items.map((product) => ({ product, relations: links.find((link) => link.id === product.product_id)?.relations ?? [] })),
      total: found.total,
    };
  }

  async listProductGroups(
    rewardId: string,
    relation: 'condition' | 'bonus' | undefined,
    page: PageRequest<(typeof REWARD_GROUP_SORT_FIELDS)[number]>,
  ): Promise<Page<ProductGroupDto>> {
    const links = await this.linked(rewardId, 'reward_product_groups', 'product_group_id', relation);
    return this.productGroups.describePage(
      links.map((link) => link.id),
      page,
      this.config.timeZone,
    );
  }

  async listProductBrands(
    rewardId: string,
    relation: 'condition' | 'bonus' | undefined,
    page: PageRequest<(typeof REWARD_BRAND_SORT_FIELDS)[number]>,
  ): Promise<Page<ProductBrandDto>> {
    const links = await this.linked(rewardId, 'reward_product_brands', 'product_brand_id', relation);
    return this.productBrands.describePage(
      links.map((link) => link.id),
      page,
    );
  }

  async listStores(
    rewardId: string,
    visibleForCustomer: number | undefined,
    page: PageRequest<(typeof REWARD_STORE_SORT_FIELDS)[number]>,
  ): Promise<Page<RewardStore>> {
    await this.get(rewardId);
    const links: { store_id: string; visible_for_customer: number }[] = await this.dataSource.query(
      `SELECT store_id, visible_for_customer FROM reward_stores WHERE reward_id = $1 AND ($2::int IS NULL OR visible_for_customer = $2)`,
      [rewardId, visibleForCustomer ?? null],
    );
    const found = await this.stores.describePage(
      links.map((link) => link.store_id),
      page,
      this.config.timeZone,
    );
    return {
      items: found.items.map((store) => ({
        store,
        visibleForCustomer: links.find((link) => link.store_id === store.store_id)?.visible_for_customer ?? store.visibility_for_customer,
      })),
      total: found.total,
    };
  }

  /** Tags at least one reward carries. */
  async listTags(
    filter: { name?: string; text_id?: string },
    page: PageRequest<(typeof REWARD_TAG_SORT_FIELDS)[number]>,
    output: ResponseOutput,
  ): Promise<Page<TagDto>> {
    const carried: { tag_id: string }[] = await this.dataSource.query(`SELECT DISTINCT tag_id FROM reward_tag_records`);
    return this.tags.describePage(
      carried.map((row) => row.tag_id),
      filter,
      page,
      output,
    );
  }

  // ---- writes ----

  /** POST /rewards/actions/create-simple-reward. */
  async createSimple(input: SimpleRewardInputDto): Promise<string> {
    const field = (name: string) => `simple_reward.${name}`;
    if (input.names.length === 0) throw CommonException.invalid(field('names'), InvalidReason.Empty, 'At least one name is required');
    const type = await this.types.require(input.reward_type_id, field('reward_type_id'));
    if (!SIMPLE_REWARD_KINDS.includes(type.kind)) {
      throw CommonException.invalid(
        field('reward_type_id'),
        InvalidReason.NotAllowedValue,
        'A simple reward must give a fixed, percentage or final-price discount',
        input.reward_type_id,
      );
    }
    if (!['A', 'M'].includes(input.voucher_code_generation_preference)) {
      throw CommonException.invalid(
        field('voucher_code_generation_preference'),
        InvalidReason.NotAllowedValue,
        'Use A (automatic) or M (manual import)',
        input.voucher_code_generation_preference,
      );
    }
    return this.define(
      {
        code: input.code,
        names: textsByLanguage(input.names),
        notes: textsByLanguage(input.notes),
        subtitles: textsByLanguage(input.subtitles),
        rewardGroup: 4,
        rewardTypeId: type.id,
        rewardTypeValue: input.reward_type_value,
        maximumDiscountValue: input.maximum_discount_value,
        minimumPurchaseValue: input.minimum_purchase_value,
        pointsCost: input.points_cost,
        validFrom: input.valid_date_from,
        validTo: input.valid_date_to,
        priority: input.priority,
        globalReward: input.global_reward,
        partnerId: input.partner_id,
        voucherValidity: input.voucher_validity,
        voucherValidityValue: input.voucher_validity_value,
        voucherCodeGenerationPreference: input.voucher_code_generation_preference,
        isPortable: input.is_portable,
        imageUrls: input.image_urls,
        externalUrls: input.reward_external_urls,
        state: input.state,
        stores: (input.stores ?? []).map((store) => ({ storeId: store.store_id })),
        segmentIds: (input.segments ?? []).map((segment) => segment.segment_id),
        tagIds: (input.tags ?? []).map((tag) => tag.tag_id),
      },
      'simple_reward',
    );
  }

  /** Creates a reward with all its relations in one transaction; `prefix` names the request object for errors ('' for none). */
  async define(definition: RewardDefinition, prefix = 'reward', manager?: EntityManager): Promise<string> {
    const row = await this.checkedRow(definition, prefix, manager);
    return inTransaction(this.dataSource, manager, async (m) => {
      await this.checkReferences(definition, null, prefix, m);
      const id = newId();
      await m.insert(RewardEntity, { id, ...row, state: definition.state ?? 1 });
      await this.insertRelations(m, id, definition);
      return id;
    });
  }

  /**
   * Replaces a reward as `define` would have created it, checked the same way (its own code excepted):
   * the row is updated and every relation row replaced in one transaction. An absent state keeps the
   * reward's; vouchers already issued keep pointing at it.
   */
  async change(rewardId: string, definition: RewardDefinition, prefix = 'reward', manager?: EntityManager): Promise<void> {
    const row = await this.checkedRow(definition, prefix, manager);
    await inTransaction(this.dataSource, manager, async (m) => {
      await this.checkReferences(definition, rewardId, prefix, m);
      const state = definition.state === undefined ? {} : { state: definition.state };
      await m.update(RewardEntity, { id: rewardId }, { ...row, ...state, lastChange: () => 'now()' });
      for (const table of REWARD_RELATION_TABLES) await m.query(`DELETE FROM ${table} WHERE reward_id = $1`, [rewardId]);
      await this.insertRelations(m, rewardId, definition);
    });
  }

  /**
   * Withdraws (0) or reactivates (1) a reward. Only active rewards are listed to customers, sold as
   * vouchers or offered at checkout; vouchers already issued stay the customers'.
   */
  async setState(rewardId: string, state: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE rewards SET state = $2, last_change = now() WHERE reward_id = $1`, [rewardId, state]);
  }

  /** The reward's own columns from a definition, after the checks that read nothing but its type. */
  private async checkedRow(definition: RewardDefinition, prefix: string, manager?: EntityManager) {
    const field = prefixedField(prefix);
    const type = await this.types.require(definition.rewardTypeId, field('reward_type_id'), manager);
    const problem = rewardDefinitionProblem(definition, type.kind);
    if (problem) throw CommonException.invalid(field(problem.field), problem.reason, problem.message, problem.value);
    const pointsCost = nonNegativeAmountUnits(definition.pointsCost ?? 0, POINT_SCALE);
    if (pointsCost === null) {
      throw CommonException.invalid(
        field('points_cost'),
        InvalidReason.InvalidValueFormat,
        'points_cost is zero or more with at most two decimals',
        definition.pointsCost,
      );
    }
    if (definition.validFrom && definition.validTo && definition.validFrom > definition.validTo) {
      throw CommonException.invalid(
        field('valid_date_to'),
        InvalidReason.NotAllowedValue,
        'The validity ends before it starts',
        definition.validTo,
      );
    }
    const voucherValidity = definition.voucherValidity ?? 'reward_validity';
    return {
      code: definition.code,
      names: definition.names,
      notes: definition.notes ?? {},
      subtitles: definition.subtitles ?? {},
      rewardGroup: definition.rewardGroup,
      rewardTypeId: definition.rewardTypeId,
      rewardTypeValue: definition.rewardTypeValue?.toString() ?? null,
      maximumDiscountValue: definition.maximumDiscountValue?.toString() ?? null,
      minimumPurchaseValue: definition.minimumPurchaseValue?.toString() ?? null,
      pointsCost: decimalText(pointsCost, POINT_SCALE),
      validFrom: definition.validFrom ?? null,
      validTo: definition.validTo ?? null,
      validTimeFrom: definition.validTimeFrom ?? null,
      validTimeTo: definition.validTimeTo ?? null,
      validWeekdays: definition.validWeekdays ?? null,
      priority: definition.priority ?? null,
      isAutomated: definition.isAutomated ?? false,
      globalReward: definition.globalReward ?? true,
      partnerId: definition.partnerId ?? null,
      voucherValidity,
      // Only the other modes read a value.
      voucherValidityValue: voucherValidity === 'reward_validity' ? null : (definition.voucherValidityValue ?? null),
      voucherCodeGenerationPreference: definition.voucherCodeGenerationPreference ?? 'A',
      isPortable: definition.isPortable ?? false,
      imageUrls: definition.imageUrls ?? [],
      externalUrls: definition.externalUrls ?? [],
    };
  }

  /** The code is no other reward's (`ownId` may keep its own) and every record the definition names exists. */
  private async checkReferences(definition: RewardDefinition, ownId: string | null, prefix: string, m: EntityManager): Promise<void> {
    const field = prefixedField(prefix);
    const [clash] = await m.query<{ reward_id: string }[]>(
      `SELECT reward_id FROM rewards WHERE code = $1 AND reward_id IS DISTINCT FROM $2`,
      [definition.code, ownId],
    );
    if (clash) throw CommonException.invalid(field('code'), InvalidReason.AlreadyExists, 'Another reward has this code', definition.code);
    if (definition.partnerId) await this.partners.requirePartner(definition.partnerId, field('partner_id'), m);
    const storeIds = (definition.stores ?? []).map((store) => store.storeId);
    const missingStore = (await this.stores.missing(storeIds))[0];
    if (missingStore !== undefined)
      throw CommonException.invalid(field('stores'), InvalidReason.NotFound, 'No store has this id', missingStore);
    await this.segments.requireExisting(definition.segmentIds ?? [], field('segments'), m);
    await this.customerDefinitions.requireCustomerTypes(definition.customerTypeIds ?? [], field('customer_types'), m);
    const missingTag = (await this.tags.missing(definition.tagIds ?? [], m))[0];
    if (missingTag !== undefined) throw CommonException.invalid(field('tags'), InvalidReason.NotFound, 'No tag has this id', missingTag);
    await this.products.requireExisting(
      (definition.products ?? []).map((p) => p.productId),
      field('products'),
      m,
    );
    await this.productGroups.requireExisting(
      (definition.productGroups ?? []).map((g) => g.productGroupId),
      field('product_groups'),
      m,
    );
    await this.productBrands.requireExisting(
      (definition.productBrands ?? []).map((b) => b.productBrandId),
      field('product_brands'),
      m,
    );
  }

  private async insertRelations(m: EntityManager, id: string, definition: RewardDefinition): Promise<void> {
    await this.insertRows(
      m,
      'reward_stores',
      ['store_id', 'visible_for_customer'],
      id,
      (definition.stores ?? []).map((s) => [s.storeId, s.visibleForCustomer ?? 1]),
      1,
    );
    await this.insertRows(
      m,
      'reward_segments',
      ['segment_id'],
      id,
      (definition.segmentIds ?? []).map((s) => [s]),
    );
    await this.insertRows(
      m,
      'reward_customer_types',
      ['customer_type_id'],
      id,
      (definition.customerTypeIds ?? []).map((s) => [s]),
    );
    await this.insertRows(
      m,
      'reward_tag_records',
      ['tag_id'],
      id,
      (definition.tagIds ?? []).map((s) => [s]),
    );
    await this.insertRows(
      m,
      'reward_products',
      ['product_id', 'relation'],
      id,
      (definition.products ?? []).map((p) => [p.productId, p.relation]),
    );
    await this.insertRows(
      m,
      'reward_product_groups',
      ['product_group_id', 'relation'],
      id,
      (definition.productGroups ?? []).map((g) => [g.productGroupId, g.relation]),
    );
    await this.insertRows(
      m,
      'reward_product_brands',
      ['product_brand_id', 'relation'],
      id,
      (definition.productBrands ?? []).map((b) => [b.productBrandId, b.relation]),
    );
    const rules = [
      ...(definition.conditions ?? []).map((rule) => [RewardRelation.Condition, rule] as const),
      ...(definition.bonuses ?? []).map((rule) => [RewardRelation.Bonus, rule] as const),
    ];
    await this.insertRows(
      m,
      'reward_relation_rules',
      ['relation', 'related_to', 'item_count', 'min_price', 'max_price'],
      id,
      rules.map(([relation, rule]) => [relation, rule.related_to, rule.count, rule.min_price ?? null, rule.max_price ?? null]),
      2,
    );
  }

  /** POST /rewards/{id}/actions/set-products: the products sent replace every product the reward had. */
  async setProducts(rewardId: string, input: SetRewardProductsBodyDto): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await m.query(`SELECT 1 FROM rewards WHERE reward_id = $1 FOR UPDATE`, [rewardId]).then((rows: unknown[]) => {
        if (rows.length === 0) throw CommonException.recordNotFound('rewards', rewardId);
      });
      const pluIds = input.products.flatMap((item) => (item.product_id === undefined && item.plu_id ? [item.plu_id] : []));
      const owners = await this.products.findByPluIds(pluIds, m);
      const resolved: [string, number][] = [];
      for (const [index, item] of input.products.entries()) {
        const field = `products[${index}]`;
        let productId = item.product_id;
        if (productId === undefined) {
          if (!item.plu_id)
            throw CommonException.invalid(`${field}.product_id`, InvalidReason.Required, 'product_id or plu_id is required');
          const plu = item.plu_id;
          const owner = owners.find((row) => row.list_code === plu.list_code && row.code === plu.code);
          if (!owner) throw CommonException.invalid(`${field}.plu_id`, InvalidReason.NotFound, 'No product has this PLU id', item.plu_id);
          productId = owner.product_id;
        } else {
          await this.products.requireExisting([productId], `${field}.product_id`, m);
        }
        resolved.push([productId, item.reward_product_relation_type]);
      }
      await m.query(`DELETE FROM reward_products WHERE reward_id = $1`, [rewardId]);
      const unique = [...new Map(resolved.map((row) => [`${row[0]}:${row[1]}`, row])).values()];
      await this.insertRows(m, 'reward_products', ['product_id', 'relation'], rewardId, unique);
      await m.query(`UPDATE rewards SET last_change = now() WHERE reward_id = $1`, [rewardId]);
    });
  }

  // ---- internals ----

  private filtered(
    filter: CustomerRewardListQueryDto & { partner_id?: string; reward_type_id?: string },
  ): SelectQueryBuilder<RewardEntity> {
    const query = this.rewards.createQueryBuilder('r').leftJoinAndSelect('r.rewardType', 'rt');
    if (filter.name) query.andWhere('r.names::text ILIKE :name', { name: likePattern(filter.name) });
    if (filter.code) query.andWhere('r.code = :code', { code: filter.code });
    if (filter.store_id) {
      query.andWhere(
        `(EXISTS (SELECT 1 FROM reward_stores x WHERE x.reward_id = r.reward_id AND x.store_id = :storeId)
          OR NOT EXISTS (SELECT 1 FROM reward_stores x WHERE x.reward_id = r.reward_id))`,
        { storeId: filter.store_id },
      );
    }
    const today = wallClock(new Date(), this.config.timeZone).date;
    if (filter.is_valid === true)
      query.andWhere('(r.valid_from IS NULL OR r.valid_from <= :today) AND (r.valid_to IS NULL OR r.valid_to >= :today)', { today });
    if (filter.is_valid === false) query.andWhere('(r.valid_from > :today OR r.valid_to < :today)', { today });
    // valid_from/valid_to select rewards whose validity overlaps the range they give.
    if (filter.valid_from) query.andWhere('(r.valid_to IS NULL OR r.valid_to >= :validFrom)', { validFrom: filter.valid_from });
    if (filter.valid_to) query.andWhere('(r.valid_from IS NULL OR r.valid_from <= :validTo)', { validTo: filter.valid_to });
    if (filter.is_automated !== undefined) query.andWhere('r.is_automated = :automated', { automated: filter.is_automated });
    if (filter.reward_group !== undefined) query.andWhere('r.reward_group = :group', { group: filter.reward_group });
    if (filter.customer_type_id?.length) {
      query.andWhere(
        'EXISTS (SELECT 1 FROM reward_customer_types x WHERE x.reward_id = r.reward_id AND x.customer_type_id = ANY(:customerTypes))',
        {
          customerTypes: filter.customer_type_id,
        },
      );
    }
    if (filter.tag_ids?.length) {
      query.andWhere('EXISTS (SELECT 1 FROM reward_tag_records x WHERE x.reward_id = r.reward_id AND x.tag_id = ANY(:tagIds))', {
        tagIds: filter.tag_ids,
      });
    }
    if (filter.partner_id) query.andWhere('r.partner_id = :partnerId', { partnerId: filter.partner_id });
    if (filter.reward_type_id) query.andWhere('r.reward_type_id = :typeId', { typeId: filter.reward_type_id });
    return query;
  }

  private async viewPage(
    query: SelectQueryBuilder<RewardEntity>,
    page: PageRequest<RewardSortField>,
    withStores: boolean,
  ): Promise<Page<RewardView>> {
    const rows = await fetchPage(
      query,
      page,
      {
        reward_id: 'r.id',
        code: 'r.code',
        // Names sort in the project's default language (a validated language code, safe to inline).
        name: `r.names->>'${this.config.defaultLanguage}'`,
        points_cost: 'r.pointsCost',
        reward_group: 'r.rewardGroup',
        reward_type_id: 'r.rewardTypeId',
        priority: 'r.priority',
        is_automated: 'r.isAutomated',
        last_change: 'r.lastChange',
        state: 'r.state',
      },
      'r.id',
      { oneRowPerRecord: true },
    );
    return { items: await this.views(rows.items, withStores), total: rows.total };
  }

  /** The ids a reward links to in one of its relation tables, with the relations each has (after the relation filter). */
  private async linked(
    rewardId: string,
    table: string,
    column: string,
    relation: 'condition' | 'bonus' | undefined,
  ): Promise<{ id: string; relations: RewardRelation[] }[]> {
    await this.get(rewardId);
    return this.dataSource.query(
      `SELECT ${column} AS id, array_agg(DISTINCT relation ORDER BY relation) AS relations FROM ${table}
       WHERE reward_id = $1 AND ($2::int IS NULL OR relation = $2) GROUP BY ${column}`,
      [rewardId, relation === undefined ? null : RELATION_OF[relation]],
    );
  }

  /** Multi-row insert of a reward's relation rows; rows repeating the first `keyLength` values are sent once. */
  private async insertRows(
    m: EntityManager,
    table: string,
    columns: string[],
    rewardId: string,
    rows: unknown[][],
    keyLength = columns.length,
  ): Promise<void> {
    if (rows.length === 0) return;
    const unique = [...new Map(rows.map((row) => [JSON.stringify(row.slice(0, keyLength)), row])).values()];
    const params: unknown[] = [rewardId];
    const values = unique.map((row) => `($1, ${row.map((value) => (params.push(value), `$${params.length}`)).join(', ')})`);
    await m.query(`INSERT INTO ${table} (reward_id, ${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
}
