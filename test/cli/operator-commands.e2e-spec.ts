import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp } from '../support/test-app';

/** The operator API's capabilities in the CLI: users and roles, the audit trail, customer care and tags. */
describe('tessera user, role, audit, customer and tag', () => {
  let t: TestApp;
  let workspace: CliWorkspace;
  const cli = (argv: string[], stdin?: string) => workspace.run(argv, stdin);

  beforeAll(async () => {
    t = await TestApp.create();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'operator-commands');
  });
  afterAll(() => t.close());

  it('creates a user with a role and a generated password that signs in to the operator API', async () => {
    const created = await cli(['user', 'create', '--login', 'marta', '--role', 'customer_care', '--json']);
    expect(created.code).toBe(0);
    const { password } = JSON.parse(created.stdout);
    expect(password.length).toBeGreaterThanOrEqual(10);
    expect((await t.operator('POST', '/sessions', { body: { login: 'marta', password } })).status).toBe(201);
    const listed = JSON.parse((await cli(['user', 'list', '--json'])).stdout);
    expect(listed.find((user: any) => user.login === 'marta').roles).toEqual(['customer_care']);

    expect((await cli(['user', 'role', 'marta', 'analyst'])).code).toBe(0);
    expect(JSON.parse((await cli(['user', 'show', 'marta'])).stdout).roles).toEqual(['analyst']);
    expect((await cli(['user', 'disable', 'marta'])).code).toBe(0);
    expect((await t.operator('POST', '/sessions', { body: { login: 'marta', password } })).status).toBe(401);
    expect((await cli(['user', 'role', 'marta', 'no_such_role'])).code).toBe(1);
  });

  it('defines, changes and deactivates a role from JSON', async () => {
    const defined = await cli(
      ['role', 'define', '-'],
      JSON.stringify({ text_id: 'store_lead', name: 'Store lead', permissions: ['figures:read'] }),
    );
    expect(defined.code).toBe(0);
    const shown = (await cli(['role', 'show', 'store_lead'])).stdout;
    const changed = await cli(['role', 'change', 'store_lead', '-'], shown.replace('"figures:read"', '"figures:read", "audit:read"'));
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout).permissions).toEqual(['audit:read', 'figures:read']);
    const bad = await cli(['role', 'define', '-'], JSON.stringify({ text_id: 'x', name: 'X', permissions: ['everything'] }));
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('permissions');
    expect((await cli(['role', 'remove', 'store_lead'])).code).toBe(0);
  });

  it('finds a customer, shows their picture and adjusts their points with a reason, audited as the OS user', async () => {
    const customer = await t.createCustomer();
    const found = JSON.parse((await cli(['customer', 'search', customer.email, '--json'])).stdout);
    expect(found.map((row: any) => row.customer_id)).toEqual([customer.customerId]);
    expect(JSON.parse((await cli(['customer', 'show', customer.customerId])).stdout).profile.email).toBe(customer.email);
    const adjusted = await cli(['customer', 'adjust-points', customer.customerId, '120', '--reason', 'Welcome gift']);
    expect(adjusted).toMatchObject({ code: 0, stdout: expect.stringContaining('Added 120 points') });
    expect((await cli(['customer', 'adjust-points', customer.customerId, '5'])).code).toBe(2);
    const trail = JSON.parse(
      (await cli(['audit', 'list', '--target-type', 'customer', '--target-id', customer.customerId, '--json'])).stdout,
    );
    expect(trail).toEqual([
      expect.objectContaining({ channel: 'cli', operation: 'customer adjust-points', reason: 'Welcome gift', userId: null }),
    ]);
    expect(trail[0].actor).toMatch(/.+@.+/);
  });

  it('erases a customer only with --yes', async () => {
    const customer = await t.createCustomer();
    expect((await cli(['customer', 'erase', customer.customerId])).code).toBe(2);
    expect((await cli(['customer', 'erase', customer.customerId, '--yes'])).code).toBe(0);
    const [row] = await t.dataSource.query(`SELECT email, state FROM customers WHERE customer_id = $1`, [customer.customerId]);
    expect(row.state).toBe(0);
    expect(row.email).not.toBe(customer.email);
  });

  it('takes a tag through its lifecycle with show output as the file for change', async () => {
    expect((await cli(['tag', 'define', '-'], JSON.stringify({ text_id: 'organic', names: { en: 'Organic' } }))).code).toBe(0);
    const shown = (await cli(['tag', 'show', 'organic'])).stdout;
    const changed = await cli(['tag', 'change', 'organic', '-'], shown.replace('"Organic"', '"Organic food"'));
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout).names).toEqual({ en: 'Organic food' });
    expect((await cli(['tag', 'remove', 'organic'])).code).toBe(0);
    expect(JSON.parse((await cli(['tag', 'list', '--json'])).stdout)[0].state).toBe(0);
    const operations = JSON.parse((await cli(['audit', 'list', '--target-type', 'tag', '--json'])).stdout).map(
      (event: any) => event.operation,
    );
    expect(operations).toEqual(['tag remove', 'tag change', 'tag define']);
  });
});
