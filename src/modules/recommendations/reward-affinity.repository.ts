import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@tessera/core';
import { customerHistorySql } from './recommendation-facts.repository';

/** One customer's side of reward recommendations: decayed weights per product, group and brand, and vouchers held. */
export interface CustomerLeaning {
  products: Map<string, number>;
  groups: Map<string, number>;
  brands: Map<string, number>;
  /** Vouchers per reward and per reward type, used ones counting double. */
  rewards: Map<string, number>;
  rewardTypes: Map<string, number>;
}

type Weights = Record<string, number>;

/** The customer's purchase weights (as product recommendations read them) and vouchers, in one statement. */
const LEANING_SQL = `
  WITH ${customerHistorySql('$1')},
  held AS (
    SELECT v.reward_id, r.reward_type_id, sum(CASE WHEN v.applied_at IS NULL THEN 1 ELSE 2 END)::float8 AS weight
      FROM vouchers v JOIN rewards r ON r.reward_id = v.reward_id
     WHERE v.customer_id = $1 AND v.state <> 0 GROUP BY v.reward_id, r.reward_type_id)
  SELECT (SELECT coalesce(json_object_agg(product_id, weight), '{}') FROM history) AS products,
         (SELECT coalesce(json_object_agg(group_id, weight), '{}')
            FROM (SELECT group_id, sum(weight) AS weight FROM history WHERE group_id IS NOT NULL GROUP BY group_id) g) AS groups,
         (SELECT coalesce(json_object_agg(brand_id, weight), '{}')
            FROM (SELECT brand_id, sum(weight) AS weight FROM history WHERE brand_id IS NOT NULL GROUP BY brand_id) b) AS brands,
         (SELECT coalesce(json_object_agg(reward_id, weight), '{}') FROM held) AS rewards,
         (SELECT coalesce(json_object_agg(reward_type_id, weight), '{}')
            FROM (SELECT reward_type_id, sum(weight) AS weight FROM held GROUP BY reward_type_id) t) AS reward_types`;

@Injectable()
export class RewardAffinityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async leaning(customerId: string): Promise<CustomerLeaning> {
    const [row] = await preparedQuery<Record<'products' | 'groups' | 'brands' | 'rewards' | 'reward_types', Weights>>(
      this.dataSource.manager,
      'reward-recommendation-leaning',
      LEANING_SQL,
      [customerId],
    );
    const map = (weights: Weights) => new Map(Object.entries(weights));
    return {
      products: map(row.products),
      groups: map(row.groups),
      brands: map(row.brands),
      rewards: map(row.rewards),
      rewardTypes: map(row.reward_types),
    };
  }
}
