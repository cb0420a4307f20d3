import { createHash, randomInt } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { OPERATOR_BASE_PATH } from '@tessera/http';
import { Client } from 'pg';
import { CONNECTIONS, BENCH_SECONDS, WARM_UP_SECONDS } from '../bench-settings';
import { BenchContext, BenchSuite, Measurement, MeasuredScenario } from '../bench-suite';
import { StatementTally, whenQuiet } from '../statement-counter';
import { ownerHeaders } from '../operator-session';
import { CustomerCareService } from '../../src/modules/customer-care';
import { CUSTOMERS, PROBE, ensureCustomers } from './customers.bench';
import { PURCHASES, ensurePurchases, percentile } from './figures.bench';

/** The seeded customer `i`'s id, as the customers suite makes it, so callers can pick one at random without a query. */
const customerId = (i: number) => createHash('md5').update(`bench-customer-${i}`).digest('hex');

/**
 * What the figures seed leaves out of a care picture, added by SQL once (skipped when the last card exists):
 * a card and a spendable point record for every bench customer, two vouchers for every tenth and one of
 * five segments for every fourth. The figures seed gives each customer purchases and point movements.
 */
async function ensurePictureExtras(client: Client, log: BenchContext['log']): Promise<void> {
  const last = await client.query(`SELECT 1 FROM cards WHERE card_number = $1`, [`BENCH-PIC-${CUSTOMERS}`]);
  if (last.rowCount) return;
  log(`Giving ${CUSTOMERS} customers cards and points, every tenth vouchers, every fourth a segment...`);
  const started = Date.now();
  await client.query(
    `INSERT INTO cards (card_id, customer_id, card_type_id, card_number)
     SELECT md5('bench-picture-card-' || i), md5('bench-customer-' || i), t.card_type_id, 'BENCH-PIC-' || i
       FROM generate_series(1, $1::int) AS i, (SELECT card_type_id FROM card_types WHERE is_default) t
     ON CONFLICT DO NOTHING`,
    [CUSTOMERS],
  );
  await client.query(
    `INSERT INTO points (point_id, customer_id, point_type_id, partner_id, assigned_points, available_points, created_at)
     SELECT md5('bench-picture-point-' || i), md5('bench-customer-' || i), t.point_type_id, p.partner_id, 100 + i % 400, 100 + i % 400,
            now() - make_interval(days => i % 300)
       FROM generate_series(1, $1::int) AS i, (SELECT point_type_id FROM point_types WHERE is_default) t,
            (SELECT partner_id FROM partners ORDER BY created_at, partner_id LIMIT 1) p
     ON CONFLICT DO NOTHING`,
    [CUSTOMERS],
  );
  await client.query(
    `INSERT INTO rewards (reward_id, code, names, reward_group, reward_type_id, points_cost, valid_from, valid_to)
     VALUES (md5('bench-picture-reward'), 'BENCH-PICTURE', '{"en":"Bench picture reward"}', 1,
             (SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'), 10, current_date - 30, current_date + 365)
     ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, valid_from, valid_to, points_cost, created_at)
     SELECT md5('bench-picture-voucher-' || i || '-' || v), md5('bench-picture-reward'), md5('bench-customer-' || i),
            'BENCH-PIC-' || i || '-' || v, now() - interval '10 days', now() + (v * 30 || ' days')::interval, 10, now() - (v || ' hours')::interval
       FROM generate_series(10, $1::int, 10) AS i, generate_series(1, 2) AS v
     ON CONFLICT DO NOTHING`,
    [CUSTOMERS],
  );
  await client.query(
    `INSERT INTO segments (segment_id, name) SELECT md5('bench-picture-segment-' || s), 'Bench segment ' || s FROM generate_series(1, 5) AS s
     ON CONFLICT DO NOTHING`,
  );
  await client.query(
    `INSERT INTO segment_records (segment_id, customer_id)
     SELECT md5('bench-picture-segment-' || (1 + i % 5)), md5('bench-customer-' || i) FROM generate_series(4, $1::int, 4) AS i
     ON CONFLICT DO NOTHING`,
    [CUSTOMERS],
  );
  await client.query('ANALYZE cards, points, vouchers, segments, segment_records');
  log(`Added in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/** Calls `picture()` for a random bench customer from `callers` loops for `seconds`; every call's latency in milliseconds. */
async function callFor(care: CustomerCareService, callers: number, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: callers }, async () => {
      while (performance.now() < until) {
        const id = customerId(randomInt(1, CUSTOMERS + 1));
        const started = performance.now();
        await care.picture(id);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies.sort((a, b) => a - b);
}

/** `picture()` in-process from as many callers as the HTTP rows have connections; a single caller's p50 and p99 are logged. */
function pictureScenario(name: string, care: CustomerCareService, log: BenchContext['log']): MeasuredScenario {
  return {
    name,
    baseline: 'nest-pg-select',
    async measure(tally: StatementTally): Promise<Measurement> {
      const alone = await callFor(care, 1, WARM_UP_SECONDS + 2);
      log(`  ${name}, one caller: p50 ${percentile(alone, 0.5).toFixed(1)} ms, p99 ${percentile(alone, 0.99).toFixed(1)} ms`);
      await callFor(care, CONNECTIONS, WARM_UP_SECONDS);
      await whenQuiet(tally);
      const before = tally.count;
      const latencies = await callFor(care, CONNECTIONS, BENCH_SECONDS);
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

/** The million customers, their purchases and what a care picture shows besides, each generated when missing. */
export async function ensurePictureData(databaseUrl: string, log: BenchContext['log']): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await ensureCustomers(client, log);
    await ensurePurchases(client, log);
    await ensurePictureExtras(client, log);
  } finally {
    await client.end();
  }
}

/** The customer-care picture of one customer (target: p99 under 50 ms) over the figures suite's customers and purchases. */
export const pictureSuite: BenchSuite = {
  name: 'picture',
  async prepare({ app, api, databaseUrl, log }) {
    await ensurePictureData(databaseUrl, log);
    const care = app.get(CustomerCareService);
    const sample = await care.picture(customerId(40));
    log(
      `Customer 40: ${sample.cards.length} cards, ${sample.point_balances.length} point balances, ${sample.active_vouchers.length} vouchers, ` +
        `${sample.last_purchases.length} purchases, ${sample.segments.length} segments`,
    );
    const origin = new URL(api).origin;
    const headers = await ownerHeaders(app, origin);
    const url = `${origin}/${OPERATOR_BASE_PATH}/customers/${customerId(PROBE)}`;
    const check = await fetch(url, { headers });
    if (check.status !== 200) throw new Error(`GET /admin/api/v1/customers/{id} answered ${check.status} ${await check.text()}`);
    const size = `${CUSTOMERS / 1e6}M customers, ${PURCHASES / 1e6}M purchases`;
    return [
      pictureScenario(`picture() random customer (${size})`, care, log),
      { name: `GET /admin/api/v1/customers/{id} one customer (${size})`, url, headers, baseline: 'nest-pg-select' },
    ];
  },
};
