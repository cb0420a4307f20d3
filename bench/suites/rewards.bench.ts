import { Client } from 'pg';
import { BenchContext, BenchSuite } from '../bench-suite';

const REWARDS = 2_000;
const CUSTOMERS = 20_000;
const VOUCHERS_PER_CUSTOMER = 10;

/**
 * Bench rewards (codes BENCH-REWARD-<i>) in every store of the project, and customers
 * (md5('bench-rewards-<i>')) holding vouchers of them, inserted in bulk with SQL; skipped when present.
 */
async function ensureVouchers(client: Client, log: BenchContext['log']): Promise<void> {
  const existing = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM vouchers WHERE code LIKE 'BENCH-V-%'`)).rows[0].n);
  if (existing >= CUSTOMERS * VOUCHERS_PER_CUSTOMER) return;
  log(`Generating ${REWARDS} rewards and ${CUSTOMERS * VOUCHERS_PER_CUSTOMER} vouchers...`);
  const started = Date.now();
  await client.query('BEGIN');
  await client.query(
    `INSERT INTO rewards (reward_id, code, names, reward_group, reward_type_id, points_cost, valid_from, valid_to)
     SELECT md5('bench-reward-' || i), 'BENCH-REWARD-' || i, jsonb_build_object('en', 'Bench reward ' || i), 1,
            (SELECT reward_type_id FROM reward_types WHERE text_id = 'catalogue_item'), 1 + i % 50,
            current_date - 30, current_date + 365
     FROM generate_series(1, $1) AS i ON CONFLICT DO NOTHING`,
    [REWARDS],
  );
  await client.query(
    `INSERT INTO reward_stores (reward_id, store_id) SELECT md5('bench-reward-' || i), s.store_id
     FROM generate_series(1, $1) AS i, (SELECT store_id FROM stores ORDER BY store_id LIMIT 3) AS s ON CONFLICT DO NOTHING`,
    [REWARDS],
  );
  await client.query(
    `INSERT INTO customers (customer_id, email, state)
     SELECT md5('bench-rewards-' || i), 'bench-rewards-' || i || '@example.test', 1 FROM generate_series(1, $1) AS i
     ON CONFLICT DO NOTHING`,
    [CUSTOMERS],
  );
  await client.query(
    `INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, valid_from, valid_to, applied_at, points_cost, created_at)
     SELECT md5('bench-voucher-' || i || '-' || v), md5('bench-reward-' || (1 + (i * 7 + v) % $2)), md5('bench-rewards-' || i),
            'BENCH-V-' || i || '-' || v, now() - interval '10 days', now() + interval '30 days',
            CASE WHEN v % 3 = 0 THEN now() - interval '1 day' END, 10, now() - (v || ' hours')::interval
     FROM generate_series(1, $1) AS i, generate_series(1, $3) AS v ON CONFLICT DO NOTHING`,
    [CUSTOMERS, REWARDS, VOUCHERS_PER_CUSTOMER],
  );
  await client.query('COMMIT');
  await client.query('ANALYZE rewards, reward_stores, vouchers');
  log(`Generated in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

/** Buying vouchers with points, applying them, and reading a customer's vouchers and the reward list. */
export const rewardsSuite: BenchSuite = {
  name: 'rewards',
  async prepare({ api, auth, databaseUrl, log }) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await ensureVouchers(client, log);
      const rewardId: string = (await client.query<{ id: string }>(`SELECT md5('bench-reward-1') AS id`)).rows[0].id;
      const [buyer, reader] = (
        await client.query(`SELECT md5('bench-rewards-' || i) AS id FROM generate_series(1, 2) AS i ORDER BY i`)
      ).rows.map((row: { id: string }) => row.id);
      // The buyer holds enough points that a run of purchases never runs dry.
      await client.query(
        `INSERT INTO points (point_id, customer_id, point_type_id, partner_id, assigned_points, available_points)
         SELECT md5(gen_random_uuid()::text), $1, point_type_id, (SELECT partner_id FROM partners ORDER BY created_at, partner_id LIMIT 1),
                1000000000, 1000000000 FROM point_types WHERE is_default`,
        [buyer],
      );
      const headers = { ...auth, 'content-type': 'application/json' };
      const purchase = JSON.stringify({ customer_id: buyer, note: 'bench' });
      const first = await fetch(`${api}/rewards/${rewardId}/actions/create-voucher`, { method: 'POST', headers, body: purchase });
      if (first.status !== 201) throw new Error(`create-voucher failed: ${first.status} ${await first.text()}`);
      const voucherId = ((await first.json()) as { data: { voucher_id: string } }).data.voucher_id;
      const apply = JSON.stringify({ date_applied: new Date().toISOString().slice(0, 19) + 'Z' });
      const applied = await fetch(`${api}/vouchers/${voucherId}/actions/apply-voucher`, { method: 'POST', headers, body: apply });
      if (applied.status !== 204) throw new Error(`apply-voucher failed: ${applied.status} ${await applied.text()}`);
      return [
        {
          name: 'POST /rewards/{id}/actions/create-voucher (one customer, contended)',
          url: `${api}/rewards/${rewardId}/actions/create-voucher`,
          method: 'POST',
          headers,
          body: purchase,
        },
        // A voucher applies once, so a fixed URL measures the locked check that refuses the repeats (400).
        {
          name: 'POST /vouchers/{id}/actions/apply-voucher (applied: lock + rules, 400)',
          url: `${api}/vouchers/${voucherId}/actions/apply-voucher`,
          method: 'POST',
          headers,
          body: apply,
        },
        { name: 'GET /customers/{id}/vouchers', url: `${api}/customers/${reader}/vouchers`, headers: auth },
        { name: 'GET /rewards?count=100', url: `${api}/rewards?count=100`, headers: auth },
      ];
    } finally {
      await client.end();
    }
  },
};
