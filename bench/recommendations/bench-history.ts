import { Client } from 'pg';
import { generateSyntheticHistory, SyntheticHistoryOptions } from './synthetic-history';

/** The customers suite's million customers (md5('bench-customer-<i>')); the history is theirs. */
const CUSTOMERS = 1_000_000;
/** The first customer the probe considers: deep inside the table, like the customers suite's probe. */
const PROBE_FROM = 654_321;

/**
 * The recommendation bench's history: 200,000 products in 1,000 groups and 10,000 brands, and 0-6 baskets
 * per customer over two years (most customers shop rarely): about 1.93 million purchases with 7.5 million
 * items, with the planted structure of `synthetic-history.ts`.
 */
const HISTORY: Omit<SyntheticHistoryOptions, 'log'> = {
  seed: 20_251_124,
  namespace: 'bench-reco',
  customers: CUSTOMERS,
  customerIdPrefix: 'bench-customer-',
  createCustomers: false,
  products: 200_000,
  groups: 1_000,
  brands: 10_000,
  basketsPerCustomer: { min: 0, max: 6 },
  spanDays: 730,
  holdOutLastBasket: false,
  batchCustomers: 10_000,
};

/** What a recommendation request of the bench names: a customer with history, products to rank, and a cart. */
export interface RecommendationProbe {
  customerId: string;
  /** 20 products of the groups the customer buys from, up to 8 of them bought before. */
  candidateIds: string[];
  /** 3 products of the customer's latest purchases. */
  cartIds: string[];
}

/** Generates the history unless it is there already; the bench customers must exist. */
export async function ensureRecommendationHistory(client: Client, log: (message: string) => void): Promise<void> {
  const { rows } = await client.query<{ n: string }>(
    `SELECT count(*) AS n FROM customers WHERE customer_id IN (md5('bench-customer-1'), md5('bench-customer-' || $1::int))`,
    [CUSTOMERS],
  );
  if (Number(rows[0].n) !== 2) throw new Error(`The recommendation history needs the customers suite's million customers first`);
  const started = Date.now();
  log(`Ensuring the recommendation history (${HISTORY.products} products, ${CUSTOMERS} customers' purchases)...`);
  const history = await generateSyntheticHistory(client, { ...HISTORY, log });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (history.purchases === 0) {
    log(`Recommendation history already present (checked in ${seconds}s)`);
  } else {
    const resumed = history.skippedBatches > 0 ? `, resuming after ${history.skippedBatches} batches written before` : '';
    log(
      `Generated ${history.purchases} purchases with ${history.items} items (${history.cancellations} cancellations) in ${seconds}s${resumed}`,
    );
  }
}

/** The first customer from the probe index on with at least three purchases, their groups' products and latest products. */
export async function recommendationProbe(client: Client): Promise<RecommendationProbe> {
  const customer = await client.query<{ customer_id: string }>(
    `SELECT p.customer_id FROM generate_series($1::int, $1::int + 1000) AS i
       JOIN purchases p ON p.customer_id = md5('bench-customer-' || i) AND NOT p.canceled
      GROUP BY i, p.customer_id HAVING count(*) >= 3 ORDER BY i LIMIT 1`,
    [PROBE_FROM],
  );
  if (customer.rowCount !== 1) throw new Error('No bench customer with a purchase history; run ensureRecommendationHistory first');
  const customerId = customer.rows[0].customer_id;
  const cart = await client.query<{ product_id: string }>(
    `SELECT product_id FROM (
       SELECT DISTINCT ON (i.product_id) i.product_id, p.payment_time, i.position
         FROM purchases p JOIN purchase_items i ON i.purchase_id = p.purchase_id
        WHERE p.customer_id = $1 AND NOT p.canceled
        ORDER BY i.product_id, p.payment_time DESC) latest
     ORDER BY payment_time DESC, position LIMIT 3`,
    [customerId],
  );
  const cartIds = cart.rows.map((row) => row.product_id);
  // Up to 8 products the customer bought before, then products of the same groups they have not bought.
  const candidates = await client.query<{ product_id: string }>(
    `WITH bought AS (
       SELECT DISTINCT i.product_id, i.product_group_id FROM purchases p JOIN purchase_items i ON i.purchase_id = p.purchase_id
        WHERE p.customer_id = $1 AND NOT p.canceled AND NOT i.product_id = ANY($2::varchar[]))
     SELECT product_id FROM (
       (SELECT product_id, true AS known FROM bought ORDER BY product_id LIMIT 8)
       UNION ALL
       (SELECT product_id, false FROM products
         WHERE state = 1 AND product_group_id IN (SELECT product_group_id FROM bought)
           AND NOT product_id = ANY($2::varchar[]) AND product_id NOT IN (SELECT product_id FROM bought)
         ORDER BY product_id LIMIT 20)) c
     ORDER BY known DESC, product_id`,
    [customerId, cartIds],
  );
  const candidateIds = candidates.rows.map((row) => row.product_id).slice(0, 20);
  if (cartIds.length < 3 || candidateIds.length < 20) throw new Error(`The probe customer ${customerId} has too short a history`);
  return { customerId, candidateIds, cartIds };
}
