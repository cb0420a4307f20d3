import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { cloneTemplateDatabase } from '../support/test-database';
import { Client } from 'pg';

describe('tessera loyalty-rules and status', () => {
  let database: { url: string; drop: () => Promise<void> };
  let workspace: CliWorkspace;
  let db: Client;

  beforeAll(async () => {
    database = await cloneTemplateDatabase();
    workspace = cliWorkspace(database.url, 'rules');
    // The first command creates the project defaults (partner, store, statuses, currency).
    expect((await cli('loyalty-rules', 'list')).code).toBe(0);
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await db.end();
    await database.drop();
    workspace.remove();
  });

  const cli = (...argv: string[]) => workspace.run(argv);

  const one = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0];

  it('lists every rule with its default and help until a value is saved', async () => {
    const list = await cli('loyalty-rules', 'list');
    expect(list).toMatchObject({ code: 0, stderr: '' });
    expect(list.stdout).toMatch(/^RULE\s+SCOPE\s+SCOPE ID\s+VALUE\s+HELP\n/);
    expect(list.stdout).toMatch(/point_value\s+default\s+0\.01\s+Money value of one point/);
    expect(list.stdout).toMatch(/points_per_currency_unit\s+default\s+1\s+.*settable for: project, partner, store/);
  });

  it('sets and unsets values per project, partner and store', async () => {
    const { store_id: storeId, partner_id: partnerId } = await one(`SELECT store_id, partner_id FROM stores LIMIT 1`);
    expect(await cli('loyalty-rules', 'set', 'points_per_currency_unit', '2')).toEqual({
      code: 0,
      stdout: 'points_per_currency_unit = 2 saved for the project\n',
      stderr: '',
    });
    expect((await cli('loyalty-rules', 'set', 'points_per_currency_unit', '3', '--partner', partnerId)).code).toBe(0);
    expect((await cli('loyalty-rules', 'set', 'points_per_currency_unit', '0.5', '--store', storeId)).stdout).toBe(
      `points_per_currency_unit = 0.5 saved for store ${storeId}\n`,
    );

    const list = (await cli('loyalty-rules', 'list')).stdout;
    expect(list).not.toMatch(/points_per_currency_unit\s+default/);
    expect(list).toMatch(new RegExp(`points_per_currency_unit\\s+project\\s+2\\n`));
    expect(list).toMatch(new RegExp(`points_per_currency_unit\\s+partner\\s+${partnerId}\\s+3\\n`));
    expect(list).toMatch(new RegExp(`points_per_currency_unit\\s+store\\s+${storeId}\\s+0\\.5\\n`));

    expect((await cli('loyalty-rules', 'unset', 'points_per_currency_unit', '--store', storeId)).stdout).toBe(
      `points_per_currency_unit removed for store ${storeId}\n`,
    );
    expect((await cli('loyalty-rules', 'unset', 'points_per_currency_unit', '--store', storeId)).stdout).toBe(
      `points_per_currency_unit is not set for store ${storeId}\n`,
    );
    expect(await one(`SELECT count(*)::int AS n FROM loyalty_rules`)).toEqual({ n: 2 });
  });

  it.each([
    [['loyalty-rules', 'set', 'points_per_euro', '1'], 'rule: Unknown rule'],
    [['loyalty-rules', 'set', 'point_value', '0.02', '--store', 'x'], 'scope: point_value can be set only for: project'],
    [['loyalty-rules', 'set', 'max_vouchers_per_purchase', '2.5'], 'value: "2.5" is not a whole number'],
    [['loyalty-rules', 'set', 'points_per_currency_unit', '1', '--store', 'nope'], 'scope_id: No store has this id'],
    [['loyalty-rules', 'set', 'points_payers', 'gold,platinum'], 'value: No status has this text id'],
    [['status', 'qualify', 'platinum', '--turnover', '10', '--currency', 'EUR'], 'No statuses record has the id "platinum"'],
    [['status', 'qualify', 'gold', '--turnover', '10', '--currency', 'QQQ'], 'currency: No currency has this id'],
  ])('fails with exit code 1 for %j', async (argv, message) => {
    const run = await cli(...argv);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
  });

  it('qualifies a status by turnover and switches its point rights', async () => {
    const { currency_id: currencyId, code } = await one(`SELECT currency_id, code FROM currencies ORDER BY code LIMIT 1`);
    const qualified = await cli('status', 'qualify', 'silver', '--turnover', '2500.50', '--currency', code.toLowerCase(), '--period', '6');
    expect(qualified).toMatchObject({ code: 0, stderr: '' });
    expect(qualified.stdout).toMatch(new RegExp(`silver\\s+\\S+\\s+Silver\\s+conditions\\s+6m\\s+2500\\.50 ${code}`));
    expect(
      await one(
        `SELECT s.qualification_type, s.qualification_period, t.value FROM statuses s JOIN status_qualification_turnovers t USING (status_id) WHERE s.text_id = 'silver'`,
      ),
    ).toEqual({
      qualification_type: 2,
      qualification_period: 6,
      value: '2500.50',
    });

    const { status_id: basicId } = await one(`SELECT status_id FROM statuses WHERE text_id = 'basic'`);
    expect((await cli('status', 'qualify', basicId, '--turnover', '100', '--currency', currencyId)).code).toBe(0);
    expect(await one(`SELECT qualification_type, qualification_period FROM statuses WHERE status_id = $1`, [basicId])).toEqual({
      qualification_type: 2,
      qualification_period: null,
    });
    // Without any threshold left the status would go to everyone: it becomes manual.
    expect((await cli('status', 'qualify', 'basic', '--turnover', '0', '--currency', code)).code).toBe(0);
    expect(await one(`SELECT qualification_type FROM statuses WHERE status_id = $1`, [basicId])).toEqual({ qualification_type: 1 });

    const set = await cli('status', 'set', 'gold', '--payment-points', 'false');
    expect(set.stdout).toMatch(/gold\s+\S+\s+Gold\s+conditions\s+12m\s+5000(\.00)?\s+0d\s+true\s+false\s+1\n$/);
    expect(await one(`SELECT collection_points, payment_points FROM statuses WHERE text_id = 'gold'`)).toEqual({
      collection_points: true,
      payment_points: false,
    });

    const list = await cli('status', 'list');
    expect(list.stdout.split('\n')[0]).toMatch(
      /^TEXT ID\s+STATUS ID\s+NAME\s+QUALIFICATION\s+PERIOD\s+TURNOVER\s+POINTS\s+PURCHASES\s+GRACE\s+COLLECTS POINTS\s+PAYS WITH POINTS\s+STATE$/,
    );
    expect(
      list.stdout
        .split('\n')
        .slice(1, 4)
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(['basic', 'silver', 'gold']);
  });

  it.each([
    [['loyalty-rules']],
    [['loyalty-rules', 'set', 'point_value']],
    [['loyalty-rules', 'set', 'points_per_currency_unit', '1', '--store', 'a', '--partner', 'b']],
    [['status', 'qualify', 'gold', '--currency', 'EUR']],
    [['status', 'set', 'gold']],
    [['status', 'set', 'gold', '--collection-points', 'yes']],
    [['status', 'promote']],
  ])('prints a usage error and exits 2 for %j', async (argv) => {
    const run = await cli(...argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
  });

  it.each([
    [['status', 'qualify', 'gold', '--turnover=-5', '--currency', 'EUR'], '--turnover must be an amount'],
    [['status', 'qualify', 'gold', '--turnover', '5', '--currency', 'EUR', '--period', '0'], '--period must be a whole number'],
  ])('names the bad option value for %j', async (argv, message) => {
    const run = await cli(...argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toContain('Usage:');
  });

  it("prints a customer's status history, newest first, with the cause of each change", async () => {
    const created = await cli('customer', 'create', '--email', 'tiers@example.test', '--password', 'Tiers-pass-12345', '--json');
    expect(created.code).toBe(0);
    const customerId = JSON.parse(created.stdout).customer_id as string;
    expect((await cli('status', 'show', 'silver')).stdout).toContain('"downgrade_grace_days": 0');
    // The changes as a purchase and the period-end run write them: up to silver, then down to basic.
    await db.query(
      `WITH ids AS (SELECT (SELECT status_id FROM statuses WHERE text_id = 'silver') AS silver,
                           (SELECT status_id FROM statuses WHERE text_id = 'basic') AS basic)
       INSERT INTO customer_status_changes (status_change_id, customer_id, from_status_id, to_status_id, reason, changed_at)
       SELECT md5(random()::text), $1, NULL, silver, 'purchase', now() - interval '1 year' FROM ids
       UNION ALL SELECT md5(random()::text), $1, silver, basic, 'period_end', now() FROM ids`,
      [customerId],
    );
    const history = await cli('customer', 'status-history', customerId);
    expect(history).toMatchObject({ code: 0, stderr: '' });
    expect(history.stdout).toMatch(
      /^CHANGED AT\s+FROM\s+TO\s+REASON\s+STATUS RECORD ID\n\S+\s+Silver\s+Basic\s+period_end\s*\n\S+\s+\(none\)\s+Silver\s+purchase\s*\n$/,
    );
    const json = JSON.parse((await cli('customer', 'status-history', customerId, '--json')).stdout);
    expect(json).toMatchObject({
      total_items: 2,
      status_changes: [{ to_status_name: 'Basic' }, { reason: 'purchase', from_status_id: null }],
    });
    const first = await cli('customer', 'status-history', customerId, '--limit', '1');
    expect(first.stdout).toMatch(/period_end\s*\n1 of 2 changes; --limit shows more\n$/);
    expect((await cli('customer', 'status-history', customerId, '--limit', '0')).code).toBe(2);
  });
});
