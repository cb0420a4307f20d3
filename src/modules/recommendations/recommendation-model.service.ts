import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeFeed, MemorySnapshot } from '../../platform/change-feed';
import { ProductCategory } from './engine/product-ranking';

/** How many of the most popular products are kept per group and brand, to fill `combine` answers. */
const TOP_PER_CATEGORY = 20;
/** How many of the most popular products overall. */
const TOP_OVERALL = 100;

/** The ready model version with its popularity ranking, as every instance holds it in memory. */
export interface ActiveModel {
  version: number;
  trainedAt: Date;
  /** Recent popularity, the best product scaled to 1. */
  popularity: ReadonlyMap<string, number>;
  categories: ReadonlyMap<string, ProductCategory>;
  topOverall: readonly string[];
  topByGroup: ReadonlyMap<string, readonly string[]>;
  topByBrand: ReadonlyMap<string, readonly string[]>;
}

interface PopularityRow {
  product_id: string;
  product_group_id: string | null;
  product_brand_id: string | null;
  score: number;
}

function pushTop(lists: Map<string, string[]>, key: string | null, productId: string): void {
  if (!key) return;
  const list = lists.get(key) ?? [];
  if (list.length < TOP_PER_CATEGORY) list.push(productId);
  lists.set(key, list);
}

async function loadActiveModel(manager: EntityManager): Promise<ActiveModel | null> {
  const [model] = await manager.query<{ model_version: number; finished_at: Date }[]>(
    `SELECT model_version, finished_at FROM recommendation_models WHERE state = 'ready'`,
  );
  if (!model) return null;
  const rows = await manager.query<PopularityRow[]>(
    `SELECT product_id, product_group_id, product_brand_id, score FROM recommendation_popularity
      WHERE model_version = $1 ORDER BY score DESC, product_id`,
    [model.model_version],
  );
  const best = rows[0]?.score ?? 0;
  const popularity = new Map<string, number>();
  const categories = new Map<string, ProductCategory>();
  const topByGroup = new Map<string, string[]>();
  const topByBrand = new Map<string, string[]>();
  for (const row of rows) {
    popularity.set(row.product_id, best > 0 ? row.score / best : 0);
    categories.set(row.product_id, { groupId: row.product_group_id, brandId: row.product_brand_id });
    pushTop(topByGroup, row.product_group_id, row.product_id);
    pushTop(topByBrand, row.product_brand_id, row.product_id);
  }
  return {
    version: model.model_version,
    trainedAt: model.finished_at,
    popularity,
    categories,
    topOverall: rows.slice(0, TOP_OVERALL).map((row) => row.product_id),
    topByGroup,
    topByBrand,
  };
}

/** The model answers are computed with; null until a training run has finished. Reloaded when a run finishes anywhere. */
@Injectable()
export class RecommendationModelService {
  private readonly model: MemorySnapshot<ActiveModel | null>;

  constructor(changes: ChangeFeed) {
    this.model = new MemorySnapshot(changes, ['recommendation_models'], loadActiveModel);
  }

  active(): Promise<ActiveModel | null> {
    return this.model.get();
  }
}
