import { randomBytes } from 'node:crypto';
import { ApiClient } from './crash-load';
import { CrashServer, demoCredentials } from './crash-server';
import { RedisProcess } from './redis-process';

/** Concurrent clients, each sending one request after another. */
const CLIENTS = 8;
/**
 * Every answer, during an outage too, must arrive within this: far beyond the Redis timeout (50 ms) plus a
 * request's own time on a loaded two-core machine, far below the request timeout (30 s) a stall used to take.
 */
const ANSWER_BOUND_MS = 1_000;
const ON_REDIS_BEFORE_MS = 2_000;
const OUTAGE_MS = 6_000;
/** The probe runs every second; a restarted Redis is reconnected to within the client's retry delay. */
const REJOIN_WITHIN_MS = 15_000;
const AFTER_REJOIN_MS = 1_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Answer {
  request: string;
  startedAt: number;
  ms: number;
  status?: number;
  error?: string;
}

/** Reads of cached and uncached endpoints and store creations (which drop the cached `/stores` answers). */
class MixedLoad {
  readonly answers: Answer[] = [];
  private halted = true;
  private sequence = 0;

  constructor(
    private readonly client: ApiClient,
    private readonly partnerId: string,
    private readonly tag: string,
  ) {}

  run(clients: number): Promise<void> {
    this.halted = false;
    const loop = async () => {
      while (!this.halted) await this.one();
    };
    return Promise.all(Array.from({ length: clients }, loop)).then(() => undefined);
  }

  halt(): void {
    this.halted = true;
  }

  /** The answers to requests in flight at some moment between `from` and `to`. */
  overlapping(from: number, to: number): Answer[] {
    return this.answers.filter((answer) => answer.startedAt <= to && answer.startedAt + answer.ms >= from);
  }

  private async one(): Promise<void> {
    const n = ++this.sequence;
    const roll = n % 10;
    if (roll < 5) return this.send('GET', '/countries');
    if (roll < 7) return this.send('GET', '/stores?count=20');
    if (roll < 8) return this.send('GET', '/currencies?count=5');
    return this.send('POST', '/stores', {
      store: { store_code: `redis-${this.tag}-${n}`, name: 'Redis fault test store', partner_id: this.partnerId, system_id: 'pos-redis' },
    });
  }

  private async send(method: 'GET' | 'POST', path: string, body?: unknown): Promise<void> {
    const startedAt = Date.now();
    const answer: Answer = { request: `${method} ${path.split('?')[0]}`, startedAt, ms: 0 };
    try {
      answer.status = (await this.client.call(method, path, body)).status;
    } catch (error) {
      answer.error = (error as Error).message;
    }
    answer.ms = Date.now() - startedAt;
    this.answers.push(answer);
  }
}

function summary(answers: Answer[]): string {
  const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(share * times.length))] ?? 0;
  return `${answers.length} answers, median ${at(0.5)} ms, 99th percentile ${at(0.99)} ms, max ${times.at(-1) ?? 0} ms`;
}

/** Answers that break the promise: an error, a 5xx or anything but the expected success, or one too slow. */
function faults(answers: Answer[]): string[] {
  return answers
    .filter((answer) => answer.error || answer.status !== (answer.request.startsWith('POST') ? 201 : 200) || answer.ms >= ANSWER_BOUND_MS)
    .map((answer) => `${answer.request}: ${answer.error ?? answer.status} after ${answer.ms} ms`);
}

