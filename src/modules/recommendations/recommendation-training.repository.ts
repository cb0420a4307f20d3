import { EntityManager } from 'typeorm';

/** A pair of products must share at least this many baskets to count as bought together. */
export const MIN_PAIR_SUPPORT = 2;
/** ... and be bought together more often than chance would have it (lift above this). */
export const MIN_PAIR_LIFT = 1;
/** Products kept per product as bought with it. */
export const NEIGHBOURS_PER_PRODUCT = 30;
/** Baskets with more distinct products than this (bulk orders) count for popularity but not for pairs. */
export const MAX_PAIR_BASKET = 50;
/** Recent popularity: purchases of the last this many days, each weighing half as much every half-life. */
export const POPULARITY_WINDOW_DAYS = 28;
export const POPULARITY_HALF_LIFE_DAYS = 14;
/** The share of the all-time basket count in popularity, which orders products without recent sales. */
export const ALL_TIME_POPULARITY_SHARE = 0.1;
/** Purchases younger than this are left to the next run: a transaction still open may yet commit older ones. */
export const COUNTING_LAG_SECONDS = 60;

export interface ModelRow {
  model_version: number;
  state: 'building' | 'ready' | 'retired';
  incremental: boolean;
  started_at: Date;
  finished_at: Date | null;
  counted_through: Date;
  recounted_at: Date;
  baskets: string;
  new_baskets: string;
  products: number;
  pairs: string;
}

/**
 * The statements of one training run, all in the caller's transaction: count the baskets since the
 * last run into the running counts, then derive a new model version from the counts.
 */
export class RecommendationTrainingRepository {
  constructor(private readonly m: EntityManager) {}

  /** Only one run at a time, across instances; false when another run holds the lock. */
  async lock(): Promise<boolean> {
    const [row] = await this.m.query<{ locked: boolean }[]>(
      `SELECT pg_try_advisory_xact_lock(hashtext('recommendation-training')) AS locked`,
    );
    // These statements scan and sort much; plan them for their values and give them room.
    await this.m.query(`SET LOCAL plan_cache_mode = auto`);
    await this.m.query(`SET LOCAL work_mem = '256MB'`);
    return row.locked;
  }

  async latest(): Promise<ModelRow | null> {
    const [row] = await this.m.query<ModelRow[]>(`SELECT * FROM recommendation_models WHERE state = 'ready'`);
    return row ?? null;
  }

  /** A new version, building, adding to `previous`'s counts (or recounting all without one); returns its number and the moment counting goes up to. */
  async begin(previous: ModelRow | null): Promise<{ version: number; countedThrough: Date }> {
    const [row] = await this.m.query<{ model_version: number; counted_through: Date }[]>(
      `INSERT INTO recommendation_models (model_version, state, incremental, counted_through, recounted_at)
       SELECT coalesce(max(model_version), 0) + 1, 'building', $1::timestamptz IS NOT NULL,
              now() - make_interval(secs => ${COUNTING_LAG_SECONDS}), coalesce($1, now())
         FROM recommendation_models
       RETURNING model_version, counted_through`,
      [previous?.recounted_at ?? null],
    );
    return { version: row.model_version, countedThrough: row.counted_through };
  }

  async clearCounts(): Promise<void> {
    await this.m.query(`TRUNCATE recommendation_product_counts, recommendation_pair_counts`);
  }

  /** Adds the baskets of purchases created in (since, through] that stand (not cancelled, not a cancellation); answers how many. */
  async countBaskets(since: Date | null, through: Date): Promise<number> {
    await this.m.query(
      `CREATE TEMP TABLE training_items ON COMMIT DROP AS
       SELECT DISTINCT i.purchase_id, i.product_id
         FROM purchases p JOIN purchase_items i ON i.purchase_id = p.purchase_id
        WHERE ($1::timestamptz IS NULL OR p.created_at > $1) AND p.created_at <= $2 AND NOT p.canceled
          AND NOT EXISTS (SELECT 1 FROM purchases c WHERE c.canceled_purchase_id = p.purchase_id)`,
      [since, through],
    );
    await this.m.query(`CREATE INDEX ON training_items (purchase_id)`);
    await this.m.query(`ANALYZE training_items`);
    await this.m.query(
      `INSERT INTO recommendation_product_counts (product_id, baskets)
       SELECT product_id, count(*) FROM training_items GROUP BY product_id
       ON CONFLICT (product_id) DO UPDATE SET baskets = recommendation_product_counts.baskets + excluded.baskets`,
    );
    await this.m.query(
      `INSERT INTO recommendation_pair_counts (product_id, related_product_id, baskets)
       SELECT a.product_id, b.product_id, count(*)
         FROM training_items a JOIN training_items b ON b.purchase_id = a.purchase_id AND a.product_id < b.product_id
        WHERE a.purchase_id IN (SELECT purchase_id FROM training_items GROUP BY purchase_id HAVING count(*) <= ${MAX_PAIR_BASKET})
        GROUP BY a.product_id, b.product_id
       ON CONFLICT (product_id, related_product_id) DO UPDATE SET baskets = recommendation_pair_counts.baskets + excluded.baskets`,
    );
    const [row] = await this.m.query<{ baskets: string }[]>(`SELECT count(DISTINCT purchase_id) AS baskets FROM training_items`);
    return Number(row.baskets);
  }

