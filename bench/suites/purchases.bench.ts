import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash, randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { AppConfig } from '../../src/config/app-config';
import { closeGracefully, createHttpApp } from '../../src/http/create-http-app';
import { WebhookEndpointService, WebhookEndpointState } from '../../src/modules/webhooks';
import { BENCH_SECONDS, WARM_UP_SECONDS } from '../bench-settings';
import { BenchContext, BenchSuite, HttpScenario, Measurement, Scenario } from '../bench-suite';
import { measureHttp } from '../http-load-runner';
import { countSeparately, StatementTally } from '../statement-counter';
import { ThreadedWebhookReceiver } from '../webhooks/webhook-receiver';
import { customersSuite } from './customers.bench';

/** The customers suite's million customers (md5('bench-customer-<i>')); the bills are theirs. */
const CUSTOMERS = 1_000_000;
/** Fresh vouchers per second of run (warm-up included): more than send-purchase books, so the pool never runs dry. */
const VOUCHERS_PER_SECOND = 5_000;
const REWARD_CODE = 'BENCH-PURCHASE-EURO-OFF';
/** The stamped bills' products have PLU codes of their own, so only their bills meet the bench campaign's condition. */
const STAMPED_PLU_PREFIX = 'bench-stamped';
/** The webhook worker's poll on the instances of the subscriber pair: often, so delivery runs during the load, not after it. */
const WEBHOOK_POLL_SECONDS = 1;
/** How long the subscriber row waits, after its load, for delivery to catch up. */
const WEBHOOK_CATCH_UP_SECONDS = 120;

const instances: NestFastifyApplication[] = [];

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const customerId = (index: number) => md5(`bench-customer-${index}`);
/** Spreads the pool over the whole customer table (7919 is prime to a million, so no customer repeats). */
const customerIndex = (k: number) => 1 + ((k * 7919) % CUSTOMERS);

interface SendPurchaseBody {
  customer_id: string;
  bill: { bill_id: string; payment_recap: { vouchers: { code: string }[] } };
}

async function ensureCustomers(client: Client, context: BenchContext): Promise<void> {
  const existing = Number(
    (await client.query<{ n: string }>(`SELECT count(*) AS n FROM customer_source_records WHERE external_id LIKE 'bench-ext-%'`)).rows[0].n,
  );
  if (existing >= CUSTOMERS) return;
  context.log('The purchases suite needs the customers suite million customers; generating them...');
  await customersSuite.prepare(context);
}

/** A fixed-discount reward of 1.00 that vouchers are issued from; created once. */
export async function ensureReward(client: Client): Promise<string> {
  await client.query(
    `INSERT INTO rewards (reward_id, code, names, reward_group, reward_type_id, reward_type_value, valid_from, valid_to)
     SELECT md5($1), $1, jsonb_build_object('en', 'Bench euro off'), 1, reward_type_id, 1, current_date - 30, current_date + 3650
     FROM reward_types WHERE text_id = 'fixed_discount' ON CONFLICT DO NOTHING`,
    [REWARD_CODE],
  );
  return md5(REWARD_CODE);
}

/**
 * `count` fresh vouchers of `rewardId`, codes `<codePrefix>-<run>-<k>`, spread over the million customers
 * the way the purchases suite sends its bills (customer `customerIndex(k)` holds voucher k).
 */
export async function issueBenchVouchers(client: Client, codePrefix: string, run: string, rewardId: string, count: number): Promise<void> {
  await client.query(
    `INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, valid_from, valid_to)
     SELECT md5($5 || '-' || $1 || '-' || k), $2, md5('bench-customer-' || (1 + (k * 7919) % $3)),
            $5 || '-' || $1 || '-' || k, now() - interval '1 day', now() + interval '30 days'
     FROM generate_series(0, $4 - 1) AS k`,
    [run, rewardId, CUSTOMERS, count, codePrefix],
  );
}

