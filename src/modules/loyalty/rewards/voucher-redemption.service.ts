import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { RewardEntity } from './entities/reward.entity';
import { VoucherEntity } from './entities/voucher.entity';
import { RewardRelation, RewardRuleRow, RewardService } from './reward.service';
import { generateVoucherCode } from './rules/reward-code';
import { RelatedTo, RelationTargets, RewardFacts, VoucherFacts, voucherFacts } from './rules/voucher-usability';

/** A reward as purchase closure applies it. Amounts are numeric text. */
export interface RedeemableReward {
  id: string;
  code: string;
  names: Record<string, string>;
  rewardGroup: number;
  /** The reward type's text id: what kind of discount it gives. */
  kind: string;
  typeValue: string | null;
  maximumDiscountValue: string | null;
  pointsCost: string;
  isAutomated: boolean;
  priority: number | null;
  validTimeFrom: string | null;
  validTimeTo: string | null;
  globalReward: boolean;
  partnerId: string | null;
  state: number;
  facts: RewardFacts;
}

/** A voucher locked for a purchase, with what the usability rules need. */
export interface RedeemableVoucher {
  id: string;
  code: string;
  /** A custom voucher's own money value, overriding the reward's. */
  value: string | null;
  facts: VoucherFacts;
  reward: RedeemableReward;
}

/** What a bill can use: the vouchers and rewards its codes name (by code), and the automated rewards in priority order. */
export interface BillRewards {
  vouchers: Map<string, RedeemableVoucher>;
  rewards: Map<string, RedeemableReward>;
  automated: RedeemableReward[];
  /** The segments, among those of these rewards, that the customer is in. */
  memberOf: string[];
}

/** A voucher a purchase used: a gift card keeps `balanceLeft`, and counts as used when it is zero. */
export interface VoucherUse {
  voucherId: string;
  balanceLeft: string | null;
}

/** A used voucher a purchase issues for a reward it applied by its code; `pointTypeId` names the points it cost. */
export interface VoucherIssue {
  voucherId: string;
  reward: RedeemableReward;
  pointTypeId: string | null;
}

/** Rewards that apply to a purchase by themselves on the day $2: automated discounts of groups 0 and 2 that cost no points. */
const AUTOMATED_ON_DAY = `($2::date IS NOT NULL AND r.is_automated AND r.reward_group IN (0, 2) AND r.points_cost = 0 AND r.state = 1
  AND (r.valid_from IS NULL OR r.valid_from <= $2::date) AND (r.valid_to IS NULL OR r.valid_to >= $2::date))`;

/** A reward of `forBill`'s statement, once per voucher of it the codes name. */
interface BillRewardRow {
  reward_id: string;
  code: string;
  names: Record<string, string>;
  reward_group: number;
  kind: string;
  reward_type_value: string | null;
  maximum_discount_value: string | null;
  minimum_purchase_value: string | null;
  points_cost: string;
  is_automated: boolean;
  priority: number | null;
  valid_from: string | null;
  valid_to: string | null;
  valid_time_from: string | null;
  valid_time_to: string | null;
  valid_weekdays: number[] | null;
  global_reward: boolean;
  partner_id: string | null;
  state: number;
  named: boolean;
  automated: boolean;
  store_ids: string[];
  segment_ids: string[];
  member_of: string[];
  rules: RewardRuleRow[];
  relations: { id: string; relation: RewardRelation; kind: RelatedTo }[];
  voucher_id: string | null;
  voucher_code: string | null;
  voucher_customer_id: string | null;
  voucher_value: string | null;
  applied_at: Date | null;
  voucher_valid_from: Date | null;
  voucher_valid_to: Date | null;
  current_balance: string | null;
}

/**
 * What purchase closure does with vouchers and rewards: find them by the codes a bill carries, mark
 * vouchers used (gift cards spend part of their balance), issue a used voucher for a reward applied by
 * its code, and give a cancelled purchase's vouchers back.
 */
