import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { preparedQuery } from '@tessera/core';
import { liveCustomerSql } from '../customers';
import { BoughtProduct, ProductCategory } from './engine/product-ranking';

/** How far back a customer's own shopping counts, in purchases. */
export const HISTORY_PURCHASES = 100;
/** A purchase's weight halves every this many days. */
export const HISTORY_HALF_LIFE_DAYS = 180;
/** How many of the customer's strongest products seed the products bought with them. */
export const HISTORY_SEEDS = 20;

/**
 * The CTEs `recent` (the customer's last standing purchases) and `history` (per product bought: its
 * group, brand and weight, each purchase's weight halving every half-life): the customer's own shopping.
 */
export function customerHistorySql(customerIdParam: string): string {
  return `recent AS (
    SELECT p.purchase_id, p.payment_time FROM purchases p
     WHERE p.customer_id = ${customerIdParam} AND NOT p.canceled
       AND NOT EXISTS (SELECT 1 FROM purchases c WHERE c.canceled_purchase_id = p.purchase_id)
     ORDER BY p.payment_time DESC LIMIT ${HISTORY_PURCHASES}),
  history AS (
    SELECT i.product_id, min(i.product_group_id) AS group_id, min(i.product_brand_id) AS brand_id,
           sum(exp(-ln(2) * greatest(extract(epoch FROM now() - r.payment_time), 0) / ${86400 * HISTORY_HALF_LIFE_DAYS}))::float8 AS weight
      FROM recent r JOIN purchase_items i ON i.purchase_id = r.purchase_id
     GROUP BY i.product_id)`;
}

export interface FactsQuery {
  customerId: string | null;
  candidateIds: readonly string[];
  cartIds: readonly string[];
  modelVersion: number | null;
}

export interface KnownProduct extends ProductCategory {
  state: number;
  pluIds: PluId[];
}

/** What one request's ranking reads from the database, before the model in memory is added. */
export interface ReadFacts {
  customerExists: boolean;
  history: Map<string, BoughtProduct>;
  cartAssociations: Map<string, number>;
  historyAssociations: Map<string, number>;
  customerThirdParty: Map<string, number>;
  cartThirdParty: Map<string, number>;
  /** Candidates, cart products and third-party picks that exist (not deleted), with group, brand, state and PLU ids. */
  products: Map<string, KnownProduct>;
}

interface FactsRow {
  customer_exists: boolean;
  history: [string, string | null, string | null, number][];
  associations: ['cart' | 'history', string, number][];
  third_party: ['cart' | 'history' | 'customer', string, number][];
  products: [string, string | null, string | null, number, PluId[]][];
}

export type PluId = { list_code: string; code: string };

export interface ProductDetails {
  active: boolean;
  pluIds: PluId[];
}

/**
 * Reads a ranking's evidence in one statement: the customer's decayed purchase history, the products
 * bought with the cart and with the customer's strongest products (from the ready model version),
 * third-party scores scaled within each system and dataset, and the products named in the request
 * with their PLU ids.
 * Cancelled purchases and their cancellations do not count.
 */
