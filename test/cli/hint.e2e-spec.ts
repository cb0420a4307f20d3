import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { CliRun, cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

describe('tessera hint', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;

  const ent = (path: string): Promise<TestResponse> => t.enterprise('GET', path, { token });
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);
  const hintCount = async (): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM hints`))[0].count);
  const assigned = async (hintId: string): Promise<string[]> =>
    (await t.dataSource.query(`SELECT customer_id FROM customer_hint_records WHERE hint_id = $1 ORDER BY customer_id`, [hintId])).map(
      (row: { customer_id: string }) => row.customer_id,
    );

  /** Defines the definition (an object as JSON, a string as it is) from a file. */
  const define = (definition: object | string): Promise<CliRun> => workspace.runWithFile(['hint', 'define'], definition);

  /** Defines a hint that must be created and returns its id. */
  async function created(definition: object): Promise<string> {
    const run = await define(definition);
    expect(run).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\n$/), stderr: '' });
    return run.stdout.trim();
  }

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'hint');
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
    janeDevice = await t.deviceToken(jane);
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  it('creates a hint from a file, prints its id, and the API serves it', async () => {
    const hintId = await created({
      name: 'Coffee tips',
      brief_description: 'Brew better coffee',
      detailed_description: 'Grind fresh',
      content: '<p>Weigh the beans.</p>',
      picture_urls: ['https://img.example.test/coffee.png'],
      web_url: 'https://example.test/coffee',
    });
    expect((await ent(`/recommendations/${hintId}`)).body.data).toEqual({
      recommendation_id: hintId,
      name: 'Coffee tips',
      brief_description: 'Brew better coffee',
      detailed_description: 'Grind fresh',
      content: '<p>Weigh the beans.</p>',
      picture_urls: ['https://img.example.test/coffee.png'],
      web_url: 'https://example.test/coffee',
      last_change: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      state: 1,
    });
  });

  it('reads a definition from standard input', async () => {
    const run = await cli(['hint', 'define', '-'], JSON.stringify({ name: 'From stdin', state: 2 }));
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect((await ent(`/recommendations/${run.stdout.trim()}`)).body.data).toMatchObject({ name: 'From stdin', state: 2 });
  });

  it('replaces a whole hint with change, keeping its assignments, and show prints a file change takes back', async () => {
    const hintId = await created({ name: 'Tea', brief_description: 'Short', web_url: 'https://example.test/tea' });
    await t.dataSource.query(`UPDATE hints SET last_change = '2025-01-01 00:00:00+00' WHERE hint_id = $1`, [hintId]);
    expect((await cli(['hint', 'assign', hintId, jane.customerId])).code).toBe(0);
    const before = await hintCount();

    const run = await workspace.runWithFile(['hint', 'change', hintId], { name: 'Green tea', state: 2 });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toMatchObject({ recommendation_id: hintId, name: 'Green tea', state: 2, customers: 1 });
    expect(await hintCount()).toBe(before);
    const hint = (await ent(`/recommendations/${hintId}`)).body.data;
    expect(hint).toEqual({ recommendation_id: hintId, name: 'Green tea', picture_urls: [], last_change: expect.any(String), state: 2 });
    expect(hint.last_change).not.toBe('2025-01-01 00:00:00');
    expect(await assigned(hintId)).toEqual([jane.customerId]);

    const shown = await cli(['hint', 'show', hintId]);
    expect((await workspace.runWithFile(['hint', 'change', hintId], shown.stdout)).code).toBe(0);
    expect((await ent(`/recommendations/${hintId}`)).body.data).toMatchObject({ name: 'Green tea', state: 2 });
  });

  it('assigns a hint to customers, once each, and takes it from them', async () => {
    const hintId = await created({ name: 'Assigned' });
    expect(await cli(['hint', 'assign', hintId, jane.customerId, max.customerId, jane.customerId])).toEqual({
      code: 0,
      stdout: `Hint ${hintId} assigned to 2 customers\n`,
      stderr: '',
    });
    expect(await assigned(hintId)).toEqual([jane.customerId, max.customerId].sort());
    expect((await cli(['hint', 'assign', hintId, max.customerId])).stdout).toBe(
      `Hint ${hintId} assigned to 0 customers (1 customer had it already)\n`,
    );
    const own = await t.customer('GET', `/customers/${jane.customerId}/recommendation-records`, { token: janeDevice });
    expect(own.body.data.recommendations.map((hint: { recommendation_id: string }) => hint.recommendation_id)).toContain(hintId);

    const stranger = hex();
    expect(await cli(['hint', 'unassign', hintId, max.customerId, stranger])).toEqual({
      code: 0,
      stdout: `Hint ${hintId} unassigned from 1 customer (not assigned to ${stranger})\n`,
      stderr: '',
    });
    expect(await assigned(hintId)).toEqual([jane.customerId]);
  });

  it('assigns to nobody when one customer is unknown or deleted', async () => {
    const hintId = await created({ name: 'All or nothing' });
    const unknown = hex();
    const deleted = await t.createCustomer();
    await t.dataSource.query(`UPDATE customers SET state = 0 WHERE customer_id = $1`, [deleted.customerId]);
    const run = await cli(['hint', 'assign', hintId, jane.customerId, unknown, deleted.customerId]);
    expect(run).toEqual({
      code: 1,
      stdout: '',
      stderr: `Error: customer_id: No customer has the id "${unknown}"\n       customer_id: No customer has the id "${deleted.customerId}"\n`,
    });
    expect(await assigned(hintId)).toEqual([]);
  });

  it('removes a hint by deactivating it: the Customer interface no longer shows it, activating it restores it', async () => {
    const hintId = await created({ name: 'Seasonal' });
    expect((await cli(['hint', 'assign', hintId, jane.customerId])).code).toBe(0);
    expect(await cli(['hint', 'remove', hintId])).toEqual({ code: 0, stdout: `Deactivated hint ${hintId} (state 0)\n`, stderr: '' });
    expect((await ent(`/recommendations/${hintId}`)).body.data.state).toBe(0);
    expect((await t.customer('GET', `/recommendations/${hintId}`, { token: janeDevice })).status).toBe(404);
    expect(await assigned(hintId)).toEqual([jane.customerId]);

    const refused = await cli(['hint', 'assign', hintId, max.customerId]);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: 'Error: recommendation_id: The hint is deactivated; activate it first\n' });

    // Changing a deactivated hint, from the file show prints, leaves it deactivated.
    const shown = await cli(['hint', 'show', hintId]);
    expect((await workspace.runWithFile(['hint', 'change', hintId], shown.stdout)).code).toBe(0);
    expect((await ent(`/recommendations/${hintId}`)).body.data.state).toBe(0);

    expect(await cli(['hint', 'activate', hintId])).toEqual({ code: 0, stdout: `Activated hint ${hintId} (state 1)\n`, stderr: '' });
    expect((await t.customer('GET', `/recommendations/${hintId}`, { token: janeDevice })).status).toBe(200);

    const trail = await t.dataSource.query(`SELECT operation, channel FROM audit_events WHERE target_id = $1 ORDER BY audit_event_id`, [
      hintId,
    ]);
    expect(trail.map((row: { operation: string }) => row.operation)).toEqual([
      'hint define',
      'hint assign',
      'hint remove',
      'hint change',
      'hint activate',
    ]);
  });

  it('lists every hint by name with its state and the customers it is assigned to', async () => {
    const hintId = await created({ name: 'Zz last hint' });
    expect((await cli(['hint', 'assign', hintId, jane.customerId, max.customerId])).code).toBe(0);
    const list = await cli(['hint', 'list']);
    expect(list).toMatchObject({ code: 0, stderr: '' });
    const lines = list.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^RECOMMENDATION ID\s+STATE\s+CUSTOMERS\s+NAME$/);
    expect(lines).toHaveLength((await hintCount()) + 1);
    const names = lines.slice(1).map((line) => line.split(/\s{2,}/)[3]);
    expect(names).toEqual([...names].sort());
    expect(lines.at(-1)).toMatch(new RegExp(`^${hintId}\\s+active\\s+2\\s+Zz last hint$`));
    expect(list.stdout).toMatch(/^[0-9a-f]{32}\s+inactive\s+1\s+Green tea$/m);
  });

  it.each([
    ['bad JSON', '{"name": }', 'is not valid JSON'],
    ['a JSON array', '[]', 'The hint definition must be a JSON object'],
    ['a missing name', { brief_description: 'x' }, 'name: name should not be null or undefined'],
    ['an empty name', { name: '' }, 'name: name should not be empty'],
    ['a wrong field type', { name: 'x', content: 7 }, 'content: content must be a string'],
    [
      'a picture URL that is not one',
      { name: 'x', picture_urls: ['coffee.png'] },
      'picture_urls: each value in picture_urls must be a URL address',
    ],
    ['a web URL without its scheme', { name: 'x', web_url: 'example.test' }, 'web_url: web_url must be a URL address'],
    ['a state outside 1 and 2', { name: 'x', state: 0 }, 'state: state must be one of the following values: 1, 2'],
    ['a read-only field', { name: 'x', last_change: '2025-01-01 00:00:00' }, 'last_change: property last_change should not exist'],
    ['an id, which only change takes', { recommendation_id: 'no-such-hint', name: 'x' }, 'property recommendation_id should not exist'],
  ])('refuses %s with exit code 1 and writes nothing', async (_, definition, message) => {
    const before = await hintCount();
    const run = await define(definition);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(message);
    expect(await hintCount()).toBe(before);
  });

  it.each([
    [['hint', 'remove', 'no-such-hint'], 'No hints record has the id "no-such-hint"'],
    [['hint', 'show', 'no-such-hint'], 'No hints record has the id "no-such-hint"'],
    [['hint', 'assign', 'no-such-hint', 'c'], 'No hints record has the id "no-such-hint"'],
    [['hint', 'unassign', 'no-such-hint', 'c'], 'No hints record has the id "no-such-hint"'],
  ])('fails with exit code 1 for %j', async (argv, message) => {
    expect(await cli(argv)).toEqual({ code: 1, stdout: '', stderr: `Error: ${message}\n` });
  });

  it.each([
    [['hint']],
    [['hint', 'rename']],
    [['hint', 'define']],
    [['hint', 'define', 'a.json', 'b.json']],
    [['hint', 'list', 'extra']],
    [['hint', 'remove']],
    [['hint', 'assign', 'only-a-hint']],
    [['hint', 'unassign']],
    [['hint', 'assign', 'h', '--all']],
  ])('prints a usage error and exits 2 for %j', async (argv) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Usage:');
  });

  it('names a file it cannot read with exit code 2', async () => {
    const missing = join(workspace.dataDir, 'missing.json');
    const run = await cli(['hint', 'define', missing]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`Cannot read ${missing}`);
    expect(run.stderr).not.toContain('Usage:');
  });
});
