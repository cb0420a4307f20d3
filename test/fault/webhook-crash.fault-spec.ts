import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { Webhook } from 'standardwebhooks';
import { WebhookDeliveryStatus } from '../../src/modules/webhooks';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { SeededRandom } from './crash-load';
import { CrashServer } from './crash-server';

const EVENTS = 1000;
const CUSTOMERS = 50;
/** The crash lands once the receiver has seen a seeded number of requests, well inside the run. */
const CRASH_AFTER_REQUESTS = { from: 150, to: 700 } as const;
/** Each answer waits this long, so the sends of a batch are still open when the crash lands. */
const ANSWER_DELAY_MS = 20;
const DELIVERY_LIMIT_MS = 90_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Received {
  webhookId: string;
  eventId: string;
  customerId: string;
  verified: boolean;
}

/** A receiver in the test process: records every request, verifies its signature with an independent library, answers 200. */
class Receiver {
  readonly requests: Received[] = [];
  secret = '';
  private onCount?: { count: number; reached: () => void };
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let verified = true;
      try {
        new Webhook(this.secret).verify(body, request.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const payload = JSON.parse(body) as { data: { event_id: string; customer_id: string } };
      this.requests.push({
        webhookId: String(request.headers['webhook-id']),
        eventId: payload.data.event_id,
        customerId: payload.data.customer_id,
        verified,
      });
      if (this.onCount && this.requests.length >= this.onCount.count) {
        const { reached } = this.onCount;
        this.onCount = undefined;
        reached();
      }
      setTimeout(() => {
        response.statusCode = 200;
        response.end();
      }, ANSWER_DELAY_MS);
    });
  });

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    await new Promise<void>((done) => receiver.server.listen(0, '127.0.0.1', done));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  /** Resolves as soon as the receiver has seen `count` requests (called from the request handler, without delay). */
  seen(count: number): Promise<void> {
    return new Promise((reached) => (this.onCount = { count, reached }));
  }

  distinctEvents(): Set<string> {
    return new Set(this.requests.map((request) => request.eventId));
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((done) => this.server.close(() => done()));
  }
}

