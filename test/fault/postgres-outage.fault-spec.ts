import { randomBytes } from 'node:crypto';
import { request } from 'node:https';
import { Client } from 'pg';
import { POOL_SIZE } from '../../src/database/connection-limits';
import { CHANGE_FEED_APPLICATION_NAME, LOADER_POOL_SIZE } from '../../src/platform/change-feed';
import { ApiClient, ApiResponse, Fixture, SeededRandom, WriteLoad } from './crash-load';
import { CrashServer, demoCredentials } from './crash-server';
import { verifyDurability } from './crash-verification';
import { PostgresCluster } from './postgres-cluster';

const WRITERS = 8;
const READERS = 4;
const OUTAGES = 2;
const OUTAGE_MS = 10_000;
/** The server's request timeout here: every answer, during an outage too, must come within it. */
const REQUEST_TIMEOUT_SECONDS = 20;
/** Writes acknowledged before each outage and after the last one: the load really runs on both sides. */
const ACKNOWLEDGED_PER_PHASE = 40;
const PHASE_LIMIT_MS = 60_000;
/** From `pg_ctl start` to the first acknowledged write. */
const RECOVERY_LIMIT_MS = 15_000;
/** The load keeps running this long after recovering, before the next phase. */
const AFTER_RECOVERY_MS = 3_000;
/** The change feed reconnects with a backoff of at most 5 s: well within this. */
const FEED_BACK_LIMIT_MS = 30_000;
/** How long the connection count must stay within bounds once the load stops. */
const SETTLE_MS = 10_000;
/** A client that got 503 waits a little before its next request, as one reading Retry-After would; it keeps the load honest on a shared machine. */
const PAUSE_AFTER_UNAVAILABLE_MS = 100;
/**
 * The server learns that the database stopped when its sockets close, a moment after `pg_ctl stop`
 * returns on a loaded machine; meanwhile a read may still be served from memory, as it was current.
 * Answers that start later than this into an outage must all be 503.
 */
const NOTICE_GRACE_MS = 1_000;
/** A 503 is expected only around an outage: up to this long after the database was started again. */
const UNAVAILABLE_AFTER_RESTART_MS = 5_000;
/** A connection per pool connection, per loading-pool connection, and the change feed's one. */
const MOST_CONNECTIONS = POOL_SIZE + LOADER_POOL_SIZE + 1;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Answer {
  method: string;
  path: string;
  startedAt: number;
  endedAt: number;
  /** 0 when no whole answer arrived. */
  status: number;
  retryAfter?: string;
  exception?: string;
}

interface Outage {
  stopCalledAt: number;
  /** When `pg_ctl stop` had returned and the server had had its grace to notice. */
  downFrom: number;
  upCalledAt: number;
  upAt: number;
}

/** Records every answer with its timing; after a 503 it pauses before handing the answer back. */
class ObservedClient extends ApiClient {
  readonly answers: Answer[] = [];

  override async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ApiResponse> {
    const startedAt = Date.now();
    let response: ApiResponse;
    try {
      response = await super.call(method, path, body);
    } catch (error) {
      this.answers.push({ method, path, startedAt, endedAt: Date.now(), status: 0 });
      throw error;
    }
    this.answers.push({
      method,
      path,
      startedAt,
      endedAt: Date.now(),
      status: response.status,
      retryAfter: response.headers['retry-after'],
      exception: response.body?.error?.exception,
    });
    if (response.status === 503) await sleep(PAUSE_AFTER_UNAVAILABLE_MS);
    return response;
  }
}

/** Concurrent reads of what the fixture created, answered from the database or from the instance's memory. */
function readLoad(client: ApiClient, fixture: Fixture, random: SeededRandom, halted: () => boolean): Promise<void> {
  const paths = [
    () => `/customers/${random.pick(fixture.customers).customerId}`,
    () => `/vouchers?customer_id=${random.pick(fixture.customers).customerId}&count=10`,
    () => `/stores/${fixture.storeId}`,
    () => `/rewards/${fixture.rewardId}`,
    () => '/purchase-types',
  ];
  const loop = async () => {
    while (!halted()) await client.call('GET', random.pick(paths)()).catch(() => undefined);
  };
  return Promise.all(Array.from({ length: READERS }, loop)).then(() => undefined);
}