/**
 * A stamp campaign (ten stamps a card, a voucher of `rewardId` when full) whose one condition is the stamped
 * bills' coffee, so no other bill of any suite earns a stamp; created once and reset to active and valid on
 * every run (fixed ids).
 */
async function ensureStampCampaign(client: Client, rewardId: string): Promise<void> {
  const coffee = (
    await client.query<{ product_id: string }>(`SELECT product_id FROM product_plu_ids WHERE list_code = 'EAN' AND code = $1`, [
      `${STAMPED_PLU_PREFIX}-1`,
    ])
  ).rows[0].product_id;
  await client.query(
    `INSERT INTO stamper_campaigns (stamper_campaign_id, names, stamp_count, count_of_campaign_repetitions, reward_id, valid_from)
     VALUES (md5('bench-stamper-campaign'), jsonb_build_object('en', 'Bench coffee card'), 10, 1000, $1, now() - interval '1 day')
     ON CONFLICT (stamper_campaign_id) DO UPDATE SET state = 1, valid_to = NULL, reward_id = $1, last_change = now()`,
    [rewardId],
  );
  await client.query(
    `INSERT INTO stamper_conditions (stamper_condition_id, stamper_campaign_id, position, descriptions, related_to, related_ids)
     VALUES (md5('bench-stamper-condition'), md5('bench-stamper-campaign'), 0, jsonb_build_object('en', 'Buy a coffee'), 'product', ARRAY[$1]::varchar[])
     ON CONFLICT (stamper_condition_id) DO UPDATE SET state = 1, related_ids = ARRAY[$1]::varchar[]`,
    [coffee],
  );
}

interface Instance {
  app: NestFastifyApplication;
  /** Its enterprise API base URL. */
  api: string;
}

/** Another instance on the same database with `config`, with `hook` before validation. */
async function startInstance(context: BenchContext, config: AppConfig, hook: (url: string, body: unknown) => void): Promise<Instance> {
  const app = await createHttpApp({ config, databaseUrl: context.databaseUrl });
  instances.push(app);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preValidation', async (request) => hook(request.url, request.body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`;
  return { app, api };
}

/** Closes an instance before the suite's end (its webhook worker stops with it). */
async function stopInstance(app: NestFastifyApplication): Promise<void> {
  instances.splice(instances.indexOf(app), 1);
  await closeGracefully(app);
}

/**
 * Waits until the receiver has got every event written since the endpoint was added (it subscribes to
 * every type), or the time is up; returns how many events that is.
 */
async function awaitDelivery(databaseUrl: string, endpointId: string, receiver: ThreadedWebhookReceiver): Promise<number> {
  const client = new Client({ connectionString: databaseUrl });
  countSeparately(client, new StatementTally());
  await client.connect();
  try {
    const deadline = Date.now() + WEBHOOK_CATCH_UP_SECONDS * 1000;
    for (;;) {
      const { n } = (
        await client.query<{ n: string }>(
          `SELECT count(*) AS n FROM customer_events e JOIN webhook_endpoints w ON e.created_at >= w.created_at WHERE w.endpoint_id = $1`,
          [endpointId],
        )
      ).rows[0];
      if (receiver.received >= Number(n) || Date.now() > deadline) return Number(n);
      await sleep(200);
    }
  } finally {
    await client.end();
  }
}

/**
 * Send-purchase rows (a) on an instance whose webhook worker is on, with no webhook endpoint in the
 * database, and (b) the same with one endpoint subscribed to every event type, added for the row and
 * removed after it, pointing at a receiver answering 200 in a thread of its own. The loaded instance
 * delivers (a server's default: its worker on), so delivery competes with the closures for the
 * process and the database. Row (b) fails unless the receiver got events during the measured run; it
 * says how many, then waits for delivery to catch up and gives what the receiver got of the events
 * written since the endpoint was added, and its rate as a share of row (a)'s.
 */
