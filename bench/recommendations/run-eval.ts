import { Client } from 'pg';
import { loadConfig } from '../../src/config/app-config';
import { connectDatabase } from '../../src/database/database-connection';
import { runMigrations } from '../../src/database/database.module';
import { closeGracefully, createHttpApp } from '../../src/http/create-http-app';
import { ProductRecommendationService, RecommendationTrainingService } from '../../src/modules/recommendations';
import { ProjectSetupService } from '../../src/setup/project-setup.service';
import { averageScores, RankingScores, scoreRanking } from './ranking-metrics';
import { generateSyntheticHistory, ItemSource, SyntheticHistory, SyntheticHistoryOptions } from './synthetic-history';

/**
 * Offline evaluation of the recommendation engine: on a database of its own (`tessera_eval`, dropped and
 * created again on the server `DATABASE_URL` names, or on the embedded PostgreSQL), a synthetic history
 * is written without each customer's last basket; the engine is trained on it and asked for every
 * customer's best 10 products, which are scored against that held-out basket next to two baselines:
 * the 10 most bought products overall, and the customer's own most bought products. Prints the metrics,
 * the share of the held-out items each method finds among those the customer had bought before and among
 * those new to them, and each phase's time; exits 1 unless the engine beats both baselines on every
 * metric. `EVAL_SEED` picks another history.
 */

const K = 10;
const CONCURRENCY = 8;
const EVAL_DATABASE = 'tessera_eval';
const HISTORY: Omit<SyntheticHistoryOptions, 'log'> = {
  seed: Number(process.env.EVAL_SEED ?? '7'),
  namespace: 'eval',
  customers: 50_000,
  customerIdPrefix: 'eval-customer-',
  createCustomers: true,
  products: 5_000,
  groups: 50,
  brands: 250,
  basketsPerCustomer: { min: 2, max: 30 },
  spanDays: 730,
  holdOutLastBasket: true,
  batchCustomers: 5_000,
};

const log = (message: string) => process.stderr.write(`${message}\n`);

async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  log(`${phase}...`);
  const started = Date.now();
  const result = await work();
  log(`${phase}: ${((Date.now() - started) / 1000).toFixed(1)}s`);
  return result;
}

/** The same server and credentials, another database. */
function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function recreateDatabase(serverUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${database}"`);
  } finally {
    await client.end();
  }
}

