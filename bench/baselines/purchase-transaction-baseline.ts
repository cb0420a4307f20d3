import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { newId } from '@tessera/core';
import { BENCH_SECONDS, CONNECTIONS, WARM_UP_SECONDS } from '../bench-settings';
import { Baseline, Measurement } from '../bench-suite';
import { countSeparately, StatementTally } from '../statement-counter';
import { ensureReward, issueBenchVouchers } from '../suites/purchases.bench';

const NAME = 'baseline pg-purchase-tx: plain pg closure transaction (tx/s)';
/** Fresh vouchers per second of run (warm-up included); a run that uses them all stops early and says so. */
const VOUCHERS_PER_SECOND = 5_000;

/** The bill every transaction books, as the purchases suite's send-purchase body: five items, 14.80 in all. */
const BILL_ITEMS = [
  { name: 'Coffee', quantity: 2, price: 5 },
  { name: 'Cake', quantity: 1, price: 3.2 },
  { name: 'Milk', quantity: 2, price: 2.2 },
  { name: 'Bread', quantity: 1, price: 2.9 },
  { name: 'Apples', quantity: 0.5, price: 1.5 },
];
const TOTAL_PRICE = 14.8;
const VOUCHER_DISCOUNT = 1;
const EARNED_POINTS = 13.8;

const ITEM_COLUMNS = [
  'purchase_item_id',
  'purchase_id',
  'position',
  'bill_item_id',
  'product_id',
  'product_name',
  'external_id',
  'purchase_item_type_id',
  'price',
  'paid_amount',
  'amount',
  'vat_rate',
  'discount',
  'earned_points',
];
const INSERT_ITEMS = `INSERT INTO purchase_items (${ITEM_COLUMNS.join(', ')}) VALUES ${BILL_ITEMS.map(
  (_, row) => `(${ITEM_COLUMNS.map((_, column) => `$${row * ITEM_COLUMNS.length + column + 1}`).join(', ')})`,
).join(', ')}`;

/** The definitions and rows a transaction refers to, and the run's vouchers (codes BENCH-BV-<run>-<k>). */
interface ClosureFixture {
  run: string;
  vouchers: number;
  storeId: string;
  partnerId: string;
  currencyId: string;
  purchaseTypeId: string;
  itemTypeId: string;
  pointTypeId: string;
  eventTypeId: string;
  productIds: string[];
}

/** Issues the run's vouchers across the million customers (as the purchases suite does) and reads the definitions. */
async function prepareFixture(databaseUrl: string): Promise<ClosureFixture> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const run = randomBytes(4).toString('hex');
    const vouchers = VOUCHERS_PER_SECOND * (BENCH_SECONDS + WARM_UP_SECONDS);
    const rewardId = await ensureReward(client);
    await issueBenchVouchers(client, 'BENCH-BV', run, rewardId, vouchers);
    await client.query('ANALYZE vouchers');
    await client.query(
      `INSERT INTO products (product_id, name, code)
       SELECT md5('bench-baseline-product-' || i), 'Bench baseline product ' || i, 'BBP' || i FROM generate_series(1, $1) AS i
       ON CONFLICT DO NOTHING`,
      [BILL_ITEMS.length],
    );
    const productIds = (
      await client.query<{ id: string }>(`SELECT md5('bench-baseline-product-' || i) AS id FROM generate_series(1, $1) AS i ORDER BY i`, [
        BILL_ITEMS.length,
      ])
    ).rows.map((row) => row.id);
    const definitions = await client.query<Omit<ClosureFixture, 'run' | 'vouchers' | 'productIds'>>(
      `SELECT s.store_id AS "storeId", s.partner_id AS "partnerId",
              (SELECT currency_id FROM currencies ORDER BY currency_id LIMIT 1) AS "currencyId",
              (SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase') AS "purchaseTypeId",
              (SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction') AS "itemTypeId",
              (SELECT point_type_id FROM point_types WHERE is_default) AS "pointTypeId",
              (SELECT event_type_id FROM event_types WHERE text_id = 'purchase') AS "eventTypeId"
         FROM stores s ORDER BY s.created_at, s.store_id LIMIT 1`,
    );
    return { run, vouchers, productIds, ...definitions.rows[0] };
  } finally {
    await client.end();
  }
}

/**
 * The skeleton of booking a bill with one voucher, as send-purchase does it: lock the voucher, read the
 * balance, write the purchase and its items, use the voucher, earn points, record the event.
 */
