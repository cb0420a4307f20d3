import { randomBytes } from 'node:crypto';
import { ApiClient, SeededRandom, WriteLoad } from './crash-load';
import { CrashScope, CrashServer, demoCredentials } from './crash-server';
import { verifyDurability } from './crash-verification';

/** Concurrent writers: enough that every crash lands on writes in flight. */
const WRITERS = 16;
/** Each crash lands at a seeded moment this long after the writes start. */
const CRASH_WINDOW_MS = { from: 2000, to: 6000 } as const;
const CRASHES: { scope: CrashScope; what: string }[] = [
  { scope: 'process-group', what: "SIGKILL to the server's process group (an embedded PostgreSQL dies with it)" },
  { scope: 'process', what: 'SIGKILL to the server process alone' },
];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

describe('Crash test (the built server killed with SIGKILL under mixed writes)', () => {
  const seed = process.env.TESSERA_CRASH_SEED ? Number(process.env.TESSERA_CRASH_SEED) : randomBytes(4).readUInt32BE(0);
  if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`TESSERA_CRASH_SEED must be an integer from 0 to ${0xffffffff}`);
  let server: CrashServer | undefined;

  afterAll(async () => {
    await server?.dispose();
  });

  it('keeps every acknowledged write and leaves none half-written', async () => {
    const started = Date.now();
    const random = new SeededRandom(seed);
    const tag = seed.toString(36);
    server = await CrashServer.create(process.env.DATABASE_URL || undefined);
    log(`crash test on ${server.embedded ? 'embedded' : 'external'} PostgreSQL, seed ${seed} (TESSERA_CRASH_SEED=${seed} repeats the mix of writes and the crash moments)`);

    const credentials = demoCredentials(await server.start());
    let client = new ApiClient(server.origin);
    const fixture = await WriteLoad.prepare(client, credentials, tag);
    log(`  setup through the API: a store, a reward, ${fixture.customers.length} customers with points and ${fixture.customers[0].vouchers.length} vouchers each`);

    const load = new WriteLoad(fixture, random, tag);
    for (const [index, crash] of CRASHES.entries()) {
      const writing = load.run(client, index + 1, WRITERS);
      const after = random.int(CRASH_WINDOW_MS.from, CRASH_WINDOW_MS.to);
      await sleep(after);
      const inFlight = load.halt();
      await server.crash(crash.scope);
      await writing;
      client.close();
      log(`  crash ${index + 1}: ${crash.what}, ${after} ms into the writes, ${inFlight} writes in flight`);
      expect(inFlight).toBeGreaterThan(0);

      await server.start();
      // Bearer tokens are stored: the one from before the crashes still signs the requests.
      const token = client.token;
      client = new ApiClient(server.origin);
      client.token = token;
    }
    client.close();

    const report = await verifyDurability(server.checkUrl, load.writes, tag);
    await server.stop();
    const seconds = ((Date.now() - started) / 1000).toFixed(1);

    const count = (kind: string, outcome?: string) => load.writes.filter((write) => write.kind === kind && (!outcome || write.outcome === outcome)).length;
    const refused = load.writes.filter((write) => write.outcome === 'refused');
    log(
      [
        `  writes attempted ${report.attempted}: registrations ${count('registration')}, closures ${count('closure')}, voucher applications ${count('voucher-application')}`,
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
    for (const kind of ['registration', 'closure', 'voucher-application']) expect(count(kind, 'acknowledged')).toBeGreaterThan(0);
    expect(report.found).toBe(report.acknowledged);
  });
});