describe('Redis frozen or killed under load (the built server with a shared cache and shared rate limits)', () => {
  const tag = randomBytes(4).toString('hex');
  const prefix = `tessera-fault-${tag}`;
  // The client budget's counters, one string per holder and window (rate-limiter-flexible's keys).
  const hitsPattern = `${prefix}:limit:client:*`;
  let redis: RedisProcess | undefined;
  let server: CrashServer | undefined;
  let client: ApiClient;
  let partnerId: string;
  let load: MixedLoad | undefined;
  let outages = 0;

  /** Whether this instance counts requests in Redis: one more request must raise the shared counters. */
  async function countsInRedis(): Promise<boolean> {
    const total = async () => {
      let sum = 0;
      for (const key of await redis!.keys(hitsPattern)) sum += await redis!.count(key);
      return sum;
    };
    const before = await total();
    await client.expect(200, 'GET', '/currencies?count=1');
    return (await total()) > before;
  }

  async function rejoinTime(since: number): Promise<number> {
    while (Date.now() - since < REJOIN_WITHIN_MS) {
      if (await countsInRedis()) return Date.now() - since;
      await sleep(100);
    }
    throw new Error(`The server did not count in Redis again within ${REJOIN_WITHIN_MS} ms:\n${server!.tail()}`);
  }

  /** Cached answers in Redis written after the recovery flush, so the cache is shared again too. */
  async function cachesInRedis(): Promise<boolean> {
    await client.expect(200, 'GET', '/countries');
    return (await redis!.keys(`${prefix}:cache:*`)).length > 0;
  }

  beforeAll(async () => {
    redis = await RedisProcess.start();
    server = await CrashServer.create(process.env.DATABASE_URL || undefined, {
      REDIS_URL: redis.url,
      TESSERA_REDIS_PREFIX: prefix,
      TESSERA_CACHE: '/countries=1h,/stores=1m',
      // On, as by default, with a budget the load cannot spend.
      TESSERA_RATE_LIMIT: '1000000/1m',
      TESSERA_RATE_LIMIT_ANONYMOUS: '120/1m',
    });
    const credentials = demoCredentials(await server.start());
    client = new ApiClient(server.origin);
    const login = await client.expect(200, 'POST', '/users/actions/login', {
      user_external_application_id: credentials.applicationId,
      login: credentials.login,
      password: credentials.password,
    });
    client.token = login.data.bearer_token;
    partnerId = (await client.expect(200, 'GET', '/partners')).data.partners[0].partner_id as string;
  });

  afterAll(async () => {
    load?.halt();
    client?.close();
    await redis?.dispose();
    await server?.dispose();
  });

  /** Runs the load through an outage that `breakRedis` starts and `repairRedis` ends, and checks every answer. */
  async function throughOutage(what: string, breakRedis: () => Promise<void>, repairRedis: () => Promise<void>): Promise<void> {
    const warnings = () => server!.tail(Number.MAX_SAFE_INTEGER).split('Redis is unreachable').length - 1;
    const warnedBefore = warnings();
    expect(await countsInRedis()).toBe(true);
    const mixed = new MixedLoad(client, partnerId, `${tag}-${++outages}`);
    load = mixed;
    const running = mixed.run(CLIENTS);
    let outage: { from: number; to: number; rejoinedAfter: number };
    try {
      await sleep(ON_REDIS_BEFORE_MS);
      expect(await cachesInRedis()).toBe(true);
      const from = Date.now();
      await breakRedis();
      await sleep(OUTAGE_MS);
      await repairRedis();
      const to = Date.now();
      outage = { from, to, rejoinedAfter: await rejoinTime(to) };
      await sleep(AFTER_REJOIN_MS);
    } finally {
      mixed.halt();
      await running;
    }
    expect(await cachesInRedis()).toBe(true);

    const during = mixed.overlapping(outage.from, outage.to);
    log(`${what}, ${OUTAGE_MS} ms under ${CLIENTS} clients`);
    log(`  whole run: ${summary(mixed.answers)}`);
    log(`  in flight during the outage: ${summary(during)}`);
    log(`  counting and caching in Redis again ${outage.rejoinedAfter} ms after it answered again`);
    log(`  Redis bypassed ${warnings() - warnedBefore} time(s) (once for the outage, more if a busy moment looked like one)`);
    expect(faults(mixed.answers)).toEqual([]);
    expect(during.length).toBeGreaterThan(CLIENTS * 10);
    expect(warnings()).toBeGreaterThan(warnedBefore);
  }

  it('answers every request within a second while Redis is frozen (SIGSTOP), and shares state again after SIGCONT', async () => {
    await throughOutage(
      'Redis frozen with SIGSTOP',
      async () => redis!.freeze(),
      async () => redis!.thaw(),
    );
  }, 60_000);

  it('answers every request while Redis is killed (SIGKILL) and restarted on its port, and shares state again after', async () => {
    await throughOutage(
      'Redis killed with SIGKILL and restarted',
      () => redis!.kill(),
      () => redis!.restart(),
    );
  }, 60_000);
});
