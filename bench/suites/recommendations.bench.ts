import { Client } from 'pg';
import { RecommendationTrainingService } from '../../src/modules/recommendations';
import { BenchContext, BenchSuite } from '../bench-suite';
import { ensureRecommendationHistory, recommendationProbe } from '../recommendations/bench-history';
import { ensureCustomers } from './customers.bench';

const REWARDS = 500;

/**
 * Bench rewards (codes BENCH-RECO-<i>) each giving two products of one group of the history, so reward
 * recommendations have products, groups and brands to weigh; skipped when present.
 */
async function ensureRewards(client: Client, log: BenchContext['log']): Promise<void> {
  const existing = Number(
    (await client.query<{ n: string }>(`SELECT count(*) AS n FROM rewards WHERE code LIKE 'BENCH-RECO-%'`)).rows[0].n,
  );
  if (existing >= REWARDS) return;
  log(`Generating ${REWARDS} rewards with products...`);
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO rewards (reward_id, code, names, reward_group, reward_type_id, points_cost)
     SELECT md5('bench-reco-reward-' || i), 'BENCH-RECO-' || i, jsonb_build_object('en', 'Bench recommended reward ' || i), 1,
            (SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'), 10
       FROM generate_series(1, $1) AS i ON CONFLICT DO NOTHING`,
    [REWARDS],
  );
  await client.query(
    `INSERT INTO reward_products (reward_id, product_id, relation)
     SELECT md5('bench-reco-reward-' || r.i), p.product_id, 1
       FROM generate_series(1, $1) AS r(i)
       CROSS JOIN LATERAL (SELECT product_id FROM products WHERE state = 1 ORDER BY product_id OFFSET r.i * 397 % 199000 LIMIT 2) p
     ON CONFLICT DO NOTHING`,
    [REWARDS],
  );
  await client.query('COMMIT');
  await client.query('ANALYZE rewards, reward_products');
}

/**
 * The engine's six actions and both reward-recommendation reads for one customer with a purchase
 * history, on a million customers and 200,000 products with a trained model. The model is trained
 * (every purchase counted) when there is none or `BENCH_RETRAIN` is set, and its training time printed.
 */
export const recommendationsSuite: BenchSuite = {
  name: 'recommendations',
  async prepare({ app, api, auth, databaseUrl, log }) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await ensureCustomers(client, log);
      await ensureRecommendationHistory(client, log);
      await ensureRewards(client, log);
      const training = app.get(RecommendationTrainingService);
      if (!(await training.status()) || process.env.BENCH_RETRAIN) {
        log('Training the recommendation model on every purchase...');
        const report = await training.train({ full: true });
        if (!report) throw new Error('Another training run holds the lock');
        log(
          `Trained model ${report.modelVersion} in ${(report.millis / 1000).toFixed(1)}s: ${report.purchases} purchases, ${report.products} products, ${report.pairs} links`,
        );
      } else {
        const [row] = (
          await client.query<{ seconds: number; model_version: number }>(
            `SELECT model_version, extract(epoch FROM finished_at - started_at)::float8 AS seconds FROM recommendation_models WHERE state = 'ready'`,
          )
        ).rows;
        log(`Using model ${row.model_version}, trained in ${row.seconds.toFixed(1)}s (BENCH_RETRAIN=1 trains again)`);
      }
      const probe = await recommendationProbe(client);
      const headers = { ...auth, 'content-type': 'application/json' };
      const post = (name: string, path: string, body: object) => ({
        name,
        url: `${api}${path}`,
        method: 'POST' as const,
        headers,
        body: JSON.stringify(body),
        baseline: 'nest-pg-select' as const,
      });
      const customer = { customer_id: probe.customerId };
      const candidates = { product_id_list: probe.candidateIds };
      const cart = { cart_product_ids: probe.cartIds };
      return [
        post('POST /recommendation-engine/product/actions/eliminate (20)', '/recommendation-engine/product/actions/eliminate', {
          ...customer,
          ...candidates,
        }),
        post('POST /recommendation-engine/product/actions/order (20)', '/recommendation-engine/product/actions/order', {
          ...customer,
          ...candidates,
        }),
        post('POST /recommendation-engine/product/actions/combine (20, count 30)', '/recommendation-engine/product/actions/combine', {
          ...customer,
          ...candidates,
          count: 30,
        }),
        post(
          'POST /recommendation-engine/shopping-cart/actions/eliminate (cart 3, 20)',
          '/recommendation-engine/shopping-cart/actions/eliminate',
          {
            ...customer,
            ...cart,
            ...candidates,
          },
        ),
        post('POST /recommendation-engine/shopping-cart/actions/order (cart 3, 20)', '/recommendation-engine/shopping-cart/actions/order', {
          ...cart,
          ...candidates,
        }),
        post(
          'POST /recommendation-engine/shopping-cart/actions/combine (cart 3, count 10)',
          '/recommendation-engine/shopping-cart/actions/combine',
          {
            ...customer,
            ...cart,
            count: 10,
          },
        ),
        // An app shows a customer's top rewards; the contract's default page of 100 is measured too.
        {
          name: 'GET /customers/{id}/reward-recommendations?count=10',
          url: `${api}/customers/${probe.customerId}/reward-recommendations?count=10`,
          headers: auth,
          baseline: 'nest-pg-select',
        },
        {
          name: 'GET /rewards/actions/reward-recommendations?customer_id=&count=10',
          url: `${api}/rewards/actions/reward-recommendations?customer_id=${probe.customerId}&count=10`,
          headers: auth,
          baseline: 'nest-pg-select',
        },
        {
          name: 'GET /customers/{id}/reward-recommendations (100 per page)',
          url: `${api}/customers/${probe.customerId}/reward-recommendations`,
          headers: auth,
          baseline: 'nest-pg-select',
        },
      ];
    } finally {
      await client.end();
    }
  },
};
