import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp } from '../support/test-app';

/** `tessera partner`, `store-group` and `store`: the lifecycle verbs, audited as the OS user. */
describe('tessera partner, store-group and store', () => {
  let t: TestApp;
  let workspace: CliWorkspace;

  beforeAll(async () => {
    t = await TestApp.create();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'store');
  });
  afterAll(async () => {
    workspace.remove();
    await t.close();
  });

  it('defines, shows, changes, removes and activates a store with its partner and group', async () => {
    const partner = await workspace.runWithFile(['partner', 'define'], { name: 'Tea House' });
    expect(partner.code).toBe(0);
    const partnerId = partner.stdout.trim();
    const group = await workspace.runWithFile(['store-group', 'define'], { name: 'Tea rooms' });
    const groupId = group.stdout.trim();

    const store = await workspace.runWithFile(['store', 'define'], {
      store_code: 'TEA-01',
      name: 'Tea room',
      partner_id: partnerId,
      system_id: 'pos-tea',
      store_group_ids: [groupId],
    });
    expect(store).toMatchObject({ code: 0, stderr: '' });
    const storeId = store.stdout.trim();

    const shown = await workspace.run(['store', 'show', 'TEA-01']);
    const file = JSON.parse(shown.stdout);
    expect(file).toMatchObject({ store_id: storeId, partner_id: partnerId, store_group_ids: [groupId], state: 1 });
    const changed = await workspace.runWithFile(['store', 'change', 'TEA-01'], { ...file, name: 'Tea room Brno' });
    expect(changed.code).toBe(0);
    expect(JSON.parse(changed.stdout).name).toBe('Tea room Brno');

    expect((await workspace.run(['store', 'remove', 'TEA-01'])).stdout).toContain('state 0');
    expect((await workspace.run(['store', 'list'])).stdout).toMatch(/TEA-01\s+\S+\s+0/);
    expect((await workspace.run(['store', 'activate', storeId])).code).toBe(0);
    expect((await workspace.run(['partner', 'list', '--json'])).stdout).toContain('Tea House');

    const operations = await t.dataSource.query(
      `SELECT operation, channel FROM audit_events WHERE target_type = 'store' AND target_id = $1 ORDER BY audit_event_id`,
      [storeId],
    );
    expect(operations.map((row: any) => row.operation)).toEqual(['store define', 'store change', 'store remove', 'store activate']);
  });

  it('refuses a file naming an unknown partner, naming the field', async () => {
    const run = await workspace.runWithFile(['store', 'define'], { store_code: 'X-1', name: 'X', partner_id: 'nope', system_id: 'pos' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('partner_id');
  });
});
