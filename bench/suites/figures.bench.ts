import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { CONNECTIONS, BENCH_SECONDS, WARM_UP_SECONDS } from '../bench-settings';
import { BenchContext, BenchSuite, Measurement, MeasuredScenario } from '../bench-suite';
import { StatementTally, whenQuiet } from '../statement-counter';
import { FiguresQuery, FiguresRollupService, ProgrammeFiguresService } from '../../src/modules/programme-figures';
import { CUSTOMERS, ensureCustomers } from './customers.bench';

/** Purchases of the customers suite's million customers; `BENCH_FIGURES_PURCHASES` makes a smaller run. */
export const PURCHASES = Number(process.env.BENCH_FIGURES_PURCHASES ?? '2000000');
const STORES = 20;
const CHUNK = 200_000;

/**
 * Bench stores and purchases (ids md5('bench-figures-purchase-<i>'), external ids bench-figures-<i>) spread
 * over the last 365 days and 20 stores, each with its earned points in the history, inserted in bulk
 * chunks with SQL, written when they were paid so the rollup meets a year of history at once.
 */
export async function ensurePurchases(client: Client, log: BenchContext['log']): Promise<void> {
  const last = await client.query(`SELECT 1 FROM purchases WHERE external_purchase_id = $1`, [`bench-figures-${PURCHASES}`]);
  if (last.rowCount) return;
  log(`Generating ${PURCHASES} purchases over ${STORES} stores and a year, with their points...`);
  const started = Date.now();
  await client.query(
    `INSERT INTO stores (store_id, store_code, name, partner_id, system_id)
     SELECT md5('bench-figures-store-' || i), 'bench-figures-' || i, 'Bench store ' || i, s.partner_id, 'bench'
       FROM generate_series(1, ${STORES}) AS i, (SELECT partner_id FROM stores ORDER BY created_at, store_id LIMIT 1) s
     ON CONFLICT DO NOTHING`,
  );
  for (let from = 1; from <= PURCHASES; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, PURCHASES);
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, store_id, cashdesk_number, purchase_type_id, payment_type_id,
                              currency_id, payment_time, total_price, items_count, earned_points, created_at, last_change)
       SELECT md5('bench-figures-purchase-' || i), 'bench-figures-' || i, md5('bench-customer-' || (1 + (i::bigint * 7919) % ${CUSTOMERS})),
              md5('bench-figures-store-' || (1 + i % ${STORES})), '1', pt.purchase_type_id, pay.payment_type_id, c.currency_id,
              t.paid, 5 + i % 200, 1, 5 + i % 200, t.paid, t.paid
         FROM generate_series($1::int, $2::int) AS i
        CROSS JOIN LATERAL (SELECT now() - make_interval(days => i % 365, secs => (i * 37) % 86400) AS paid) t,
              (SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase') pt,
              (SELECT payment_type_id FROM payment_types ORDER BY payment_type_id LIMIT 1) pay,
              (SELECT currency_id FROM currencies WHERE code = 'EUR') c
       ON CONFLICT DO NOTHING`,
      [from, to],
    );
    await client.query(
      `INSERT INTO point_history (point_history_id, customer_id, point_type_id, partner_id, store_id, point_amount, operation_type, recorded_at)
       SELECT md5('bench-figures-points-' || i), md5('bench-customer-' || (1 + (i::bigint * 7919) % ${CUSTOMERS})), pt.point_type_id, s.partner_id,
              md5('bench-figures-store-' || (1 + i % ${STORES})), 5 + i % 200, 'Points addition',
              now() - make_interval(days => i % 365, secs => (i * 37) % 86400)
         FROM generate_series($1::int, $2::int) AS i,
              (SELECT point_type_id FROM point_types WHERE is_default) pt,
              (SELECT partner_id FROM stores ORDER BY created_at, store_id LIMIT 1) s
       ON CONFLICT DO NOTHING`,
      [from, to],
    );
    await client.query('COMMIT');
    log(`  ${to} purchases (${((Date.now() - started) / 1000).toFixed(0)}s)`);
  }
  await client.query('ANALYZE stores, purchases, point_history');
  log(`Generated in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

export const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? NaN;

/** Calls `figures()` from `callers` loops for `seconds`; the latencies of every call, in milliseconds. */
async function callFor(figures: ProgrammeFiguresService, query: FiguresQuery, callers: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await figures.figures(query);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/**
 * `figures()` called in-process by as many callers as the HTTP rows have connections, compared with
 * one customer's point SELECT in a bare NestJS app; a single caller's p50 and p99 are logged beside it.
 */
function figuresScenario(name: string, figures: ProgrammeFiguresService, query: FiguresQuery, log: BenchContext['log']): MeasuredScenario {
  return {
    name,
    baseline: 'nest-pg-select',
    async measure(tally: StatementTally): Promise<Measurement> {
      const alone = await callFor(figures, query, 1, WARM_UP_SECONDS + 2);
      log(`  ${name}, one caller: p50 ${percentile(alone, 0.5).toFixed(1)} ms, p99 ${percentile(alone, 0.99).toFixed(1)} ms`);
      await callFor(figures, query, CONNECTIONS, WARM_UP_SECONDS);
      await whenQuiet(tally);
      const before = tally.count;
      const latencies = await callFor(figures, query, CONNECTIONS, BENCH_SECONDS);
      await whenQuiet(tally);
      return {
        name,
        requestsPerSecond: latencies.length / BENCH_SECONDS,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        non2xx: 0,
        statementsPerRequest: (tally.count - before) / latencies.length,
        statuses: `calls:${latencies.length}`,
      };
    },
  };
}

/** The generated purchases the daily rollup counts in the bench stores. */
async function rolledUpBenchPurchases(databaseUrl: string): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ purchases: string }>(
      `SELECT coalesce(sum(f.purchases), 0) AS purchases
         FROM programme_daily_figures f JOIN stores s ON s.store_id = f.store_id
        WHERE s.store_code LIKE 'bench-figures-%'`,
    );
    return Number(rows[0].purchases);
  } finally {
    await client.end();
  }
}

