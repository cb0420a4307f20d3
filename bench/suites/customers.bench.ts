import { Client } from 'pg';
import { BenchContext, BenchSuite } from '../bench-suite';

/**
 * Customers to list against; generation is skipped when they are already there. `BENCH_CUSTOMERS` makes a
 * smaller run; the suites that seed rows of these customers spread them over this many.
 */
export const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? '1000000');
const CHUNK = 100_000;
/** The customer every scenario looks up: deep inside the table, not at either end (654,321 of a million). */
export const PROBE = Math.round(CUSTOMERS * 0.654321);

/**
 * Bench customers (ids md5('bench-customer-<i>'), emails bench-customer-<i>@bench.test), each with a
 * source record (external id bench-ext-<i>) and a property record, inserted in bulk chunks with SQL.
 */
export async function ensureCustomers(client: Client, log: BenchContext['log']): Promise<void> {
  const existing = Number(
    (await client.query<{ n: string }>(`SELECT count(*) AS n FROM customer_source_records WHERE external_id LIKE 'bench-ext-%'`)).rows[0].n,
  );
  if (existing >= CUSTOMERS) return;
  log(`Generating ${CUSTOMERS} customers with source and property records (${existing} exist)...`);
  const started = Date.now();
  await client.query(
    `INSERT INTO customer_properties (property_id, name, data_type) VALUES ('bench_segment', 'Bench segment', 'string') ON CONFLICT DO NOTHING`,
  );
  const sourceId: string = (
    await client.query<{ customer_source_id: string }>(
      `SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'e_shop'`,
    )
  ).rows[0].customer_source_id;
  for (let from = 1; from <= CUSTOMERS; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, CUSTOMERS);
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO customers (customer_id, email, first_name, last_name, birthdate, language_id, state, created_at, last_change)
       SELECT md5('bench-customer-' || i), 'bench-customer-' || i || '@bench.test', 'First' || (i % 5000), 'Last' || (i % 20000),
              DATE '1950-01-01' + (i % 20000), 'en', 1, now(), now()
       FROM generate_series($1::int, $2::int) AS i ON CONFLICT DO NOTHING`,
      [from, to],
    );
    await client.query(
      `INSERT INTO customer_source_records (customer_source_record_id, customer_source_id, customer_id, external_id)
       SELECT md5('bench-source-' || i), $3, md5('bench-customer-' || i), 'bench-ext-' || i
       FROM generate_series($1::int, $2::int) AS i ON CONFLICT DO NOTHING`,
      [from, to, sourceId],
    );
    await client.query(
      `INSERT INTO customer_property_records (property_record_id, customer_id, property_id, property_value)
       SELECT md5('bench-property-' || i), md5('bench-customer-' || i), 'bench_segment', to_jsonb('s' || (i % 100))
       FROM generate_series($1::int, $2::int) AS i ON CONFLICT DO NOTHING`,
      [from, to],
    );
    await client.query('COMMIT');
    log(`  ${to} customers (${((Date.now() - started) / 1000).toFixed(0)}s)`);
  }
  await client.query('ANALYZE customers, customer_source_records, customer_property_records');
  log(`Generated in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/** The plans of the statements the scenarios run (as the services build them), to show they use indexes. */
async function explain(client: Client, sourceId: string, log: BenchContext['log']): Promise<void> {
  const probeId = (await client.query<{ id: string }>(`SELECT md5('bench-customer-' || $1::int) AS id`, [PROBE])).rows[0].id;
  const statements: [string, string, unknown[]][] = [
    [
      'GET /customers?email=',
      `SELECT * FROM customers c WHERE c.state <> 0 AND lower(c.email) = lower($1) ORDER BY c.customer_id ASC LIMIT 100`,
      [`bench-customer-${PROBE}@bench.test`],
    ],
    [
      'GET /customer-source-records?customer_source_id=&external_ids[]=',
      `SELECT * FROM customer_source_records r WHERE r.customer_source_id = $1 AND r.external_id IN ($2) ORDER BY r.customer_source_record_id LIMIT 100`,
      [sourceId, `bench-ext-${PROBE}`],
    ],
    ['GET /customers/{id}', `SELECT * FROM customers WHERE customer_id = $1`, [probeId]],
    ['GET /customers/{id} consents', `SELECT * FROM customer_consents WHERE customer_id = ANY($1)`, [[probeId]]],
    [
      'GET /customers?first_name=&last_name=',
      `SELECT * FROM customers c WHERE c.state <> 0 AND lower(c.first_name) = lower($1) AND lower(c.last_name) = lower($2) ORDER BY c.customer_id LIMIT 100`,
      ['First4321', 'Last14321'],
    ],
  ];
  for (const [name, sql, params] of statements) {
    const plan = await client.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${sql}`, params);
    log(`Plan of ${name}:\n${plan.rows.map((row: Record<string, string>) => `    ${row['QUERY PLAN']}`).join('\n')}`);
  }
}

/** Listing and reading customers at a million rows: by email, by external id, by id. */
export const customersSuite: BenchSuite = {
  name: 'customers',
  async prepare({ api, auth, databaseUrl, log }) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await ensureCustomers(client, log);
      const sourceId: string = (
        await client.query<{ customer_source_id: string }>(
          `SELECT customer_source_id FROM customer_sources WHERE customer_source_text_id = 'e_shop'`,
        )
      ).rows[0].customer_source_id;
      await explain(client, sourceId, log);
      const probeId = (await client.query<{ id: string }>(`SELECT md5('bench-customer-' || $1::int) AS id`, [PROBE])).rows[0].id;
      const email = encodeURIComponent(`bench-customer-${PROBE}@bench.test`);
      const byEmail = `${api}/customers?email=${email}`;
      const check = await fetch(byEmail, { headers: auth });
      const found = (await check.json()) as { data: { total_items: number } };
      if (check.status !== 200 || found.data.total_items !== 1) throw new Error(`GET /customers by email found ${JSON.stringify(found)}`);
      return [
        { name: 'GET /customers?email= (1M customers)', url: byEmail, headers: auth },
        {
          name: 'GET /customer-source-records?external_ids[]= (1M records)',
          url: `${api}/customer-source-records?customer_source_id=${sourceId}&external_ids[]=bench-ext-${PROBE}`,
          headers: auth,
        },
        {
          name: 'GET /customers/{id}/customer-source-records',
          url: `${api}/customers/${probeId}/customer-source-records?external_ids[]=bench-ext-${PROBE}`,
          headers: auth,
        },
        { name: 'GET /customers/{id} (1M customers)', url: `${api}/customers/${probeId}`, headers: auth, baseline: 'nest-pg-select' },
      ];
    } finally {
      await client.end();
    }
  },
};
