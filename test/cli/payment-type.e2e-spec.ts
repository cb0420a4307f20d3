import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp } from '../support/test-app';

/** `tessera payment-type` and `purchase-type`: the lifecycle verbs, and the built-in payment types kept as they are. */
describe('tessera payment-type and purchase-type', () => {
  let t: TestApp;
  let workspace: CliWorkspace;

  beforeAll(async () => {
    t = await TestApp.create();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'payment-type');
  });
  afterAll(async () => {
    workspace.remove();
    await t.close();
  });

  it('defines, changes, removes and activates a payment type, and refuses to change a built-in one', async () => {
    const body = { name: 'Meal vouchers', collects_points: false, overall_discounts: false, pays_by_credits: false };
    const defined = await workspace.runWithFile(['payment-type', 'define'], body);
    expect(defined.code).toBe(0);
    const id = defined.stdout.trim();
    const changed = await workspace.runWithFile(['payment-type', 'change', id], { ...body, collects_points: true });
    expect(JSON.parse(changed.stdout)).toMatchObject({ payment_type_id: id, collects_points: true });
    expect((await workspace.run(['payment-type', 'remove', id])).code).toBe(0);
    expect((await workspace.run(['payment-type', 'activate', id])).code).toBe(0);

    const builtIn = await workspace.run(['payment-type', 'remove', 'S']);
    expect(builtIn.code).toBe(1);
    expect(builtIn.stderr).toContain('payment_type_id');
    expect((await workspace.run(['payment-type', 'list'])).stdout).toMatch(/^S\s+1\s+yes\s+no\s+no\s+/m);
  });

  it('shows a purchase type by text id, as a file change takes back', async () => {
    const shown = await workspace.run(['purchase-type', 'show', 'store_purchase']);
    const file = JSON.parse(shown.stdout);
    expect(file).toMatchObject({ text_id: 'store_purchase', state: 1 });
    const changed = await workspace.runWithFile(['purchase-type', 'change', 'store_purchase'], { ...file, name: 'In-store purchase' });
    expect(changed.code).toBe(0);
    const rows = await t.dataSource.query(`SELECT operation FROM audit_events WHERE target_type = 'purchase_type'`);
    expect(rows.map((row: any) => row.operation)).toEqual(['purchase-type change']);
  });
});
