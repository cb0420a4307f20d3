import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { closeGracefully, createHttpApp } from '../../src/http/create-http-app';
import { WebhookDeliveryService, WebhookEndpointService } from '../../src/modules/webhooks';
import { BenchContext, BenchSuite, Measurement } from '../bench-suite';
import { countSeparately, StatementTally, whenQuiet } from '../statement-counter';
import { closeSharedReceiver, sharedReceiver, WEBHOOK_EVENT_DATA, WEBHOOK_EVENTS, WebhookReceiver } from '../webhooks/webhook-receiver';

/** The customers suite's million customers (md5('bench-customer-<i>')); the events are theirs. */
const CUSTOMERS = 1_000_000;
/** Events of the unmeasured first run: it also stamps whatever older undelivered events the database holds. */
const WARM_UP_EVENTS = 200;

let instance: NestFastifyApplication | undefined;
let endpointId: string | undefined;

/**
 * `count` purchase events of distinct bench customers (7919 is prime to a million), straight into the
 * outbox, named `bench-webhook-<batch>-<k>`.
 */
async function insertEvents(databaseUrl: string, batch: string, count: number): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  countSeparately(client, new StatementTally());
  await client.connect();
  try {
    await client.query(
      `INSERT INTO customer_events (event_id, event_type_id, customer_id, external_id, data)
       SELECT md5('bench-webhook-' || $1 || '-' || k), t.event_type_id, md5('bench-customer-' || (1 + (k * 7919) % $2)),
              'bench-webhook-' || $1 || '-' || k, $3::jsonb
         FROM generate_series(0, $4 - 1) AS k, event_types t WHERE t.text_id = 'purchase'`,
      [batch, CUSTOMERS, JSON.stringify(WEBHOOK_EVENT_DATA), count],
    );
  } finally {
    await client.end();
  }
}

async function ensureCustomers(databaseUrl: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { n } = (
      await client.query<{ n: string }>(`SELECT count(*) AS n FROM customers WHERE customer_id IN (md5('bench-customer-1'), md5($1))`, [
        `bench-customer-${CUSTOMERS}`,
      ])
    ).rows[0];
    if (Number(n) !== 2) throw new Error('The webhooks suite needs the customers suite million customers: run BENCH_ONLY=customers first');
  } finally {
    await client.end();
  }
}

/** One delivery run of `batch`'s `count` events, timed; the rate is events the receiver got per second. */
async function measureDelivery(
  context: BenchContext,
  delivery: WebhookDeliveryService,
  receiver: WebhookReceiver,
  tally: StatementTally,
  name: string,
): Promise<Measurement> {
  const run = randomBytes(4).toString('hex');
  await insertEvents(context.databaseUrl, `${run}-warm-up`, WARM_UP_EVENTS);
  await delivery.drain();
  await insertEvents(context.databaseUrl, `${run}-measured`, WEBHOOK_EVENTS);
  await whenQuiet(tally);
  const statementsBefore = tally.count;
  const receivedBefore = receiver.received;
  const started = performance.now();
  const attempts = await delivery.drain();
  const seconds = (performance.now() - started) / 1000;
  const received = receiver.received - receivedBefore;
  await whenQuiet(tally);
  const statements = tally.count - statementsBefore;
  const statuses = `received:${received} attempts:${attempts}`;
  if (received !== WEBHOOK_EVENTS) context.log(`Expected ${WEBHOOK_EVENTS} deliveries, the receiver got ${received} (${statuses})`);
  return {
    name,
    requestsPerSecond: received / seconds,
    p50: NaN,
    p99: NaN,
    non2xx: attempts - received,
    statementsPerRequest: received > 0 ? statements / received : 0,
    statuses,
  };
}

/**
 * Webhook delivery throughput: purchase events inserted into the outbox with SQL, then one timed
 * `drain()` (fan-out, claims, signed POSTs, bookkeeping) to a local receiver, compared with plain
 * parallel `fetch` POSTs of same-sized bodies to that receiver. The deliveries run in an instance of
 * their own that allows loopback targets; the main app's worker is off (`TESSERA_WEBHOOK_POLL=0`).
 */
export const webhooksSuite: BenchSuite = {
  name: 'webhooks',
  async prepare(context) {
    await ensureCustomers(context.databaseUrl);
    const receiver = await sharedReceiver();
    const app = await createHttpApp({
      config: { ...context.config, webhookPrivateTargets: true, webhookPollSeconds: 0 },
      databaseUrl: context.databaseUrl,
    });
    instance = app;
    await app.init();
    ({ endpointId } = await app.get(WebhookEndpointService).add(receiver.url, ['purchase']));
    const delivery = app.get(WebhookDeliveryService);
    const name = `webhook delivery: drain() of ${WEBHOOK_EVENTS} purchase events, 1 endpoint (events/s)`;
    return [
      {
        name,
        baseline: 'fetch-post',
        measure: (tally) => measureDelivery(context, delivery, receiver, tally, name),
      },
    ];
  },
  async dispose() {
    const app = instance;
    instance = undefined;
    if (app) {
      // The endpoint goes with its delivery log, so later runs of any suite deliver nothing to a closed receiver.
      if (endpointId) await app.get(DataSource).query(`DELETE FROM webhook_endpoints WHERE endpoint_id = $1`, [endpointId]);
      endpointId = undefined;
      await closeGracefully(app);
    }
    await closeSharedReceiver();
  },
};