const dayOf = (time: Date) => time.toISOString().slice(0, 10);

/** The programme dashboards' figures over a million customers and their purchases of a year, after one rollup. */
export const figuresSuite: BenchSuite = {
  name: 'figures',
  async prepare({ app, databaseUrl, log }) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await ensureCustomers(client, log);
      await ensurePurchases(client, log);
    } finally {
      await client.end();
    }
    // The generated rows carry the times they happened, before any mark: only a rebuild counts them. It
    // takes minutes at this size, so a database whose rollups already count them keeps them.
    if ((await rolledUpBenchPurchases(databaseUrl)) === PURCHASES) {
      log(`The rollups already count the ${PURCHASES} generated purchases: no rebuild`);
    } else {
      const started = Date.now();
      const rolled = await app.get(FiguresRollupService).rebuild();
      log(
        `Rebuilding the rollups took ${((Date.now() - started) / 1000).toFixed(1)}s; days recomputed per source: ${JSON.stringify(rolled.days)}`,
      );
    }
    const idleStarted = Date.now();
    await app.get(FiguresRollupService).run();
    log(`A rollup with nothing new (the snapshots alone) took ${((Date.now() - idleStarted) / 1000).toFixed(1)}s`);
    const figures = app.get(ProgrammeFiguresService);
    const now = Date.now();
    const today = dayOf(new Date(now));
    const daily: FiguresQuery = { from: dayOf(new Date(now - 89 * 86_400_000)), to: today, granularity: 'day' };
    const monthly: FiguresQuery = { from: dayOf(new Date(now - 334 * 86_400_000)), to: today, granularity: 'month' };
    const check = await figures.figures(monthly);
    log(
      `12 months: ${check.periods.reduce((sum, period) => sum + period.purchases, 0)} purchases, liability ${check.periods.at(-1)?.liability}`,
    );
    return [
      figuresScenario(`figures() 90 days daily (${PURCHASES / 1e6}M purchases)`, figures, daily, log),
      figuresScenario(`figures() 12 months monthly (${PURCHASES / 1e6}M purchases)`, figures, monthly, log),
    ];
  },
};
