import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeFeed, MemorySnapshot } from '../../../platform/change-feed';
import { RewardRelation, RewardRuleRow } from './reward.service';
import { RelatedTo, RelationTargets, RewardFacts } from './rules/voucher-usability';

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

/** Every reward as purchase closure applies it. */
export interface RedeemableRewards {
  /** In the order rewards are offered and automated ones apply: priority (none last), then code. */
  ordered: readonly RedeemableReward[];
  byId: ReadonlyMap<string, RedeemableReward>;
  byCode: ReadonlyMap<string, RedeemableReward>;
  /** Every segment some reward is limited to. */
  segmentIds: readonly string[];
}

/** The tables a reward's definition is read from. */
const REWARD_TABLES = [
  'rewards',
  'reward_types',
  'reward_stores',
  'reward_segments',
  'reward_relation_rules',
  'reward_products',
  'reward_product_groups',
  'reward_product_brands',
];

const ACTIVE = 1;

/** A reward with everything its usability rules need, as the snapshot's statement reads it. */
interface RedeemableRewardRow {
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
  store_ids: string[];
  segment_ids: string[];
  rules: RewardRuleRow[];
  relations: { id: string; relation: RewardRelation; kind: RelatedTo }[];
}

/**
 * Every reward's definition in memory (decision 29), so a purchase reads only its vouchers: the rewards
 * are found by id and code, and a day's automated ones are picked here.
 */
@Injectable()
export class RedeemableRewardService {
  private readonly rewards: MemorySnapshot<RedeemableRewards>;

  constructor(private readonly changes: ChangeFeed) {
    this.rewards = new MemorySnapshot(changes, REWARD_TABLES, loadRedeemableRewards);
  }

  all(): Promise<RedeemableRewards> {
    return this.rewards.get();
  }

  /**
   * Every reward once this instance has heard of every change committed before the call: for a voucher
   * read in a transaction that names a reward created so recently that its notification is on its way.
   */
  async fresh(): Promise<RedeemableRewards> {
    await this.changes.sync();
    return this.rewards.get();
  }

  /** Every reward, such that the rewards `rewardIds` name are among them (`fresh` when one is not yet). */
  async covering(rewardIds: Iterable<string>): Promise<RedeemableRewards> {
    const all = await this.rewards.get();
    for (const id of rewardIds) if (!all.byId.has(id)) return this.fresh();
    return all;
  }
}

/** Rewards that apply to an identified customer's purchase by themselves on `day`: automated discounts of groups 0 and 2 that cost no points. */
export function automatedRewardsOn(rewards: RedeemableRewards, day: string): RedeemableReward[] {
  return rewards.ordered.filter(
    (reward) =>
      reward.isAutomated &&
      [0, 2].includes(reward.rewardGroup) &&
      Number(reward.pointsCost) === 0 &&
      reward.state === ACTIVE &&
      validOn(reward, day),
  );
}

/** Whether `day` (`YYYY-MM-DD`) is within the reward's calendar validity, both days included. */
export function validOn(reward: RedeemableReward, day: string): boolean {
  return (
    (reward.facts.validFrom === null || reward.facts.validFrom <= day) && (reward.facts.validTo === null || reward.facts.validTo >= day)
  );
}

async function loadRedeemableRewards(manager: EntityManager): Promise<RedeemableRewards> {
  const rows: RedeemableRewardRow[] = await manager.query(
    `SELECT r.reward_id, r.code, r.names, r.reward_group, rt.kind, r.reward_type_value::text AS reward_type_value,
            r.maximum_discount_value::text AS maximum_discount_value, r.minimum_purchase_value::text AS minimum_purchase_value,
            r.points_cost::text AS points_cost, r.is_automated, r.priority, r.valid_from::text AS valid_from, r.valid_to::text AS valid_to,
            r.valid_time_from, r.valid_time_to, r.valid_weekdays, r.global_reward, r.partner_id, r.state,
            ARRAY(SELECT store_id FROM reward_stores WHERE reward_id = r.reward_id) AS store_ids,
            ARRAY(SELECT segment_id FROM reward_segments WHERE reward_id = r.reward_id) AS segment_ids,
            coalesce((SELECT json_agg(json_build_object('relation', relation, 'related_to', related_to, 'item_count', item_count,
                                                        'min_price', min_price::text, 'max_price', max_price::text))
                        FROM reward_relation_rules WHERE reward_id = r.reward_id), '[]') AS rules,
            coalesce((SELECT json_agg(t) FROM (
                        SELECT product_id AS id, relation, 'product' AS kind FROM reward_products WHERE reward_id = r.reward_id
                        UNION ALL SELECT product_group_id, relation, 'product_group' FROM reward_product_groups WHERE reward_id = r.reward_id
                        UNION ALL SELECT product_brand_id, relation, 'product_brand' FROM reward_product_brands WHERE reward_id = r.reward_id) t),
                     '[]') AS relations
       FROM rewards r
       JOIN reward_types rt ON rt.reward_type_id = r.reward_type_id
      ORDER BY r.priority ASC NULLS LAST, r.code`,
  );
  const ordered = rows.map(redeemableRewardOf);
  return {
    ordered,
    byId: new Map(ordered.map((reward) => [reward.id, reward])),
    byCode: new Map(ordered.map((reward) => [reward.code, reward])),
    segmentIds: [...new Set(ordered.flatMap((reward) => reward.facts.segmentIds))],
  };
}

function redeemableRewardOf(row: RedeemableRewardRow): RedeemableReward {
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
