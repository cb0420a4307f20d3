import { randomBytes } from 'node:crypto';
import { ApiClient, SeededRandom, WriteLoad } from './crash-load';
import { CrashScope, CrashServer, demoCredentials } from './crash-server';
import { verifyDurability } from './crash-verification';

/** Concurrent writers: enough that every crash lands on writes in flight. */
const WRITERS = 16;
/**
 * Each crash lands at a seeded moment: once a seeded number of writes of the phase were acknowledged
 * (a count, not a time, so a slow machine still crashes a loaded server), then a seeded delay later.
 */
const CRASH_AFTER_ACKNOWLEDGED = { from: 80, to: 160 } as const;
const CRASH_DELAY_MS = { from: 0, to: 300 } as const;
/** A phase that cannot reach its count in this time means the server stopped answering. */
const PHASE_LIMIT_MS = 40_000;
const CRASHES: { scope: CrashScope; what: string }[] = [
  { scope: 'process-group', what: "SIGKILL to the server's process group (an embedded PostgreSQL dies with it)" },
  { scope: 'process', what: 'SIGKILL to the server process alone' },
];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

describe('Crash test (the built server killed with SIGKILL under mixed writes)', () => {
  const seed = process.env.TESSERA_CRASH_SEED ? Number(process.env.TESSERA_CRASH_SEED) : randomBytes(4).readUInt32BE(0);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
    throw new Error(`TESSERA_CRASH_SEED must be an integer from 0 to ${0xffffffff}`);
  let server: CrashServer | undefined;
  let load: WriteLoad | undefined;

  afterAll(async () => {
    load?.halt();
    await server?.dispose();
  });

  it('keeps every acknowledged write and leaves none half-written', async () => {
    const started = Date.now();
    const random = new SeededRandom(seed);
    // Drawn before the writes, whose draws depend on timing, so the seed alone fixes the crash moments.
    const moments = CRASHES.map(() => ({
      acknowledged: random.int(CRASH_AFTER_ACKNOWLEDGED.from, CRASH_AFTER_ACKNOWLEDGED.to),
      delay: random.int(CRASH_DELAY_MS.from, CRASH_DELAY_MS.to),
    }));
    const tag = seed.toString(36);
    server = await CrashServer.create(process.env.DATABASE_URL || undefined);
    log(
      `crash test on ${server.embedded ? 'embedded' : 'external'} PostgreSQL, seed ${seed} (TESSERA_CRASH_SEED=${seed} repeats the crash moments and the mix of writes)`,
    );

    const credentials = demoCredentials(await server.start());
    let client = new ApiClient(server.origin);
    const fixture = await WriteLoad.prepare(client, credentials, tag);
    log(
      `  setup through the API: a store, a reward, ${fixture.customers.length} customers with points and ${fixture.customers[0].vouchers.length} vouchers each`,
    );

    const writeLoad = new WriteLoad(fixture, random, tag);
    load = writeLoad;
    for (const [index, crash] of CRASHES.entries()) {
      const { acknowledged, delay } = moments[index];
      const phaseStarted = Date.now();
      const reached = writeLoad.acknowledged(acknowledged, PHASE_LIMIT_MS);
      const writing = writeLoad.run(client, index + 1, WRITERS);
      await reached;
      await sleep(delay);
      const elapsed = Date.now() - phaseStarted;
      const inFlight = writeLoad.halt();
      await server.crash(crash.scope);
      await writing;
      client.close();
      log(
        `  crash ${index + 1}: ${crash.what}, ${delay} ms after the phase had ${acknowledged} writes acknowledged (${elapsed} ms into the writes), ${inFlight} writes in flight`,
      );
      expect(inFlight).toBeGreaterThan(0);

      await server.start();
      // Bearer tokens are stored: the one from before the crashes still signs the requests.
      const { token, operatorToken } = client;
      client = new ApiClient(server.origin);
      client.token = token;
      client.operatorToken = operatorToken;
    }
    client.close();

    const report = await verifyDurability(server.checkUrl, writeLoad.writes, tag);
    await server.stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const count = (kind: string, outcome?: string) =>
      writeLoad.writes.filter((write) => write.kind === kind && (!outcome || write.outcome === outcome)).length;
    const refused = writeLoad.writes.filter((write) => write.outcome === 'refused');
    log(
      [
        `  writes attempted ${report.attempted}: registrations ${count('registration')}, closures ${count('closure')}, voucher applications ${count('voucher-application')}, operator API tags ${count('operator-tag')}`,
        `  acknowledged ${report.acknowledged}, found after restart ${report.found}, lost ${report.lost.length}`,
        `  not acknowledged ${report.attempted - report.acknowledged} (${refused.length} refused, the rest cut by the crashes): ${report.unacknowledgedComplete} complete, ${report.unacknowledgedAbsent} absent`,
        `  half-written ${report.halfWritten.length}; point balances checked against their movements for ${report.customersChecked} customers`,
        `  duration ${seconds} s`,
        ...report.lost.slice(0, 20).map((line) => `  LOST ${line}`),
        ...report.halfWritten.slice(0, 20).map((line) => `  HALF-WRITTEN ${line}`),
        ...refused.slice(0, 5).map((write) => `  REFUSED ${write.kind} ${write.status}: ${JSON.stringify(write.answer)}`),
      ].join('\n'),
    );

    expect(report.lost).toEqual([]);
    expect(report.halfWritten).toEqual([]);
    // The load is valid: a refusal would be a broken request body or a server fault, not the crash.
    expect(refused.map((write) => `${write.kind} ${write.status}`)).toEqual([]);
    for (const kind of ['registration', 'closure', 'voucher-application', 'operator-tag'])
      expect(count(kind, 'acknowledged')).toBeGreaterThan(0);
    expect(report.found).toBe(report.acknowledged);
  });
});