@Injectable()
export class VoucherRedemptionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly rewards: RewardService,
  ) {}

  /**
   * The vouchers and rewards named by `codes`, with `automatedOn` (a day) the automated rewards of that
   * day too, and which of their segments `customerId` is in: one statement, whatever their number. With
   * `lock`, the vouchers are locked (in id order, so two purchases naming the same vouchers queue instead
   * of deadlocking) until the caller's transaction ends.
   */
  async forBill(
    codes: string[],
    options: { lock: boolean; customerId: string | null; automatedOn: string | null },
    manager: EntityManager,
  ): Promise<BillRewards> {
    const unique = [...new Set(codes)];
    const bill: BillRewards = { vouchers: new Map(), rewards: new Map(), automated: [], memberOf: [] };
    if (unique.length === 0 && options.automatedOn === null) return bill;
    const rows: BillRewardRow[] = await manager.query(
      `WITH named AS MATERIALIZED (
         SELECT voucher_id, reward_id, customer_id, code, value::text AS value, applied_at, valid_from, valid_to,
                current_balance::text AS current_balance
           FROM vouchers WHERE code = ANY($1::text[]) ORDER BY voucher_id ${options.lock ? 'FOR UPDATE' : ''})
       SELECT r.reward_id, r.code, r.names, r.reward_group, rt.text_id AS kind, r.reward_type_value::text AS reward_type_value,
              r.maximum_discount_value::text AS maximum_discount_value, r.minimum_purchase_value::text AS minimum_purchase_value,
              r.points_cost::text AS points_cost, r.is_automated, r.priority, r.valid_from::text AS valid_from, r.valid_to::text AS valid_to,
              r.valid_time_from, r.valid_time_to, r.valid_weekdays, r.global_reward, r.partner_id, r.state,
              r.code = ANY($1::text[]) AS named, ${AUTOMATED_ON_DAY} AS automated,
              ARRAY(SELECT store_id FROM reward_stores WHERE reward_id = r.reward_id) AS store_ids,
              ARRAY(SELECT segment_id FROM reward_segments WHERE reward_id = r.reward_id) AS segment_ids,
              ARRAY(SELECT s.segment_id FROM reward_segments s JOIN segment_records m ON m.segment_id = s.segment_id AND m.customer_id = $3
                     WHERE s.reward_id = r.reward_id) AS member_of,
              coalesce((SELECT json_agg(json_build_object('relation', relation, 'related_to', related_to, 'item_count', item_count,
                                                          'min_price', min_price::text, 'max_price', max_price::text))
                          FROM reward_relation_rules WHERE reward_id = r.reward_id), '[]') AS rules,
              coalesce((SELECT json_agg(t) FROM (
                          SELECT product_id AS id, relation, 'product' AS kind FROM reward_products WHERE reward_id = r.reward_id
                          UNION ALL SELECT product_group_id, relation, 'product_group' FROM reward_product_groups WHERE reward_id = r.reward_id
                          UNION ALL SELECT product_brand_id, relation, 'product_brand' FROM reward_product_brands WHERE reward_id = r.reward_id) t),
                       '[]') AS relations,
              v.voucher_id, v.code AS voucher_code, v.customer_id AS voucher_customer_id, v.value AS voucher_value, v.applied_at,
              v.valid_from AS voucher_valid_from, v.valid_to AS voucher_valid_to, v.current_balance
         FROM rewards r
         JOIN reward_types rt ON rt.reward_type_id = r.reward_type_id
         LEFT JOIN named v ON v.reward_id = r.reward_id
        WHERE r.reward_id IN (SELECT reward_id FROM named) OR r.code = ANY($1::text[]) OR ${AUTOMATED_ON_DAY}
        ORDER BY r.priority ASC NULLS LAST, r.code, v.voucher_id`,
      [unique, options.automatedOn, options.customerId],
    );
    const rewards = new Map<string, RedeemableReward>();
    const memberOf = new Set<string>();
    for (const row of rows) {
      let reward = rewards.get(row.reward_id);
      if (!reward) {
        reward = redeemableRewardOf(row);
        rewards.set(row.reward_id, reward);
        if (row.named) bill.rewards.set(reward.code, reward);
        if (row.automated) bill.automated.push(reward);
        for (const segmentId of row.member_of) memberOf.add(segmentId);
      }
      if (row.voucher_id !== null) {
        bill.vouchers.set(row.voucher_code as string, {
          id: row.voucher_id,
          code: row.voucher_code as string,
          value: row.voucher_value,
          facts: voucherFacts({
            customerId: row.voucher_customer_id as string,
            appliedAt: row.applied_at,
            validFrom: row.voucher_valid_from,
            validTo: row.voucher_valid_to,
            currentBalance: row.current_balance,
          }),
          reward,
        });
      }
    }
    bill.memberOf = [...memberOf];
    return bill;
  }

  /**
   * Rewards a checkout may offer: active rewards valid today (automated ones only with
   * `includeAutomated`), and the customer's vouchers not applied yet and not expired.
   */
  async offers(
    customerId: string | null,
    includeAutomated: boolean,
    today: string,
  ): Promise<{ rewards: RedeemableReward[]; vouchers: RedeemableVoucher[] }> {
    const m = this.dataSource.manager;
    const query = this.validRewards(today, m);
    if (!includeAutomated) query.andWhere('r.is_automated = false');
    const rewards = await this.redeemableRewards(await query.getMany(), m);
    if (customerId === null) return { rewards, vouchers: [] };
    const voucherRows = await m
      .getRepository(VoucherEntity)
      .createQueryBuilder('v')
      .where('v.customer_id = :customerId AND v.applied_at IS NULL AND v.state = 1', { customerId })
      .andWhere('(v.valid_to IS NULL OR v.valid_to > now()) AND (v.current_balance IS NULL OR v.current_balance > 0)')
      .orderBy('v.created_at')
      .addOrderBy('v.voucher_id')
      .limit(1000)
      .getMany();
    return { rewards, vouchers: [...(await this.redeemable(voucherRows, [], m)).vouchers.values()] };
  }

  /**
   * Marks the vouchers a purchase used, and issues a used voucher for each reward it applied by its code
   * (`issues`, with the ids to give them): one statement. A gift card keeps what is left.
   */
  async redeem(
    uses: VoucherUse[],
    issues: VoucherIssue[],
    purchase: { customerId: string; at: Date; storeId: string },
    manager: EntityManager,
  ): Promise<void> {
    if (uses.length === 0 && issues.length === 0) return;
    await manager.query(
      `WITH used AS (
         UPDATE vouchers v
            SET applied_at = CASE WHEN u.balance_left IS NULL OR u.balance_left::numeric <= 0 THEN $1::timestamptz END,
                store_id = $2, current_balance = coalesce(u.balance_left::numeric, v.current_balance), last_change = now()
           FROM unnest($3::varchar[], $4::text[]) AS u(id, balance_left)
          WHERE v.voucher_id = u.id)
       INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, store_id, applied_at, valid_from, valid_to, note, points_cost, point_type_id)
       SELECT i.id, i.reward_id, $5, i.code, $2, $1::timestamptz, $1::timestamptz, NULL, i.note, i.points_cost::numeric, i.point_type_id
         FROM unnest($6::varchar[], $7::varchar[], $8::text[], $9::text[], $10::text[], $11::varchar[])
              AS i(id, reward_id, code, note, points_cost, point_type_id)`,
      [
        purchase.at,
        purchase.storeId,
        uses.map((use) => use.voucherId),
        uses.map((use) => use.balanceLeft),
        purchase.customerId,
        issues.map((issue) => issue.voucherId),
        issues.map((issue) => issue.reward.id),
        issues.map(() => generateVoucherCode()),
        issues.map((issue) => `Applied at purchase with reward code ${issue.reward.code}`),
        issues.map((issue) => issue.reward.pointsCost),
        issues.map((issue) => issue.pointTypeId),
      ],
    );
  }

  /**
   * Gives a cancelled purchase's vouchers back, in one statement: not applied, and a gift card's balance
   * restored. A voucher the purchase itself issued for a reward that cost nothing stays used: the customer
   * paid nothing for it, and the reward applies again by its code or its own rules.
   */
  async restore(
    links: { voucherId: string; balanceUsed: string | null; issuedByPurchase: boolean }[],
    manager: EntityManager,
  ): Promise<void> {
    if (links.length === 0) return;
    await manager.query(
      `UPDATE vouchers v SET applied_at = NULL, store_id = NULL, last_change = now(),
              current_balance = CASE WHEN l.balance_used IS NULL THEN v.current_balance
                                     ELSE least(v.current_balance + l.balance_used::numeric, v.original_balance) END
         FROM unnest($1::varchar[], $2::text[], $3::boolean[]) AS l(id, balance_used, issued)
        WHERE v.voucher_id = l.id AND NOT (l.issued AND v.points_cost = 0)`,
      [links.map((link) => link.voucherId), links.map((link) => link.balanceUsed), links.map((link) => link.issuedByPurchase)],
    );
  }

  /** Active rewards valid on `today`, with their type, in the order a checkout offers them. */
  private validRewards(today: string, manager: EntityManager): SelectQueryBuilder<RewardEntity> {
    return manager
      .getRepository(RewardEntity)
      .createQueryBuilder('r')
      .innerJoinAndSelect('r.rewardType', 'rt')
      .where('r.state = 1 AND (r.valid_from IS NULL OR r.valid_from <= :today) AND (r.valid_to IS NULL OR r.valid_to >= :today)', { today })
      .orderBy('r.priority', 'ASC', 'NULLS LAST')
      .addOrderBy('r.code');
  }

  /** The vouchers with their rewards, and the rewards named by `rewardCodes`, keyed by code. */
  private async redeemable(
    voucherRows: VoucherEntity[],
    rewardCodes: string[],
    m: EntityManager,
  ): Promise<{ vouchers: Map<string, RedeemableVoucher>; rewards: Map<string, RedeemableReward> }> {
    const wanted = [
      ...(rewardCodes.length ? [{ code: In(rewardCodes) }] : []),
      ...(voucherRows.length ? [{ id: In(voucherRows.map((v) => v.rewardId)) }] : []),
    ];
    // An empty `where` list would match every reward.
    const rewardRows =
      wanted.length === 0 ? [] : await m.getRepository(RewardEntity).find({ where: wanted, relations: { rewardType: true } });
    const rewardById = new Map((await this.redeemableRewards(rewardRows, m)).map((reward) => [reward.id, reward]));
    const vouchers = new Map(
      voucherRows.map((voucher): [string, RedeemableVoucher] => [
        voucher.code,
        {
          id: voucher.id,
          code: voucher.code,
          value: voucher.value,
          facts: voucherFacts(voucher),
          reward: rewardById.get(voucher.rewardId) as RedeemableReward,
        },
      ]),
    );
    const rewards = new Map(
      [...rewardById.values()].filter((reward) => rewardCodes.includes(reward.code)).map((reward) => [reward.code, reward]),
    );
    return { vouchers, rewards };
  }

  private async redeemableRewards(rewards: RewardEntity[], manager: EntityManager): Promise<RedeemableReward[]> {
    if (rewards.length === 0) return [];
    const facts = await this.rewards.factsOf(rewards, manager);
    return rewards.map((reward) => ({
      id: reward.id,
      code: reward.code,
      names: reward.names,
      rewardGroup: reward.rewardGroup,
      kind: reward.rewardType.textId,
      typeValue: reward.rewardTypeValue,
      maximumDiscountValue: reward.maximumDiscountValue,
      pointsCost: reward.pointsCost,
      isAutomated: reward.isAutomated,
      priority: reward.priority,
      validTimeFrom: reward.validTimeFrom,
      validTimeTo: reward.validTimeTo,
      globalReward: reward.globalReward,
      partnerId: reward.partnerId,
      state: reward.state,
      facts: facts.get(reward.id) as RewardFacts,
    }));
  }
}