  /**
   * The version's neighbours: for each product, the active products most often in its baskets, by the
   * share of its baskets they are in (shrunk towards 0 for rarely bought products), among pairs with
   * enough support and a lift above chance. Answers how many rows it wrote.
   */
  async buildNeighbours(version: number, totalBaskets: number): Promise<number> {
    const [row] = await this.m.query<{ written: string }[]>(
      `WITH written AS (INSERT INTO recommendation_neighbours (model_version, product_id, related_product_id, score)
       SELECT $1, product_id, related_product_id, score FROM (
         SELECT d.product_id, d.related_product_id, d.score,
                row_number() OVER (PARTITION BY d.product_id ORDER BY d.score DESC, d.related_product_id) AS place
           FROM (SELECT pair.product_id, pair.related_product_id, pair.baskets::float8 / (a.baskets + 2) AS score
                   FROM (SELECT product_id, related_product_id, baskets FROM recommendation_pair_counts WHERE baskets >= ${MIN_PAIR_SUPPORT}
                         UNION ALL
                         SELECT related_product_id, product_id, baskets FROM recommendation_pair_counts WHERE baskets >= ${MIN_PAIR_SUPPORT}) pair
                   JOIN recommendation_product_counts a ON a.product_id = pair.product_id
                   JOIN recommendation_product_counts b ON b.product_id = pair.related_product_id
                   JOIN products p ON p.product_id = pair.related_product_id AND p.state = 1
                  WHERE pair.baskets::float8 * $2 > a.baskets::float8 * b.baskets * ${MIN_PAIR_LIFT}) d
       ) ranked
       WHERE place <= ${NEIGHBOURS_PER_PRODUCT}
       RETURNING 1)
       SELECT count(*) AS written FROM written`,
      [version, totalBaskets],
    );
    return Number(row.written);
  }

  /**
   * The version's popularity of every active product sold: its decayed sales of the recent window,
   * plus a small share of its all-time basket count, each scaled by the best product. Answers the count.
   */
  async buildPopularity(version: number, through: Date): Promise<number> {
    const [row] = await this.m.query<{ written: string }[]>(
      `WITH recent AS (
         SELECT i.product_id,
                sum(exp(-ln(2) * extract(epoch FROM $2::timestamptz - p.payment_time) / ${86400 * POPULARITY_HALF_LIFE_DAYS})) AS score
           FROM purchases p JOIN purchase_items i ON i.purchase_id = p.purchase_id
          WHERE p.payment_time > $2::timestamptz - make_interval(days => ${POPULARITY_WINDOW_DAYS}) AND p.payment_time <= $2
            AND NOT p.canceled AND NOT EXISTS (SELECT 1 FROM purchases c WHERE c.canceled_purchase_id = p.purchase_id)
          GROUP BY i.product_id),
       sold AS (
         SELECT coalesce(r.product_id, c.product_id) AS product_id, coalesce(r.score, 0) AS recent, coalesce(c.baskets, 0) AS baskets
           FROM recent r FULL JOIN recommendation_product_counts c ON c.product_id = r.product_id),
       written AS (INSERT INTO recommendation_popularity (model_version, product_id, product_group_id, product_brand_id, score)
       SELECT $1, s.product_id, p.product_group_id, p.product_brand_id,
              coalesce(s.recent / nullif(max(s.recent) OVER (), 0), 0)
              + ${ALL_TIME_POPULARITY_SHARE} * coalesce(s.baskets::float8 / nullif(max(s.baskets) OVER (), 0), 0)
         FROM sold s JOIN products p ON p.product_id = s.product_id AND p.state = 1
       RETURNING 1)
       SELECT count(*) AS written FROM written`,
      [version, through],
    );
    return Number(row.written);
  }

  /** Makes the version the one answers use, and drops all but the one before it (requests may still be reading that one). */
  async publish(version: number, stats: { baskets: number; newBaskets: number; products: number; pairs: number }): Promise<ModelRow> {
    await this.m.query(`UPDATE recommendation_models SET state = 'retired' WHERE state = 'ready'`);
    await this.m.query(
      `UPDATE recommendation_models SET state = 'ready', finished_at = clock_timestamp(), baskets = $2, new_baskets = $3, products = $4, pairs = $5
        WHERE model_version = $1`,
      [version, stats.baskets, stats.newBaskets, stats.products, stats.pairs],
    );
    await this.m.query(`DELETE FROM recommendation_models WHERE state = 'retired' AND model_version < $1 - 1`, [version]);
    return (await this.latest()) as ModelRow;
  }
}
