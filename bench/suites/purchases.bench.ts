import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash, randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { closeGracefully, createHttpApp } from '../../src/http/create-http-app';
import { BENCH_SECONDS, WARM_UP_SECONDS } from '../bench-settings';
import { BenchContext, BenchSuite } from '../bench-suite';
import { customersSuite } from './customers.bench';

/** The customers suite's million customers (md5('bench-customer-<i>')); the bills are theirs. */
const CUSTOMERS = 1_000_000;
/** Fresh vouchers per second of run (warm-up included): more than send-purchase books, so the pool never runs dry. */
const VOUCHERS_PER_SECOND = 5_000;
const REWARD_CODE = 'BENCH-PURCHASE-EURO-OFF';
/** The stamped bills' products have PLU codes of their own, so only their bills meet the bench campaign's condition. */
const STAMPED_PLU_PREFIX = 'bench-stamped';

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

/** Another instance on the same database, with `hook` before validation; returns its enterprise API base URL. */
async function startInstance(context: BenchContext, hook: (url: string, body: unknown) => void): Promise<string> {
  const app = await createHttpApp({ config: context.config, databaseUrl: context.databaseUrl });
  instances.push(app);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('preValidation', async (request) => hook(request.url, request.body));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`;
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
      const rewardId = await ensureReward(client);
      log(`Issuing ${pool} vouchers to customers across the million...`);
      const started = Date.now();
      await issueBenchVouchers(client, 'BENCH-PV', run, rewardId, pool);
      await issueBenchVouchers(client, 'BENCH-PS', run, rewardId, pool);
      // Two more for the fixed bodies: one for the warm-up booking, one the calculation keeps offering.
      await client.query(
        `INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, valid_from, valid_to)
         SELECT md5('bench-purchase-voucher-' || $1 || '-' || name), $2, $3, 'BENCH-PV-' || $1 || '-' || name, now() - interval '1 day', now() + interval '30 days'
         FROM unnest(ARRAY['warm-up', 'accept', 'warm-up-stamped']) AS name`,
        [run, rewardId, customerId(1)],
      );
      await client.query('ANALYZE vouchers');
      log(`Issued in ${((Date.now() - started) / 1000).toFixed(1)}s`);
      ({ store_id: storeId } = (
        await client.query<{ store_id: string }>(`SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1`)
      ).rows[0]);
      ({ currency_id: currencyId } = (
        await client.query<{ currency_id: string }>(`SELECT currency_id FROM currencies ORDER BY currency_id LIMIT 1`)
      ).rows[0]);
      ({ purchase_type_id: purchaseTypeId } = (
        await client.query<{ purchase_type_id: string }>(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`)
      ).rows[0]);
      ({ purchase_item_type_id: itemTypeId } = (
        await client.query<{ purchase_item_type_id: string }>(
          `SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`,
        )
      ).rows[0]);
    } finally {
      await client.end();
    }

    const item = (id: string, name: string, quantity: number, price: number, pluPrefix = 'bench-purchase') => ({
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
    const bill = (billId: string, pluPrefix?: string) => ({
      bill_id: billId,
      payment_time: new Date().toISOString().slice(0, 19).replace('T', ' '),
      currency_id: currencyId,
      total_price: 14.8,
      bill_items: [
        item('1', 'Coffee', 2, 5, pluPrefix),
        item('2', 'Cake', 1, 3.2, pluPrefix),
        item('3', 'Milk', 2, 2.2, pluPrefix),
        item('4', 'Bread', 1, 2.9, pluPrefix),
        item('5', 'Apples', 0.5, 1.5, pluPrefix),
      ],
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
    const stampingInstance = (vouchers: string, billPrefix: string) => {
      let next = 0;
      return startInstance(context, (url, body) => {
        if (!url.endsWith('/purchases/actions/send-purchase') || next >= pool) return;
        const k = next++;
        const send = body as SendPurchaseBody;
        send.customer_id = customerId(customerIndex(k));
        send.bill.bill_id = `${billPrefix}-${run}-${k}`;
        send.bill.payment_recap.vouchers[0].code = voucherCode(k, vouchers);
      });
    };
    const stampingApi = await stampingInstance('BENCH-PV', 'bench');
    const stampedApi = await stampingInstance('BENCH-PS', 'bench-stamped');
    return [
      {
        name: 'POST /purchases/actions/accept-payment (5 items, voucher)',
        url: `${api}/purchases/actions/accept-payment`,
        method: 'POST',
        headers,
        body: acceptBody,
        baseline: 'pg-purchase-tx',
      },
      {
        name: 'POST /purchases/actions/send-purchase (5 items, voucher, points earned)',
        url: `${stampingApi}/purchases/actions/send-purchase`,
        method: 'POST',
        headers,
        body: JSON.stringify(template),
        baseline: 'pg-purchase-tx',
      },
      {
        name: 'POST /purchases/actions/send-purchase (5 items, voucher, points earned, a stamp earned)',
        url: `${stampedApi}/purchases/actions/send-purchase`,
        method: 'POST',
        headers,
        body: JSON.stringify(stampedTemplate),
        baseline: 'pg-purchase-tx',
      },
    ];
  },
  async dispose() {
    for (const app of instances.splice(0)) await closeGracefully(app);
  },
};