async function closePurchase(client: Client, fixture: ClosureFixture, k: number): Promise<void> {
  const billId = `bench-baseline-${fixture.run}-${k}`;
  const purchaseId = newId();
  await client.query('BEGIN');
  try {
    const { voucher_id: voucherId, customer_id: customerId } = (
      await client.query<{ voucher_id: string; customer_id: string }>(
        `SELECT voucher_id, customer_id FROM vouchers WHERE code = $1 FOR UPDATE`,
        [`BENCH-BV-${fixture.run}-${k}`],
      )
    ).rows[0];
    await client.query(`SELECT coalesce(sum(available_points), 0) AS balance FROM points WHERE customer_id = $1`, [customerId]);
    await client.query(
      `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, store_id, cashdesk_number, purchase_type_id,
                              payment_type_id, currency_id, payment_time, total_price, items_count, earned_points)
       VALUES ($1, $2, $3, $4, '1', $5, 'S', $6, now(), $7, $8, $9)`,
      [
        purchaseId,
        billId,
        customerId,
        fixture.storeId,
        fixture.purchaseTypeId,
        fixture.currencyId,
        TOTAL_PRICE,
        BILL_ITEMS.length,
        EARNED_POINTS,
      ],
    );
    await client.query(
      INSERT_ITEMS,
      BILL_ITEMS.flatMap((item, position) => [
        newId(),
        purchaseId,
        position,
        String(position + 1),
        fixture.productIds[position],
        item.name,
        `bench-baseline-${position + 1}`,
        fixture.itemTypeId,
        item.price,
        item.price,
        item.quantity,
        12,
        position === 0 ? VOUCHER_DISCOUNT : 0,
        0,
      ]),
    );
    await client.query(`UPDATE vouchers SET applied_at = now(), store_id = $2, last_change = now() WHERE voucher_id = $1`, [
      voucherId,
      fixture.storeId,
    ]);
    await client.query(
      `INSERT INTO points (point_id, customer_id, point_type_id, partner_id, store_id, assigned_points, available_points, note)
       VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
      [newId(), customerId, fixture.pointTypeId, fixture.partnerId, fixture.storeId, EARNED_POINTS, `Purchase ${billId}`],
    );
    await client.query(
      `INSERT INTO customer_events (event_id, event_type_id, customer_id, external_id, data) VALUES ($1, $2, $3, $4, $5)`,
      [
        newId(),
        fixture.eventTypeId,
        customerId,
        billId,
        JSON.stringify({
          purchase_id: purchaseId,
          total_price: TOTAL_PRICE,
          currency_id: fixture.currencyId,
          earned_points: EARNED_POINTS,
        }),
      ],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

interface ClosureRun {
  latencies: number[];
  failures: number;
  firstFailure?: string;
  seconds: number;
  exhausted: boolean;
}

/** Every client books bills back to back, each with the next voucher, until `seconds` pass or the vouchers run out. */
async function runClosures(clients: Client[], fixture: ClosureFixture, next: { voucher: number }, seconds: number): Promise<ClosureRun> {
  const run: ClosureRun = { latencies: [], failures: 0, seconds: 0, exhausted: false };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < deadline) {
        const k = next.voucher++;
        if (k >= fixture.vouchers) {
          run.exhausted = true;
          return;
        }
        const transactionStarted = performance.now();
        try {
          await closePurchase(client, fixture, k);
          run.latencies.push(performance.now() - transactionStarted);
        } catch (error) {
          run.failures += 1;
          run.firstFailure ??= error instanceof Error ? error.message : String(error);
        }
      }
    }),
  );
  run.seconds = (performance.now() - started) / 1000;
  return run;
}

function percentile(sorted: number[], fraction: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * The purchase closure's database work alone: the statements send-purchase must run, as one plain `pg`
 * transaction per bill on as many clients as autocannon has connections, each on a fresh voucher.
 */
export const purchaseTransactionBaseline: Baseline = {
  name: NAME,
  async measure({ databaseUrl, log }): Promise<Measurement> {
    const fixture = await prepareFixture(databaseUrl);
    const tally = new StatementTally();
    const clients = Array.from({ length: CONNECTIONS }, () => {
      const client = new Client({ connectionString: databaseUrl });
      countSeparately(client, tally);
      return client;
    });
    try {
      await Promise.all(clients.map((client) => client.connect()));
      const next = { voucher: 0 };
      await runClosures(clients, fixture, next, WARM_UP_SECONDS);
      const before = tally.count;
      const run = await runClosures(clients, fixture, next, BENCH_SECONDS);
      if (run.firstFailure !== undefined) log(`A plain closure transaction failed: ${run.firstFailure}`);
      const transactions = run.latencies.length + run.failures;
      const latencies = run.latencies.sort((a, b) => a - b);
      const statuses = [`committed:${run.latencies.length}`];
      if (run.failures > 0) statuses.push(`failed:${run.failures}`);
      if (run.exhausted) statuses.push('vouchers-ran-out');
      return {
        name: NAME,
        requestsPerSecond: run.latencies.length / run.seconds,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        non2xx: run.failures,
        statementsPerRequest: transactions > 0 ? (tally.count - before) / transactions : 0,
        statuses: statuses.join(' '),
      };
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  },
};