function subscriberPair(
  context: BenchContext,
  startStamping: (config: AppConfig, vouchers: string, billPrefix: string) => Promise<Instance>,
  scenario: (name: string, api: string) => HttpScenario,
): Scenario[] {
  const config: AppConfig = { ...context.config, webhookPollSeconds: WEBHOOK_POLL_SECONDS, webhookPrivateTargets: true };
  let without: Measurement | undefined;
  const name = (subscribers: string) =>
    `POST /purchases/actions/send-purchase (5 items, voucher, points earned, webhook worker on, ${subscribers})`;
  const withoutName = name('no subscriber');
  const withName = name('1 subscriber of every event');
  return [
    {
      name: withoutName,
      baseline: 'pg-purchase-tx',
      measure: async (tally) => {
        const { app, api } = await startStamping(config, 'BENCH-PN', 'bench-unsubscribed');
        try {
          without = await measureHttp(scenario(withoutName, api), tally);
          return without;
        } finally {
          await stopInstance(app);
        }
      },
    },
    {
      name: withName,
      baseline: 'pg-purchase-tx',
      measure: async (tally) => {
        const receiver = await ThreadedWebhookReceiver.start();
        try {
          const { app, api } = await startStamping(config, 'BENCH-PW', 'bench-subscribed');
          // Through the instance, which allows loopback targets; before the warm-up, as an endpoint gets only later events.
          const { endpointId } = await app.get(WebhookEndpointService).add(receiver.url, []);
          try {
            let atStart = 0;
            let duringRun = 0;
            let loadEnded = 0;
            const measured = await measureHttp(scenario(withName, api), tally, {
              started: () => (atStart = receiver.received),
              finished: () => {
                duringRun = receiver.received - atStart;
                loadEnded = performance.now();
              },
            });
            if (duringRun === 0) throw new Error(`${withName}: the receiver got no event during the measured run`);
            const written = await awaitDelivery(context.databaseUrl, endpointId, receiver);
            const catchUp = (performance.now() - loadEnded) / 1000;
            const share = without ? measured.requestsPerSecond / without.requestsPerSecond : NaN;
            context.log(
              `One webhook subscriber: ${share.toFixed(3)}x the send-purchases per second without one; ${duringRun} events delivered ` +
                `during the measured run, ${receiver.received} of ${written} in all, ${catchUp.toFixed(1)}s after the load stopped`,
            );
            const delivered = `webhooks:${duringRun} during, ${receiver.received}/${written} in all`;
            return { ...measured, statuses: `${measured.statuses} ${delivered} with/without:${share.toFixed(3)}x` };
          } finally {
            await stopInstance(app);
            // A bench endpoint goes with its delivery log, so later runs deliver nothing to a closed receiver.
            await context.app.get(DataSource).query(`DELETE FROM webhook_endpoints WHERE endpoint_id = $1`, [endpointId]);
          }
        } finally {
          await receiver.close();
        }
      },
    },
  ];
}

/** The five lines of every bench bill (14.80 in all), each paid in full; `pluPrefix` names their products' PLU codes. */
export function fiveItems(itemTypeId: string, pluPrefix = 'bench-purchase') {
  const item = (id: string, name: string, quantity: number, price: number) => ({
    plu_ids: [{ list_code: 'EAN', code: `${pluPrefix}-${id}` }],
    plu_name: name,
    vat_rate: 12,
    quantity,
    price,
    paid_amount: price,
    bill_item_id: id,
    loyalty_off: false,
    purchase_item_type_id: itemTypeId,
  });
  return [
    item('1', 'Coffee', 2, 5),
    item('2', 'Cake', 1, 3.2),
    item('3', 'Milk', 2, 2.2),
    item('4', 'Bread', 1, 2.9),
    item('5', 'Apples', 0.5, 1.5),
  ];
}