describe('Crash test (the built server killed with SIGKILL while delivering webhooks)', () => {
  const seed = process.env.TESSERA_CRASH_SEED ? Number(process.env.TESSERA_CRASH_SEED) : randomBytes(4).readUInt32BE(0);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new Error(`TESSERA_CRASH_SEED must be an integer from 0 to ${0xffffffff}`);
  const secretKey = randomBytes(32).toString('base64');
  let server: CrashServer | undefined;
  let receiver: Receiver | undefined;
  let cli: CliWorkspace | undefined;
  let db: Client | undefined;

  afterAll(async () => {
    await db?.end();
    cli?.remove();
    await server?.dispose();
    await receiver?.close();
  });

  it('delivers every event of the outbox after the restart, a repeat only with the same webhook-id', async () => {
    const started = Date.now();
    const crashAfter = new SeededRandom(seed).int(CRASH_AFTER_REQUESTS.from, CRASH_AFTER_REQUESTS.to);
    const settings = {
      TESSERA_SECRET_KEY: secretKey,
      TESSERA_WEBHOOK_PRIVATE_TARGETS: 'true',
      TESSERA_WEBHOOK_POLL: '1s',
      TESSERA_WEBHOOK_RETRY: '1s',
      TESSERA_WEBHOOK_LEASE: '20s',
    };
    receiver = await Receiver.start();
    server = await CrashServer.create(process.env.DATABASE_URL || undefined, settings);
    log(
      `webhook crash test on ${server.embedded ? 'embedded' : 'external'} PostgreSQL, seed ${seed} (TESSERA_CRASH_SEED=${seed} repeats the crash moment: after ${crashAfter} requests)`,
    );
    await server.start();
    db = new Client({ connectionString: server.checkUrl });
    await db.connect();

    cli = cliWorkspace(server.checkUrl, 'webhook-crash');
    Object.assign(cli.env, settings);
    const added = await cli.run(['webhook', 'add', receiver.url]);
    expect(added).toMatchObject({ code: 0, stderr: '' });
    receiver.secret = /Secret \(shown once\): (whsec_\S+)/.exec(added.stdout)![1];

    // The outbox filled at once, as a burst of writes would: customers and their events, ordered by time.
    const tag = seed.toString(36);
    await db.query(
      `INSERT INTO customers (customer_id, email)
       SELECT md5('crash-customer-' || $1 || '-' || i), 'webhook-crash-' || i || '@example.test' FROM generate_series(1, $2) i`,
      [tag, CUSTOMERS],
    );
    await db.query(
      `INSERT INTO customer_events (event_id, event_type_id, customer_id, external_id, data)
       SELECT md5('crash-event-' || $1 || '-' || i), (SELECT event_type_id FROM event_types WHERE text_id = 'purchase'),
              md5('crash-customer-' || $1 || '-' || (i % $3 + 1)), 'webhook-crash-' || i, jsonb_build_object('n', i)
         FROM generate_series(1, $2) i`,
      [tag, EVENTS, CUSTOMERS],
    );
    const outbox = (
      await db.query<{ event_id: string; customer_id: string }>(
        `SELECT event_id, customer_id FROM customer_events WHERE external_id LIKE 'webhook-crash-%' ORDER BY created_at, event_id`,
      )
    ).rows;
    expect(outbox).toHaveLength(EVENTS);

    const crashStarted = Date.now();
    await receiver.seen(crashAfter);
    await server.crash('process');
    const seenAtCrash = receiver.requests.length;
    log(`  SIGKILL to the server process after ${seenAtCrash} requests received (${Date.now() - crashStarted} ms into the delivery)`);

    // Sends the dead server had claimed stay reserved for their lease (`TESSERA_WEBHOOK_LEASE`, 20 s here);
    // the restarted server sends them once it has passed.
    const leased = await db.query(`SELECT 1 FROM webhook_deliveries WHERE status = $1 AND next_attempt_at > now()`, [
      WebhookDeliveryStatus.Pending,
    ]);
    log(`  ${leased.rowCount} deliveries claimed by the killed server, due again when their lease ends`);
    expect(leased.rowCount).toBeGreaterThan(0);

    const restarted = Date.now();
    await server.start();
    const undelivered = async () =>
      Number(
        (
          await db!.query<{ count: string }>(
            `SELECT count(*) FROM customer_events WHERE external_id LIKE 'webhook-crash-%' AND delivered_at IS NULL`,
          )
        ).rows[0].count,
      );
    while (Date.now() - restarted < DELIVERY_LIMIT_MS && (receiver.distinctEvents().size < EVENTS || (await undelivered()) > 0))
      await sleep(250);
    const afterRestartMs = Date.now() - restarted;
    await server.stop();

    const received = receiver.requests;
    const distinct = receiver.distinctEvents();
    const counts = new Map<string, number>();
    for (const request of received) counts.set(request.eventId, (counts.get(request.eventId) ?? 0) + 1);
    const repeated = [...counts.values()].filter((count) => count > 1).length;
    const deliveries = (
      await db.query<{ status: number; count: string }>(`SELECT status, count(*) FROM webhook_deliveries GROUP BY status`)
    ).rows.map((row) => ({ status: row.status, count: Number(row.count) }));
    log(
      [
        `  after the restart: waited ${afterRestartMs} ms (start included) for every event to arrive and be stamped`,
        `  requests ${received.length}, events received ${distinct.size} of ${EVENTS}, events received more than once ${repeated}`,
        `  duration ${((Date.now() - started) / 1000).toFixed(1)} s`,
      ].join('\n'),
    );

    // Every event arrived, and nothing else did.
    expect([...distinct].sort()).toEqual(outbox.map((event) => event.event_id).sort());
    // A repeat carries the event's id as its webhook-id, as every request does: the receiver's dedup key.
    expect(received.filter((request) => request.webhookId !== request.eventId)).toEqual([]);
    expect(received.filter((request) => !request.verified)).toEqual([]);
    // The sends cut by the crash were sent again: at least one event came twice.
    expect(repeated).toBeGreaterThan(0);
    // A customer's events first arrived in the order they were written.
    const firstArrivals = new Map<string, string[]>();
    for (const request of received) {
      const arrivals = firstArrivals.get(request.customerId) ?? [];
      if (!arrivals.includes(request.eventId)) arrivals.push(request.eventId);
      firstArrivals.set(request.customerId, arrivals);
    }
    const written = new Map<string, string[]>();
    for (const event of outbox) written.set(event.customer_id, [...(written.get(event.customer_id) ?? []), event.event_id]);
    expect(Object.fromEntries(firstArrivals)).toEqual(Object.fromEntries(written));
    // The outbox and the delivery log agree: every delivery delivered, every event stamped.
    expect(deliveries).toEqual([{ status: WebhookDeliveryStatus.Delivered, count: EVENTS }]);
    expect(await undelivered()).toBe(0);
  });
});
