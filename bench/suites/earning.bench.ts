import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash, randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { billSetting, fiveItems } from './purchases.bench';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { closeGracefully, createHttpApp } from '../../src/http/create-http-app';
import { BenchContext, BenchSuite, Measurement, MeasuredScenario } from '../bench-suite';
import { measureHttp } from '../http-load-runner';
import { StatementTally } from '../statement-counter';

/** Customers of the suite's own (md5('bench-earning-customer-<i>')), each bill the next one's. */
const CUSTOMERS = 50_000;
/** The rule counts of the rows: without rules first, and again last, which shows how far the machine's noise moves a row. */
const RULE_COUNTS = [0, 10, 100, 1000, 0];
/** How long an instance is given to reload the rules after the change feed's notice. */
const RELOAD_PAUSE_MS = 500;

const instances: NestFastifyApplication[] = [];
/** The database whose bench rules `dispose` removes, so no later suite's bills meet them. */
let benchDatabase: string | null = null;

const customerIdOf = (index: number) => createHash('md5').update(`bench-earning-customer-${index}`).digest('hex');

/**
 * One of the rules that do not apply to the bench bill, as programmes write them: other stores, brands or
 * payment types, windows past or to come, other weekdays, statuses, segments, ages, consents and bigger
 * bills, some with limits and budgets. The index varies the ids, so no two rules are alike.
 */
function idleRule(index: number, weekday: number): Record<string, unknown> {
  const base = {
    code: `bench-idle-${index}`,
    name: `Bench idle rule ${index}`,
    priority: index,
    stacking: index % 5 === 0 ? 'exclusive' : 'cumulative',
  };
  const fixed = [{ kind: 'fixed_points', points: 1 + (index % 50) }];
  const perUnit = [{ kind: 'points_per_currency_unit', on: 'matching_lines', multiplier: 2 }];
  const limits = { per_customer: [{ period: 'day', times: 1 }], budget_points: 1_000_000 };
  switch (index % 10) {
    case 0:
      return { ...base, conditions: { store_ids: [`bench-store-${index}`] }, effects: fixed, limits };
    case 1:
      return { ...base, conditions: { items: { product_brand_ids: [`bench-brand-${index}`], min_quantity: 2 } }, effects: perUnit };
    case 2:
      return { ...base, valid_from: '2020-01-01T00:00:00Z', valid_to: '2021-01-01T00:00:00Z', effects: fixed };
    case 3:
      return { ...base, conditions: { weekdays: [(weekday % 7) + 1] }, effects: fixed, limits };
    case 4:
      return {
        ...base,
        conditions: { status_ids: [`bench-status-${index}`] },
        effects: [{ kind: 'points_per_currency_unit', on: 'bill', multiplier: 0.5 }],
      };
    case 5:
      return { ...base, conditions: { segment_ids: [`bench-segment-${index}`] }, effects: fixed };
    case 6:
      return { ...base, conditions: { age_min: 120 }, effects: fixed };
    case 7:
      return { ...base, conditions: { consent_ids: [`bench-agreement-${index}`] }, effects: fixed, limits };
    case 8:
      return { ...base, conditions: { bill_total_min: 10_000 + index }, effects: [{ kind: 'points_per_item', points: 1 }] };
    default:
      return { ...base, conditions: { payment_type_ids: ['C'], items: { product_group_ids: [`bench-group-${index}`] } }, effects: fixed };
  }
}

/**
 * The rule that applies to every bench bill, weighed last (so every other rule is weighed before it) and
 * exclusive: its points take the place of the default earning's, so the bill writes as many point records
 * with rules as without, and the rows differ only by weighing the rules.
 */
const APPLYING_RULE = {
  code: 'bench-applying',
  name: 'Bench: one and a half points a unit',
  priority: 1_000_000,
  stacking: 'exclusive',
  conditions: { bill_total_min: 5, payment_type_ids: ['S'] },
  effects: [{ kind: 'points_per_currency_unit', on: 'bill', multiplier: 1.5 }],
};