/** The seeded ids a plain store bill names: the first store, a currency, the store purchase type and the store item type. */
export async function billSetting(
  client: Client,
): Promise<{ storeId: string; currencyId: string; purchaseTypeId: string; itemTypeId: string }> {
  const { rows } = await client.query<{ store_id: string; currency_id: string; purchase_type_id: string; item_type_id: string }>(
    `SELECT (SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1) AS store_id,
            (SELECT currency_id FROM currencies ORDER BY currency_id LIMIT 1) AS currency_id,
            (SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase') AS purchase_type_id,
            (SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction') AS item_type_id`,
  );
  return {
    storeId: rows[0].store_id,
    currencyId: rows[0].currency_id,
    purchaseTypeId: rows[0].purchase_type_id,
    itemTypeId: rows[0].item_type_id,
  };
}

/**
 * Closing a bill of five items with one voucher at a million customers: the payment calculation, and
 * booking it (voucher used, points earned, event, status). Each booked bill needs a new bill_id, a fresh
 * voucher and, to avoid measuring one customer's lock, another customer; autocannon sends one fixed
 * body, so a second instance stamps each send-purchase with the next bill_id, customer and voucher
 * (pre-created here) before validation, as a POS would send them.
 */
export const purchasesSuite: BenchSuite = {
  name: 'purchases',
  async prepare(context) {
    const { api, auth, databaseUrl, log } = context;
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    const run = randomBytes(4).toString('hex');
    const pool = VOUCHERS_PER_SECOND * (BENCH_SECONDS + WARM_UP_SECONDS);
    let storeId: string;
    let currencyId: string;
    let purchaseTypeId: string;
    let itemTypeId: string;
    try {
      await ensureCustomers(client, context);
      const [{ active }] = (
        await client.query<{ active: number }>(`SELECT count(*)::int AS active FROM webhook_endpoints WHERE state = $1`, [
          WebhookEndpointState.Active,
        ])
      ).rows;
      if (active > 0) {
        throw new Error(`The bench database has ${active} active webhook endpoints (tessera webhook list): the subscriber rows need none`);
      }
      const rewardId = await ensureReward(client);
      log(`Issuing ${pool} vouchers to customers across the million...`);
      const started = Date.now();
      await issueBenchVouchers(client, 'BENCH-PV', run, rewardId, pool);
      await issueBenchVouchers(client, 'BENCH-PS', run, rewardId, pool);
      for (const vouchers of ['BENCH-PN', 'BENCH-PW']) await issueBenchVouchers(client, vouchers, run, rewardId, pool);
      // Two more for the fixed bodies: one for the warm-up booking, one the calculation keeps offering.
      await client.query(
        `INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, valid_from, valid_to)
         SELECT md5('bench-purchase-voucher-' || $1 || '-' || name), $2, $3, 'BENCH-PV-' || $1 || '-' || name, now() - interval '1 day', now() + interval '30 days'
         FROM unnest(ARRAY['warm-up', 'accept', 'warm-up-stamped']) AS name`,
        [run, rewardId, customerId(1)],
      );
      await client.query('ANALYZE vouchers');
      log(`Issued in ${((Date.now() - started) / 1000).toFixed(1)}s`);
      ({ storeId, currencyId, purchaseTypeId, itemTypeId } = await billSetting(client));
    } finally {
      await client.end();
    }

    const bill = (billId: string, pluPrefix?: string) => ({
      bill_id: billId,
      payment_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      currency_id: currencyId,
      total_price: 14.8,
      bill_items: fiveItems(itemTypeId, pluPrefix),
    });
    const voucherCode = (name: string | number, pool = 'BENCH-PV') => `${pool}-${run}-${name}`;
    const sendBody = (billId: string, voucher: string, pluPrefix?: string) => ({
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId(1),
      bill: {
        ...bill(billId, pluPrefix),
        purchase_type_id: purchaseTypeId,
        canceled: false,
        payment_type: 'S',
        payment_recap: { vouchers: [{ code: voucher }] },
      },
    });
    const acceptBody = JSON.stringify({
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId(1),
      payment_type: 'S',
      benefit_codes: [voucherCode('accept')],
      bill: bill(`bench-${run}-accept`),
    });
    const headers = { ...auth, 'content-type': 'application/json' };

    // The warm-up books the template bill (learning its five products); a request past the pool resends it and is refused.
    const template = sendBody(`bench-${run}-warm-up`, voucherCode('warm-up'));
    const warmUp = await fetch(`${api}/purchases/actions/send-purchase`, { method: 'POST', headers, body: JSON.stringify(template) });
    if (warmUp.status !== 201) throw new Error(`send-purchase failed: ${warmUp.status} ${await warmUp.text()}`);
    const accepted = await fetch(`${api}/purchases/actions/accept-payment`, { method: 'POST', headers, body: acceptBody });
    const calculation = (await accepted.json()) as { data?: { vouchers: unknown[]; credit_points_of_this_transaction: number } };
    if (accepted.status !== 200 || !calculation.data?.vouchers.length || !(calculation.data.credit_points_of_this_transaction > 0)) {
      throw new Error(`accept-payment answered ${accepted.status} ${JSON.stringify(calculation)}`);
    }

    // The stamped bills: the same bill with products of their own, booked once to learn them before the campaign names one.
    const stampedTemplate = sendBody(`bench-${run}-warm-up-stamped`, voucherCode('warm-up-stamped'), STAMPED_PLU_PREFIX);
    const stampedWarmUp = await fetch(`${api}/purchases/actions/send-purchase`, {
      method: 'POST',
      headers,
      body: JSON.stringify(stampedTemplate),
    });
    if (stampedWarmUp.status !== 201) throw new Error(`send-purchase failed: ${stampedWarmUp.status} ${await stampedWarmUp.text()}`);
    const campaignClient = new Client({ connectionString: databaseUrl });
    await campaignClient.connect();
    try {
      await ensureStampCampaign(campaignClient, await ensureReward(campaignClient));
    } finally {
      await campaignClient.end();
    }

    /** An instance that gives each send-purchase the next bill_id, customer and voucher of `vouchers`. */
    const stampingInstance = (config: AppConfig, vouchers: string, billPrefix: string) => {
      let next = 0;
      return startInstance(context, config, (url, body) => {
        if (!url.endsWith('/purchases/actions/send-purchase') || next >= pool) return;
        const k = next++;
        const send = body as SendPurchaseBody;
        send.customer_id = customerId(customerIndex(k));
        send.bill.bill_id = `${billPrefix}-${run}-${k}`;
        send.bill.payment_recap.vouchers[0].code = voucherCode(k, vouchers);
      });
    };
    const { api: stampingApi } = await stampingInstance(context.config, 'BENCH-PV', 'bench');
    const { api: stampedApi } = await stampingInstance(context.config, 'BENCH-PS', 'bench-stamped');
    const sendScenario = (name: string, instanceApi: string): HttpScenario => ({
      name,
      url: `${instanceApi}/purchases/actions/send-purchase`,
      method: 'POST',
      headers,
      body: JSON.stringify(template),
      baseline: 'pg-purchase-tx',
    });
    return [
      {
        name: 'POST /purchases/actions/accept-payment (5 items, voucher)',
        url: `${api}/purchases/actions/accept-payment`,
        method: 'POST',
        headers,
        body: acceptBody,
        baseline: 'pg-purchase-tx',
      },
      sendScenario('POST /purchases/actions/send-purchase (5 items, voucher, points earned)', stampingApi),
      {
        name: 'POST /purchases/actions/send-purchase (5 items, voucher, points earned, a stamp earned)',
        url: `${stampedApi}/purchases/actions/send-purchase`,
        method: 'POST',
        headers,
        body: JSON.stringify(stampedTemplate),
        baseline: 'pg-purchase-tx',
      },
      ...subscriberPair(context, stampingInstance, sendScenario),
    ];
  },
  async dispose() {
    for (const app of instances.splice(0)) await closeGracefully(app);
  },
};