/** A reward of `forBill`'s statement with its usability facts. */
function redeemableRewardOf(row: BillRewardRow): RedeemableReward {
  const targets = (relation: RewardRelation): RelationTargets => {
    const ids = (kind: RelatedTo) =>
      new Set(row.relations.filter((target) => target.kind === kind && target.relation === relation).map((target) => target.id));
    return { productIds: ids('product'), productGroupIds: ids('product_group'), productBrandIds: ids('product_brand') };
  };
  const rules = (relation: RewardRelation) =>
    row.rules
      .filter((rule) => rule.relation === relation)
      .map((rule) => ({
        relatedTo: rule.related_to,
        count: rule.item_count,
        minPrice: rule.min_price === null ? null : Number(rule.min_price),
        maxPrice: rule.max_price === null ? null : Number(rule.max_price),
      }));
  return {
    id: row.reward_id,
    code: row.code,
    names: row.names,
    rewardGroup: row.reward_group,
    kind: row.kind,
    typeValue: row.reward_type_value,
    maximumDiscountValue: row.maximum_discount_value,
    pointsCost: row.points_cost,
    isAutomated: row.is_automated,
    priority: row.priority,
    validTimeFrom: row.valid_time_from,
    validTimeTo: row.valid_time_to,
    globalReward: row.global_reward,
    partnerId: row.partner_id,
    state: row.state,
    facts: {
      storeIds: row.store_ids,
      validFrom: row.valid_from,
      validTo: row.valid_to,
      validTimeFrom: row.valid_time_from,
      validTimeTo: row.valid_time_to,
      validWeekdays: row.valid_weekdays,
      segmentIds: row.segment_ids,
      minimumPurchaseValue: row.minimum_purchase_value === null ? null : Number(row.minimum_purchase_value),
      conditions: rules(RewardRelation.Condition),
      conditionTargets: targets(RewardRelation.Condition),
      bonuses: rules(RewardRelation.Bonus),
      bonusTargets: targets(RewardRelation.Bonus),
    },
  };
}
