import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@tessera/core';
import { RewardEvidence } from './engine/reward-ranking';
import { customerHistorySql } from './recommendation-facts.repository';

/**
 * Each candidate reward's evidence for one customer in one statement: the customer's decayed purchase
 * weights (as product recommendations read them) on the reward's products, groups and brands, and the
 * customer's vouchers of the reward and of its type.
 */
const REWARD_EVIDENCE_SQL = `
  WITH ${customerHistorySql('$1')},
  leaning_groups AS (SELECT group_id, sum(weight) AS weight FROM history WHERE group_id IS NOT NULL GROUP BY group_id),
  leaning_brands AS (SELECT brand_id, sum(weight) AS weight FROM history WHERE brand_id IS NOT NULL GROUP BY brand_id),
  vouchers_held AS (
    SELECT v.reward_id, r.reward_type_id, sum(CASE WHEN v.applied_at IS NULL THEN 1 ELSE 2 END)::float8 AS weight
      FROM vouchers v JOIN rewards r ON r.reward_id = v.reward_id
     WHERE v.customer_id = $1 AND v.state <> 0
     GROUP BY v.reward_id, r.reward_type_id)
  SELECT r.reward_id,
         coalesce((SELECT max(h.weight) FROM reward_products x JOIN history h ON h.product_id = x.product_id WHERE x.reward_id = r.reward_id), 0) AS products,
         coalesce((SELECT max(g.weight) FROM leaning_groups g
                    WHERE g.group_id IN (SELECT x.product_group_id FROM reward_product_groups x WHERE x.reward_id = r.reward_id
                                         UNION SELECT p.product_group_id FROM reward_products x JOIN products p ON p.product_id = x.product_id
                                          WHERE x.reward_id = r.reward_id)), 0) AS groups,
         coalesce((SELECT max(b.weight) FROM leaning_brands b
                    WHERE b.brand_id IN (SELECT x.product_brand_id FROM reward_product_brands x WHERE x.reward_id = r.reward_id
                                         UNION SELECT p.product_brand_id FROM reward_products x JOIN products p ON p.product_id = x.product_id
                                          WHERE x.reward_id = r.reward_id)), 0) AS brands,
         coalesce((SELECT v.weight FROM vouchers_held v WHERE v.reward_id = r.reward_id), 0) AS same_reward,
         coalesce((SELECT sum(v.weight) FROM vouchers_held v WHERE v.reward_type_id = r.reward_type_id), 0) AS same_type
    FROM unnest($2::varchar[]) WITH ORDINALITY AS c(reward_id, place)
    JOIN rewards r ON r.reward_id = c.reward_id
   ORDER BY c.place`;

interface EvidenceRow {
  reward_id: string;
  products: number;
  groups: number;
  brands: number;
  same_reward: number;
  same_type: number;
}

@Injectable()
export class RewardAffinityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The evidence of each reward, in the order given. */
  async evidence(customerId: string, rewardIds: readonly string[]): Promise<RewardEvidence[]> {
    const rows = await preparedQuery<EvidenceRow>(this.dataSource.manager, 'reward-recommendation-evidence', REWARD_EVIDENCE_SQL, [
      customerId,
      rewardIds,
    ]);
    return rows.map((row) => ({
      rewardId: row.reward_id,
      products: row.products,
      groups: row.groups,
      brands: row.brands,
      sameReward: row.same_reward,
      sameType: row.same_type,
    }));
  }
}