const FACTS_SQL = `
  WITH ${customerHistorySql('$1')},
  basis AS (
    SELECT DISTINCT product_id, 'cart' AS source, 1::float8 AS weight FROM unnest($3::varchar[]) AS product_id
    UNION ALL
    SELECT product_id, 'history', weight / max(weight) OVER () FROM (SELECT product_id, weight FROM history ORDER BY weight DESC, product_id LIMIT ${HISTORY_SEEDS}) seeds),
  associations AS (
    SELECT b.source, n.related_product_id AS product_id, sum(n.score * b.weight)::float8 AS score
      FROM basis b JOIN recommendation_neighbours n ON n.model_version = $4 AND n.product_id = b.product_id
     GROUP BY b.source, n.related_product_id),
  third AS (
    SELECT 'customer' AS source, t.recommended_product_id AS product_id, t.recommendation_system_id AS system_id,
           t.recommendation_system_dataset_id AS dataset_id, t.score
      FROM third_party_recommendations t WHERE t.customer_id = $1 AND t.source_product_id IS NULL AND t.state = 1
    UNION ALL
    SELECT b.source, t.recommended_product_id, t.recommendation_system_id, t.recommendation_system_dataset_id, t.score * b.weight
      FROM basis b JOIN third_party_recommendations t ON t.source_product_id = b.product_id
     WHERE t.state = 1 AND (t.customer_id IS NULL OR t.customer_id = $1)),
  third_scaled AS (
    SELECT source, product_id, max(scaled)::float8 AS score
      FROM (SELECT source, product_id, score / nullif(max(score) OVER (PARTITION BY system_id, dataset_id), 0) AS scaled FROM third WHERE score > 0) s
     WHERE scaled > 0
     GROUP BY source, product_id)
  SELECT ($1::varchar IS NULL OR ${liveCustomerSql('$1')}) AS customer_exists,
         (SELECT coalesce(json_agg(json_build_array(product_id, group_id, brand_id, weight)), '[]') FROM history) AS history,
         (SELECT coalesce(json_agg(json_build_array(source, product_id, score)), '[]') FROM associations) AS associations,
         (SELECT coalesce(json_agg(json_build_array(source, product_id, score)), '[]') FROM third_scaled) AS third_party,
         (SELECT coalesce(json_agg(json_build_array(p.product_id, p.product_group_id, p.product_brand_id, p.state,
                   coalesce((SELECT json_agg(json_build_object('list_code', u.list_code, 'code', u.code) ORDER BY u.list_code, u.code)
                               FROM product_plu_ids u WHERE u.product_id = p.product_id), '[]'))), '[]')
            FROM products p
           WHERE p.state <> 0 AND p.product_id = ANY($2::varchar[] || $3::varchar[] || ARRAY(SELECT product_id FROM third_scaled))) AS products`;

@Injectable()
export class RecommendationFactsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async read(query: FactsQuery): Promise<ReadFacts> {
    const [row] = await preparedQuery<FactsRow>(this.dataSource.manager, 'recommendation-facts', FACTS_SQL, [
      query.customerId,
      query.candidateIds,
      query.cartIds,
      query.modelVersion,
    ]);
    const facts: ReadFacts = {
      customerExists: row.customer_exists,
      history: new Map(row.history.map(([id, groupId, brandId, weight]) => [id, { groupId, brandId, weight }])),
      cartAssociations: new Map(),
      historyAssociations: new Map(),
      customerThirdParty: new Map(),
      cartThirdParty: new Map(),
      products: new Map(row.products.map(([id, groupId, brandId, state, pluIds]) => [id, { groupId, brandId, state, pluIds }])),
    };
    for (const [source, id, score] of row.associations)
      (source === 'cart' ? facts.cartAssociations : facts.historyAssociations).set(id, score);
    for (const [source, id, score] of row.third_party) {
      const scores = source === 'cart' ? facts.cartThirdParty : facts.customerThirdParty;
      scores.set(id, Math.max(scores.get(id) ?? 0, score));
    }
    return facts;
  }

  /** Each existing product's PLU ids and whether it is active, for the answer. */
  async productDetails(productIds: readonly string[]): Promise<Map<string, ProductDetails>> {
    if (productIds.length === 0) return new Map();
    const rows = await preparedQuery<{ product_id: string; state: number; plu_ids: PluId[] }>(
      this.dataSource.manager,
      'recommendation-product-details',
      `SELECT p.product_id, p.state,
              coalesce((SELECT json_agg(json_build_object('list_code', u.list_code, 'code', u.code) ORDER BY u.list_code, u.code)
                          FROM product_plu_ids u WHERE u.product_id = p.product_id), '[]') AS plu_ids
         FROM products p WHERE p.product_id = ANY($1::varchar[])`,
      [productIds],
    );
    return new Map(rows.map((row) => [row.product_id, { active: row.state === 1, pluIds: row.plu_ids }]));
  }
}
