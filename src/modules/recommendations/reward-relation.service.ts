import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';

/** What a reward relates to (as condition or bonus), its products' groups and brands included. */
export interface RewardRelations {
  products: string[];
  groups: string[];
  brands: string[];
}

async function loadRelations(manager: EntityManager): Promise<Map<string, RewardRelations>> {
  const rows = await manager.query<{ reward_id: string; kind: 'product' | 'group' | 'brand'; id: string }[]>(
    `SELECT reward_id, 'product' AS kind, product_id AS id FROM reward_products
     UNION SELECT reward_id, 'group', product_group_id FROM reward_product_groups
     UNION SELECT reward_id, 'brand', product_brand_id FROM reward_product_brands
     UNION SELECT x.reward_id, 'group', p.product_group_id FROM reward_products x JOIN products p ON p.product_id = x.product_id
            WHERE p.product_group_id IS NOT NULL
     UNION SELECT x.reward_id, 'brand', p.product_brand_id FROM reward_products x JOIN products p ON p.product_id = x.product_id
            WHERE p.product_brand_id IS NOT NULL`,
  );
  const relations = new Map<string, RewardRelations>();
  const key = { product: 'products', group: 'groups', brand: 'brands' } as const;
  for (const row of rows) {
    const reward = relations.get(row.reward_id) ?? { products: [], groups: [], brands: [] };
    reward[key[row.kind]].push(row.id);
    relations.set(row.reward_id, reward);
  }
  return relations;
}

/** Every reward's relations in memory (decision 29), reloaded on every instance when rewards' relations or products change. */
@Injectable()
export class RewardRelationService {
  private readonly relations: MemorySnapshot<Map<string, RewardRelations>>;

  constructor(changes: ChangeFeed) {
    this.relations = new MemorySnapshot(
      changes,
      ['reward_products', 'reward_product_groups', 'reward_product_brands', 'products'],
      loadRelations,
    );
  }

  all(): Promise<ReadonlyMap<string, RewardRelations>> {
    return this.relations.get();
  }
}