/** `GET /ready` (outside the interfaces' base paths), timed. */
function probeReady(origin: string): Promise<{ status: number; body: any; retryAfter?: string; ms: number }> {
  const startedAt = Date.now();
  return new Promise((done, fail) => {
    const outgoing = request(`${origin}/ready`, { rejectUnauthorized: false, timeout: 30_000 }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        done({
          status: incoming.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
          retryAfter: incoming.headers['retry-after'],
          ms: Date.now() - startedAt,
        }),
      );
    });
    outgoing.on('error', fail);
    outgoing.on('timeout', () => outgoing.destroy(new Error('/ready did not answer within 30 s')));
    outgoing.end();
  });
}

/** The server's sessions on its database by application name; null while the database is down. */
async function serverConnections(cluster: PostgresCluster, database: string): Promise<Map<string, number> | null> {
  const client = new Client({ connectionString: cluster.url, connectionTimeoutMillis: 2_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string; n: number }>(
      `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 GROUP BY application_name`,
      [database],
    );
    return new Map(rows.map((row) => [row.name, row.n]));
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const total = (connections: Map<string, number>) => [...connections.values()].reduce((sum, n) => sum + n, 0);
const feeds = (connections: Map<string, number>) => connections.get(CHANGE_FEED_APPLICATION_NAME) ?? 0;

/** Samples the server's connections every second while the database answers, keeping the most seen. */
class ConnectionMonitor {
  mostTotal = 0;
  mostFeeds = 0;
  samples = 0;
  private stopped = false;
  private readonly running: Promise<void>;

  constructor(
    private readonly cluster: PostgresCluster,
    private readonly database: string,
  ) {
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      const connections = this.cluster.isRunning ? await serverConnections(this.cluster, this.database) : null;
      if (connections) {
        this.samples++;
        this.mostTotal = Math.max(this.mostTotal, total(connections));
        this.mostFeeds = Math.max(this.mostFeeds, feeds(connections));
      }
      await sleep(1_000);
    }
  }
}

async function within<T>(limitMs: number, what: string, attempt: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const found = await attempt();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what} not within ${limitMs} ms`);
    await sleep(200);
  }
}

describe('PostgreSQL outage (its own cluster stopped under load, then started again)', () => {
  let cluster: PostgresCluster | undefined;
  let server: CrashServer | undefined;
  let load: WriteLoad | undefined;
  let monitor: ConnectionMonitor | undefined;

  afterAll(async () => {
    load?.halt();
    await monitor?.stop();
    // The server's database is dropped on the cluster: it must be up for that.
    if (cluster && !cluster.isRunning) await cluster.start().catch(() => undefined);
    await server?.dispose().catch(() => undefined);
    await cluster?.dispose();
  });

  it('answers 503 with Retry-After while it is down, recovers by itself, keeps its connections bounded and loses no acknowledged write', async () => {
    const seed = randomBytes(4).readUInt32BE(0);
    const random = new SeededRandom(seed);
    const tag = `pg${seed.toString(36)}`;
    cluster = await PostgresCluster.create();
    server = await CrashServer.create(cluster.url, { TESSERA_REQUEST_TIMEOUT: `${REQUEST_TIMEOUT_SECONDS}s` });
    const database = new URL(server.databaseUrl).pathname.slice(1);
    log(`PostgreSQL outage test on a cluster of its own (port ${cluster.port}), seed ${seed}`);

    const credentials = demoCredentials(await server.start());
    const client = new ObservedClient(server.origin);
    const fixture = await WriteLoad.prepare(client, credentials, tag);
    const setupAnswers = client.answers.length;
    const writeLoad = new WriteLoad(fixture, random, tag);
    load = writeLoad;
    monitor = new ConnectionMonitor(cluster, database);

    const outages: Outage[] = [];
    const readiness: Awaited<ReturnType<typeof probeReady>>[] = [];
    const recoveries: number[] = [];
    const signIns: ApiResponse[] = [];
    const anonymous = new ApiClient(server.origin);
    for (let phase = 1; phase <= OUTAGES + 1; phase++) {
      let readersHalted = false;
      const reached = writeLoad.acknowledged(ACKNOWLEDGED_PER_PHASE, PHASE_LIMIT_MS);
      const writing = writeLoad.run(client, phase, WRITERS);
      const reading = readLoad(client, fixture, random, () => readersHalted);
      await reached;
      if (phase <= OUTAGES) {
        const stopCalledAt = Date.now();
        await cluster.stop();
        const downFrom = Date.now() + NOTICE_GRACE_MS;
        await sleep(OUTAGE_MS / 2);
        readiness.push(await probeReady(server.origin));
        signIns.push(
          await anonymous.call('POST', '/users/actions/login', {
            user_external_application_id: credentials.applicationId,
            login: credentials.login,
            password: credentials.password,
          }),
        );
        await sleep(Math.max(0, downFrom - NOTICE_GRACE_MS + OUTAGE_MS - Date.now()));
        const upCalledAt = Date.now();
        await cluster.start();
        const upAt = Date.now();
        outages.push({ stopCalledAt, downFrom, upCalledAt, upAt });
        const recovered = await within(RECOVERY_LIMIT_MS + (upAt - upCalledAt), 'A write acknowledged after the restart', async () =>
          client.answers.find((answer) => answer.method === 'POST' && answer.startedAt >= upCalledAt && answer.status < 300),
        );
        recoveries.push(recovered.endedAt - upAt);
        await sleep(AFTER_RECOVERY_MS);
      }
      writeLoad.halt();
      readersHalted = true;
      await Promise.all([writing, reading]);
    }
    client.close();
    anonymous.close();
    const readyAfter = await probeReady(server.origin);

    // Once the load has stopped: exactly one change-feed connection, and no more than the pools' sizes.
    const settledAt = Date.now();
    let afterLoad = await serverConnections(cluster, database);
    while ((!afterLoad || feeds(afterLoad) !== 1) && Date.now() < settledAt + FEED_BACK_LIMIT_MS) {
      await sleep(200);
      afterLoad = await serverConnections(cluster, database);
    }
    await sleep(Math.max(0, settledAt + SETTLE_MS - Date.now()));
    const settled = (await serverConnections(cluster, database)) ?? new Map<string, number>();
    await monitor.stop();

    const report = await verifyDurability(server.checkUrl, writeLoad.writes, tag);
    const output = server.tail(100_000);
    await server.stop();

    const answers = client.answers.slice(setupAnswers);
    const duringOutage = (answer: Answer) =>
      outages.some((outage) => answer.startedAt >= outage.downFrom && answer.endedAt <= outage.upCalledAt);
    const nearOutage = (answer: Answer) =>
      outages.some((outage) => answer.endedAt >= outage.stopCalledAt && answer.startedAt <= outage.upAt + UNAVAILABLE_AFTER_RESTART_MS);
    const unavailable = answers.filter((answer) => answer.status === 503);
    const wellFormedUnavailable = (answer: Answer) =>
      answer.status === 503 && answer.exception === 'service_unavailable_exception' && Number(answer.retryAfter) > 0;
    const slowest = Math.max(...answers.map((answer) => answer.endedAt - answer.startedAt));
    const down = answers.filter(duringOutage);
    const slowestDown = Math.max(0, ...down.map((answer) => answer.endedAt - answer.startedAt));
    const count = (status: number) => answers.filter((answer) => answer.status === status).length;
    const unexpected = answers.filter((answer) => !(answer.status >= 200 && answer.status < 300) && !wellFormedUnavailable(answer));
    log(
      [
        `  ${answers.length} answers under load (${answers.filter((answer) => answer.method === 'GET').length} reads): ${count(200) + count(201) + count(204)} 2xx, ${unavailable.length} 503, ${count(500)} 500, ${count(0)} cut`,
        ...outages.map(
          (outage, index) =>
            `  outage ${index + 1}: down ${outage.upCalledAt - outage.downFrom + NOTICE_GRACE_MS} ms, ${down.filter((answer) => answer.startedAt >= outage.downFrom && answer.endedAt <= outage.upCalledAt).length} answers while down, first write acknowledged ${recoveries[index]} ms after the start; /ready answered ${readiness[index].status} in ${readiness[index].ms} ms: ${readiness[index].body?.error?.detail}; a sign-in answered ${signIns[index].status}`,
        ),
        `  slowest answer ${slowest} ms (${slowestDown} ms while down), request timeout ${REQUEST_TIMEOUT_SECONDS} s`,
        `  connections (most ${MOST_CONNECTIONS}): at most ${monitor.mostTotal} and ${monitor.mostFeeds} change feed over ${monitor.samples} samples; after the load ${afterLoad ? total(afterLoad) : 'none'}, ${SETTLE_MS / 1000} s later ${total(settled)} (${JSON.stringify([...settled])})`,
        `  writes attempted ${report.attempted}, acknowledged ${report.acknowledged}, found ${report.found}, lost ${report.lost.length}, half-written ${report.halfWritten.length}`,
        `  server log: ${(output.match(/Database unreachable/g) ?? []).length} outage warnings from requests, ${(output.match(/Unhandled error/g) ?? []).length} unhandled errors`,
        ...unexpected
          .slice(0, 10)
          .map((answer) => `  UNEXPECTED ${answer.method} ${answer.path}: ${answer.status} ${answer.exception ?? ''}`),
        ...output
          .split('\n')
          .filter((line) => line.includes('Unhandled error'))
          .slice(0, 5)
          .map((line) => `  SERVER ${line}`),
        ...report.lost.slice(0, 10).map((line) => `  LOST ${line}`),
        ...report.halfWritten.slice(0, 10).map((line) => `  HALF-WRITTEN ${line}`),
      ].join('\n'),
    );

    // While down: every answer a 503 with Retry-After in the API's error body, none a 500, none cut, all in time.
    expect(unexpected.map((answer) => `${answer.method} ${answer.path} ${answer.status} ${answer.exception}`)).toEqual([]);
    for (const index of outages.keys()) {
      const answered = down.filter((answer) => answer.startedAt >= outages[index].downFrom && answer.endedAt <= outages[index].upCalledAt);
      expect(answered.length).toBeGreaterThan(WRITERS + READERS);
      expect(answered.filter((answer) => answer.status !== 503)).toEqual([]);
    }
    expect(unavailable.filter((answer) => !nearOutage(answer))).toEqual([]);
    expect(slowest).toBeLessThan(REQUEST_TIMEOUT_SECONDS * 1000);
    expect(output).not.toContain('Unhandled error');

    // /ready names the database while it is down, and answers quickly; ready again afterwards.
    for (const probe of readiness) {
      expect(probe).toMatchObject({ status: 503, body: { error: { exception: 'service_unavailable_exception' } } });
      expect(probe.body.error.detail).toMatch(/database/);
      expect(Number(probe.retryAfter)).toBeGreaterThan(0);
      expect(probe.ms).toBeLessThan(5_000);
    }
    expect(readyAfter.status).toBe(200);
    // Signing in needs the database as much as a bearer token does: 503, not 401.
    for (const signIn of signIns) {
      expect(signIn).toMatchObject({ status: 503, body: { error: { exception: 'service_unavailable_exception' } } });
      expect(Number(signIn.headers['retry-after'])).toBeGreaterThan(0);
    }

    // Recovery by itself, and no connection left behind by either outage.
    for (const ms of recoveries) expect(ms).toBeLessThan(RECOVERY_LIMIT_MS);
    expect(monitor.mostFeeds).toBeLessThanOrEqual(1);
    expect(monitor.mostTotal).toBeLessThanOrEqual(MOST_CONNECTIONS);
    expect(feeds(settled)).toBe(1);
    expect(total(settled)).toBeLessThanOrEqual(MOST_CONNECTIONS);

    // No acknowledged write lost, none half-written; a write refused by the outage is all or nothing.
    expect(report.lost).toEqual([]);
    expect(report.halfWritten).toEqual([]);
    expect(report.found).toBe(report.acknowledged);
  }, 420_000);
});
