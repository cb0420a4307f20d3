import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@tessera/core';
import { liveCustomerSql } from '../customers';
import { CustomerWeights } from './engine/reward-ranking';
import { customerHistorySql } from './recommendation-facts.repository';

export interface OpenReward {
  rewardId: string;
  rewardTypeId: string;
}

/** What reward recommendations read for one request. */
export interface RewardRecommendationFacts {
  customerExists: boolean;
  /** The rewards open to the customer that pass the filter, in the reward list's order. */
  open: OpenReward[];
  /** The customer's purchase weights (as product recommendations read them) and vouchers. */
  weights: CustomerWeights;
}

type Weights = Record<string, number>;

interface FactsRow {
  customer_exists: boolean;
  rewards: [string, string][];
  products: Weights;
  groups: Weights;
  brands: Weights;
  held_rewards: Weights;
  held_types: Weights;
}

/**
 * Reads reward recommendations' facts in one statement: whether the customer exists, the open rewards
 * (the caller's statement, from loyalty), and the customer's weights per product, group and brand with
 * their vouchers per reward and reward type, used ones counting double.
 */
function factsSql(openRewardsSql: string, customer: string): string {
  return `
  WITH open AS (${openRewardsSql}),
  ${customerHistorySql(customer)},
  held AS (
    SELECT v.reward_id, r.reward_type_id, sum(CASE WHEN v.applied_at IS NULL THEN 1 ELSE 2 END)::float8 AS weight
      FROM vouchers v JOIN rewards r ON r.reward_id = v.reward_id
     WHERE v.customer_id = ${customer} AND v.state <> 0 GROUP BY v.reward_id, r.reward_type_id)
  SELECT ${liveCustomerSql(customer)} AS customer_exists,
         (SELECT coalesce(json_agg(json_build_array(o.reward_id, o.reward_type_id) ORDER BY o.reward_id), '[]') FROM open o) AS rewards,
         (SELECT coalesce(json_object_agg(product_id, weight), '{}') FROM history) AS products,
         (SELECT coalesce(json_object_agg(group_id, weight), '{}')
            FROM (SELECT group_id, sum(weight) AS weight FROM history WHERE group_id IS NOT NULL GROUP BY group_id) g) AS groups,
         (SELECT coalesce(json_object_agg(brand_id, weight), '{}')
            FROM (SELECT brand_id, sum(weight) AS weight FROM history WHERE brand_id IS NOT NULL GROUP BY brand_id) b) AS brands,
         (SELECT coalesce(json_object_agg(reward_id, weight), '{}') FROM held) AS held_rewards,
         (SELECT coalesce(json_object_agg(reward_type_id, weight), '{}')
            FROM (SELECT reward_type_id, sum(weight) AS weight FROM held GROUP BY reward_type_id) t) AS held_types`;
}

@Injectable()
export class RewardAffinityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(customerId: string, openRewards: { sql: string; parameters: unknown[] }): Promise<RewardRecommendationFacts> {
    const text = factsSql(openRewards.sql, `$${openRewards.parameters.length + 1}::varchar`);
    // One prepared statement per shape of filter: few, and each is planned once per connection.
    const name = `reward-recommendations-${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    const [row] = await preparedQuery<FactsRow>(this.dataSource.manager, name, text, [...openRewards.parameters, customerId]);
    const map = (weights: Weights) => new Map(Object.entries(weights));
    return {
      customerExists: row.customer_exists,
      open: row.rewards.map(([rewardId, rewardTypeId]) => ({ rewardId, rewardTypeId })),
      weights: {
        products: map(row.products),
        groups: map(row.groups),
        brands: map(row.brands),
        rewards: map(row.held_rewards),
        rewardTypes: map(row.held_types),
      },
    };
  }
}