/** Replaces the bench's rules with `count` of them: `count - 1` that do not apply and the one that does. */
async function setRules(client: Client, count: number, weekday: number): Promise<void> {
  const rules = count === 0 ? [] : [...Array.from({ length: count - 1 }, (_unused, index) => idleRule(index, weekday)), APPLYING_RULE];
  await client.query('BEGIN');
  await client.query(`DELETE FROM earning_rules WHERE code LIKE 'bench-%'`);
  await client.query(
    `INSERT INTO earning_rules (earning_rule_id, code, name, priority, definition)
     SELECT md5(r->>'code'), r->>'code', r->>'name', (r->>'priority')::int, r FROM jsonb_array_elements($1::jsonb) AS r`,
    [JSON.stringify(rules)],
  );
  await client.query(
    `INSERT INTO earning_rule_budgets (earning_rule_id) SELECT earning_rule_id FROM earning_rules WHERE code LIKE 'bench-%'`,
  );
  await client.query('COMMIT');
}

async function setRulesOn(databaseUrl: string, count: number, weekday: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await setRules(client, count, weekday);
  } finally {
    await client.end();
  }
}

/**
 * send-purchase of a five-item bill earning points, with 0, 10, 100 and 1,000 active earning rules of a
 * realistic mix (one applies, the others are weighed and pass), on an instance of its own that gives each
 * request the next bill id and customer. The rows compare with each other; the bare JSON baseline needs no
 * data (the closure's plain transaction baseline needs the million customers of the purchases suite).
 */
export const earningSuite: BenchSuite = {
  name: 'earning',
  async prepare(context: BenchContext) {
    const { databaseUrl, auth, log } = context;
    benchDatabase = databaseUrl;
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const run = randomBytes(4).toString('hex');
    let storeId: string;
    let currencyId: string;
    let purchaseTypeId: string;
    let itemTypeId: string;
    try {
      log(`Ensuring ${CUSTOMERS} earning bench customers...`);
      await client.query(
        `INSERT INTO customers (customer_id, email, first_name, last_name, birthdate, language_id, state, created_at, last_change)
         SELECT md5('bench-earning-customer-' || i), 'bench-earning-' || i || '@bench.test', 'First', 'Last', DATE '1970-01-01' + (i % 15000), 'en', 1, now(), now()
         FROM generate_series(1, $1::int) AS i ON CONFLICT DO NOTHING`,
        [CUSTOMERS],
      );
      ({ storeId, currencyId, purchaseTypeId, itemTypeId } = await billSetting(client));
    } finally {
      await client.end();
    }

    let next = 0;
    const app = await createHttpApp({ config: context.config, databaseUrl });
    instances.push(app);
    app
      .getHttpAdapter()
      .getInstance()
      .addHook('preValidation', async (request) => {
        if (!request.url.endsWith('/purchases/actions/send-purchase')) return;
        const k = next++;
        const body = request.body as { customer_id: string; bill: { bill_id: string } };
        body.customer_id = customerIdOf(1 + (k % CUSTOMERS));
        body.bill.bill_id = `bench-earning-${run}-${k}`;
      });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`;
    const body = JSON.stringify({
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerIdOf(1),
      bill: {
        bill_id: 'replaced per request',
        payment_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
        currency_id: currencyId,
        total_price: 14.8,
        bill_items: fiveItems(itemTypeId, 'bench-earning'),
        purchase_type_id: purchaseTypeId,
        canceled: false,
        payment_type: 'S',
      },
    });
    const headers = { ...auth, 'content-type': 'application/json' };
    const weekday = new Date().getUTCDay() || 7;
    const scenario = (name: string) => ({ name, url: `${api}/purchases/actions/send-purchase`, method: 'POST' as const, headers, body });
    // A run of its own first: the rows compare with each other, and the first would otherwise pay for cold caches.
    log('Warming up send-purchase without rules...');
    await setRulesOn(databaseUrl, 0, weekday);
    await measureHttp(scenario('warm-up'), new StatementTally());

    return RULE_COUNTS.map((count, row): MeasuredScenario => {
      const again = RULE_COUNTS.indexOf(count) < row ? ', again' : '';
      const name = `POST /purchases/actions/send-purchase (5 items, points earned, ${count} earning rules${again})`;
      return {
        name,
        async measure(tally: StatementTally): Promise<Measurement> {
          await setRulesOn(databaseUrl, count, weekday);
          await sleep(RELOAD_PAUSE_MS);
          return measureHttp(scenario(name), tally);
        },
      };
    });
  },
  async dispose() {
    for (const app of instances.splice(0)) await closeGracefully(app);
    if (benchDatabase !== null) await setRulesOn(benchDatabase, 0, 1);
  },
};