/** Runs `work` over the items with at most `limit` at a time, keeping their order. */
async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
      if ((index + 1) % 10_000 === 0) log(`  ${index + 1} of ${items.length}`);
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** Purchases that count as bought: not cancellations, and not cancelled (the engine's rule too). */
const KEPT_PURCHASES = `
  SELECT p.purchase_id, p.customer_id, p.payment_time FROM purchases p
   WHERE NOT p.canceled AND NOT EXISTS (SELECT 1 FROM purchases c WHERE c.canceled_purchase_id = p.purchase_id)`;

/** The products in the most purchases of the whole history, the same list for everybody. */
async function globalPopularity(client: Client): Promise<string[]> {
  const { rows } = await client.query<{ product_id: string }>(
    `SELECT i.product_id FROM (${KEPT_PURCHASES}) p JOIN purchase_items i ON i.purchase_id = p.purchase_id
      GROUP BY i.product_id ORDER BY count(DISTINCT p.purchase_id) DESC, i.product_id LIMIT ${K}`,
  );
  return rows.map((row) => row.product_id);
}

/** Each customer's products in the most of their purchases, the more recently bought first among equals. */
async function ownMostBought(client: Client): Promise<Map<string, string[]>> {
  const { rows } = await client.query<{ customer_id: string; products: string[] }>(
    `WITH bought AS (
       SELECT p.customer_id, i.product_id, count(DISTINCT p.purchase_id) AS purchases, max(p.payment_time) AS latest
         FROM (${KEPT_PURCHASES}) p JOIN purchase_items i ON i.purchase_id = p.purchase_id
        WHERE p.customer_id IS NOT NULL
        GROUP BY p.customer_id, i.product_id),
     ranked AS (
       SELECT customer_id, product_id,
              row_number() OVER (PARTITION BY customer_id ORDER BY purchases DESC, latest DESC, product_id) AS position
         FROM bought)
     SELECT customer_id, array_agg(product_id ORDER BY position) AS products FROM ranked WHERE position <= ${K} GROUP BY customer_id`,
  );
  return new Map(rows.map((row) => [row.customer_id, row.products]));
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

function describeHeldOut(history: SyntheticHistory): void {
  const items = history.heldOut.reduce((sum, basket) => sum + basket.productIds.length, 0);
  const repeats = history.heldOut.reduce((sum, basket) => sum + basket.boughtBeforeIds.length, 0);
  log(`Held-out baskets: ${history.heldOut.length}, ${items} items, ${percent(repeats, items)} of them bought by the customer before`);
  const sources = Object.entries(history.heldOutBySource) as [ItemSource, number][];
  log(`  put there by: ${sources.map(([source, n]) => `${source} ${percent(n, items)}`).join(', ')}`);
}

/** Which part of the held-out items a method finds: those the customer had bought before, and those new to them. */
function foundByKind(history: SyntheticHistory, lists: readonly (readonly string[])[]): { repeats: number; news: number } {
  const found = { repeats: 0, news: 0, allRepeats: 0, allNews: 0 };
  history.heldOut.forEach((basket, index) => {
    const top = new Set(lists[index].slice(0, K));
    const before = new Set(basket.boughtBeforeIds);
    for (const id of basket.productIds) {
      const hit = top.has(id) ? 1 : 0;
      if (before.has(id)) {
        found.allRepeats++;
        found.repeats += hit;
      } else {
        found.allNews++;
        found.news += hit;
      }
    }
  });
  return { repeats: found.repeats / found.allRepeats, news: found.news / found.allNews };
}

const cell = (value: number) => value.toFixed(4);

function metricsTable(results: { name: string; scores: RankingScores }[]): string {
  return [
    `| method | Recall@${K} | NDCG@${K} | HitRate@${K} |`,
    '|---|---:|---:|---:|',
    ...results.map(({ name, scores: s }) => `| ${name} | ${cell(s.recall)} | ${cell(s.ndcg)} | ${cell(s.hitRate)} |`),
  ].join('\n');
}

function foundTable(results: { name: string; found: { repeats: number; news: number } }[]): string {
  return [
    `| method | share found of held-out items bought before | share found of held-out items new to the customer |`,
    '|---|---:|---:|',
    ...results.map(({ name, found }) => `| ${name} | ${cell(found.repeats)} | ${cell(found.news)} |`),
  ].join('\n');
}

async function main(): Promise<number> {
  const baseConfig = loadConfig({ ...process.env, TESSERA_LOG_LEVEL: 'warn', TESSERA_PLAIN_HTTP: 'true' });
  const server = await connectDatabase(baseConfig, () => undefined);
  const databaseUrl = withDatabase(server.url, EVAL_DATABASE);
  const config = { ...baseConfig, databaseUrl };
  let app: Awaited<ReturnType<typeof createHttpApp>> | undefined;
  const client = new Client({ connectionString: databaseUrl });
  try {
    await timed(`Creating and migrating ${EVAL_DATABASE}`, async () => {
      await recreateDatabase(server.url, EVAL_DATABASE);
      await runMigrations(databaseUrl);
    });
    const running = await timed('Starting the app and the project setup', async () => {
      app = await createHttpApp({ config, databaseUrl });
      await app.get(ProjectSetupService).ensure({ createDemo: false });
      return app;
    });
    await client.connect();

    const history = await timed(`Generating ${HISTORY.customers} customers' history over ${HISTORY.products} products`, () =>
      generateSyntheticHistory(client, { ...HISTORY, log }),
    );
    log(`Written: ${history.purchases} purchases (${history.cancellations} of them cancellations), ${history.items} items`);
    describeHeldOut(history);

    const report = await timed('Training', () => running.get(RecommendationTrainingService).train({ full: true }));
    if (!report) throw new Error(`Another training run holds ${EVAL_DATABASE}'s training lock`);
    log(`Training report: ${JSON.stringify(report)}`);

    const service = running.get(ProductRecommendationService);
    const recommended = await timed(`Asking the engine for ${K} products per customer (${CONCURRENCY} at a time)`, () =>
      mapBounded(history.heldOut, CONCURRENCY, (basket) => service.recommendFor(basket.customerId, K)),
    );

    const [popular, own] = await timed('Baselines', async () => [await globalPopularity(client), await ownMostBought(client)] as const);
    const methods: [string, (readonly string[])[]][] = [
      ['engine', recommended],
      ['global popularity', history.heldOut.map(() => popular)],
      ["customer's own most bought", history.heldOut.map((basket) => own.get(basket.customerId) ?? [])],
    ];
    const results = methods.map(([name, lists]) => ({
      name,
      scores: averageScores(history.heldOut.map((basket, index) => scoreRanking(lists[index], new Set(basket.productIds), K))),
      found: foundByKind(history, lists),
    }));
    const shortLists = history.heldOut.filter((basket) => (own.get(basket.customerId)?.length ?? 0) < K).length;
    log(`Customers who bought fewer than ${K} products (own most bought is shorter): ${percent(shortLists, history.heldOut.length)}`);
    process.stdout.write(`${metricsTable(results)}\n\n${foundTable(results)}\n`);

    const [engine, ...baselines] = results.map((result) => result.scores);
    const beaten = baselines.every((s) => engine.recall > s.recall && engine.ndcg > s.ndcg && engine.hitRate > s.hitRate);
    log(beaten ? 'The engine beats both baselines on every metric.' : 'The engine does NOT beat both baselines on every metric.');
    return beaten ? 0 : 1;
  } finally {
    await client.end();
    if (app) await closeGracefully(app);
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
