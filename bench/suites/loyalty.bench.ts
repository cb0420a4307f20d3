import { Client } from 'pg';
import { BenchContext, BenchSuite } from '../bench-suite';

/** Customers with a points ledger; generation is skipped when they are already there. */
const CUSTOMERS = 50_000;
const RECORDS_PER_CUSTOMER = 20;

/**
 * Bench customers (ids md5('bench-loyalty-<i>')) each with collection records and their history,
 * inserted in bulk with SQL, so ledger reads and deductions run against a realistically sized table.
 */
export async function ensureLedger(databaseUrl: string, log: BenchContext['log']): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const existing = Number(
      (await client.query<{ n: string }>(`SELECT count(*) AS n FROM customers WHERE email LIKE 'bench-loyalty-%'`)).rows[0].n,
    );
    if (existing >= CUSTOMERS) return;
    log(`Generating ${CUSTOMERS} customers with ${RECORDS_PER_CUSTOMER} point records each...`);
    const started = Date.now();
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO customers (customer_id, email, state)
       SELECT md5('bench-loyalty-' || i), 'bench-loyalty-' || i || '@example.test', 1 FROM generate_series(1, $1) AS i
       ON CONFLICT DO NOTHING`,
      [CUSTOMERS],
    );
    const refs = `(SELECT point_type_id FROM point_types WHERE is_default) AS point_type_id,
                  (SELECT partner_id FROM partners ORDER BY created_at, partner_id LIMIT 1) AS partner_id`;
    await client.query(
      `INSERT INTO points (point_id, customer_id, point_type_id, partner_id, assigned_points, available_points, created_at)
       SELECT md5('bench-point-' || i || '-' || r), md5('bench-loyalty-' || i), t.point_type_id, t.partner_id, 100, 100,
              now() - (r || ' days')::interval
       FROM generate_series(1, $1) AS i, generate_series(1, $2) AS r, (SELECT ${refs}) AS t
       ON CONFLICT DO NOTHING`,
      [CUSTOMERS, RECORDS_PER_CUSTOMER],
    );
    await client.query(
      `INSERT INTO point_history (point_history_id, point_id, customer_id, point_type_id, partner_id, point_amount, operation_type, recorded_at)
       SELECT md5('bench-history-' || i || '-' || r), md5('bench-point-' || i || '-' || r), md5('bench-loyalty-' || i), t.point_type_id,
              t.partner_id, 100, 'Points addition', now() - (r || ' days')::interval
       FROM generate_series(1, $1) AS i, generate_series(1, $2) AS r, (SELECT ${refs}) AS t
       ON CONFLICT DO NOTHING`,
      [CUSTOMERS, RECORDS_PER_CUSTOMER],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE customers, points, point_history');
    log(`Generated in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  } finally {
    await client.end();
  }
}

/** The points ledger: assigning, reading a customer's records and history, and contended deductions. */
export const loyaltySuite: BenchSuite = {
  name: 'loyalty',
  async prepare({ api, auth, databaseUrl, log }) {
    await ensureLedger(databaseUrl, log);
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const partnerId: string = (
      await client.query<{ partner_id: string }>(`SELECT partner_id FROM partners ORDER BY created_at, partner_id LIMIT 1`)
    ).rows[0].partner_id;
    const [reader, spender, receiver] = (
      await client.query(`SELECT md5('bench-loyalty-' || i) AS id FROM generate_series(1, 3) AS i ORDER BY i`)
    ).rows.map((row: { id: string }) => row.id);
    // The spender holds enough points that a run of deductions never runs dry.
    await client.query(
      `INSERT INTO points (point_id, customer_id, point_type_id, partner_id, assigned_points, available_points)
       SELECT md5(gen_random_uuid()::text), $1, point_type_id, $2, 1000000000, 1000000000 FROM point_types WHERE is_default`,
      [spender, partnerId],
    );
    await client.end();
    const headers = { ...auth, 'content-type': 'application/json' };
    const movement = (customerId: string) => JSON.stringify({ customer_id: customerId, partner_id: partnerId, amount: 1.5, note: 'bench' });
    const first = await fetch(`${api}/points/actions/assign-points`, { method: 'POST', headers, body: movement(receiver) });
    if (first.status !== 201) throw new Error(`assign-points failed: ${first.status} ${await first.text()}`);
    return [
      {
        name: 'POST /points/actions/assign-points',
        url: `${api}/points/actions/assign-points`,
        method: 'POST',
        headers,
        body: movement(receiver),
      },
      {
        name: 'POST /points/actions/reduce-points (one customer, contended)',
        url: `${api}/points/actions/reduce-points`,
        method: 'POST',
        headers,
        body: movement(spender),
      },
      { name: 'GET /customers/{id}/points', url: `${api}/customers/${reader}/points`, headers: auth },
      { name: 'GET /point-history', url: `${api}/point-history?customer_id=${reader}`, headers: auth },
    ];
  },
};
