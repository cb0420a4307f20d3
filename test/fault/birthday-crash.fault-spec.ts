import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { SeededRandom } from './crash-load';
import { CrashServer } from './crash-server';

const CUSTOMERS = 3000;
const POINTS = 25;
const GRANT_LIMIT_MS = 120_000;
/** The kill lands once a seeded share of the birthdays is granted, well inside the run. */
const KILL_AFTER_GRANTS = { from: 100, to: 1500 } as const;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const log = (line: string) => process.stdout.write(`${line}\n`);

describe('Crash test (two servers granting birthday rules at once, one killed with SIGKILL part way)', () => {
  const seed = process.env.TESSERA_CRASH_SEED ? Number(process.env.TESSERA_CRASH_SEED) : randomBytes(4).readUInt32BE(0);
  // The birthday run polls every second on both; the programme's calendar is UTC, as the seeded birthdays are.
  const settings = { TESSERA_BIRTHDAY_POLL: '1s', TESSERA_TIME_ZONE: 'UTC' };
  let first: CrashServer | undefined;
  let second: CrashServer | undefined;
  let cli: CliWorkspace | undefined;
  let db: Client | undefined;

  afterAll(async () => {
    await db?.end();
    cli?.remove();
    await second?.dispose();
    await first?.dispose();
  });

  it('grants each birthday once a year: no customer twice, none left out after the restart', async () => {
    const killAfter = new SeededRandom(seed).int(KILL_AFTER_GRANTS.from, KILL_AFTER_GRANTS.to);
    first = await CrashServer.create(process.env.DATABASE_URL || undefined, settings);
    log(`birthday crash test, seed ${seed} (TESSERA_CRASH_SEED=${seed} repeats it: the kill after ${killAfter} grants)`);
    await first.start();
    second = await CrashServer.beside(first, settings);
    await second.start();
    db = new Client({ connectionString: first.checkUrl });
    await db.connect();

    const tag = seed.toString(36);
    await db.query(
      `INSERT INTO customers (customer_id, email, birthdate)
       SELECT md5('birthday-crash-' || $1 || '-' || i), 'birthday-crash-' || i || '@example.test',
              ((now() AT TIME ZONE 'UTC')::date - make_interval(years => 20 + i % 40))::date
         FROM generate_series(1, $2) i`,
      [tag, CUSTOMERS],
    );
    // The rule reaches both servers through the change feed; their next runs start granting at once.
    cli = cliWorkspace(first.checkUrl, 'birthday-crash');
    const defined = await cli.runWithFile(['earning-rule', 'define'], {
      code: 'birthday-crash',
      name: 'Birthday bonus',
      trigger: 'event',
      priority: 1,
      stacking: 'cumulative',
      conditions: { event_types: ['birthday'] },
      effects: [{ kind: 'fixed_points', points: POINTS }],
    });
    expect(defined).toMatchObject({ code: 0, stderr: '' });

    const granted = async () => Number((await db!.query(`SELECT count(*) AS n FROM birthday_grants`)).rows[0].n);
    const waitForGrants = async (count: number, limitMs: number) => {
      const until = Date.now() + limitMs;
      while ((await granted()) < count && Date.now() < until) await sleep(20);
      return granted();
    };
    expect(await waitForGrants(killAfter, GRANT_LIMIT_MS)).toBeGreaterThanOrEqual(killAfter);
    await first.crash('process');
    log(`  SIGKILL to the first server after ${await granted()} of ${CUSTOMERS} birthdays granted`);

    expect(await waitForGrants(CUSTOMERS, GRANT_LIMIT_MS)).toBe(CUSTOMERS);
    // The killed server comes back and runs again: it finds every year claimed and grants nothing more.
    await first.start();
    await sleep(3000);

    const twice = await db.query(
      `SELECT customer_id, count(*) AS n FROM points WHERE note LIKE '%earning rule birthday-crash' GROUP BY customer_id HAVING count(*) <> 1`,
    );
    expect(twice.rows).toEqual([]);
    const totals = await db.query<{ customers: number; points: number; claims: number }>(
      `SELECT (SELECT count(DISTINCT customer_id)::int FROM points WHERE note LIKE '%earning rule birthday-crash') AS customers,
              (SELECT sum(assigned_points)::int FROM points WHERE note LIKE '%earning rule birthday-crash') AS points,
              (SELECT count(*)::int FROM birthday_grants) AS claims`,
    );
    expect(totals.rows[0]).toEqual({ customers: CUSTOMERS, points: CUSTOMERS * POINTS, claims: CUSTOMERS });
    // Every claim has its grant: the killed transaction took its claim away with its points.
    const claimWithoutPoints = await db.query(
      `SELECT g.customer_id FROM birthday_grants g
        WHERE NOT EXISTS (SELECT 1 FROM points p WHERE p.customer_id = g.customer_id AND p.note LIKE '%earning rule birthday-crash')`,
    );
    expect(claimWithoutPoints.rows).toEqual([]);
  });
});
