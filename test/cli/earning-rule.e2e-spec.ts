import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp } from '../support/test-app';

/** `tessera earning-rule`: the lifecycle verbs, with `show` printing a file `change` takes back, each write audited. */
describe('tessera earning-rule', () => {
  let t: TestApp;
  let workspace: CliWorkspace;

  beforeAll(async () => {
    t = await TestApp.create();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'earning-rule');
  });
  afterAll(async () => {
    workspace.remove();
    await t.close();
  });

  it('defines, lists, shows, changes, removes and activates a rule, and names the field it refuses', async () => {
    const rule = {
      code: 'student-double',
      name: 'Double points for students',
      priority: 5,
      stacking: 'cumulative',
      conditions: { segment_ids: ['students'] },
      effects: [{ kind: 'points_per_currency_unit', on: 'bill', multiplier: 1 }],
    };
    const defined = await workspace.runWithFile(['earning-rule', 'define'], rule);
    expect(defined).toMatchObject({ code: 0, stderr: '' });
    const id = defined.stdout.trim();
    expect((await workspace.run(['earning-rule', 'list'])).stdout).toMatch(
      /^student-double\s+\w{32}\s+1\s+5\s+cumulative\s+points_per_currency_unit\s+/m,
    );

    const shown = JSON.parse((await workspace.run(['earning-rule', 'show', 'student-double'])).stdout);
    expect(shown).toMatchObject({ ...rule, earning_rule_id: id, state: 1, granted_points: 0 });
    const changed = await workspace.runWithFile(['earning-rule', 'change', id], { ...shown, priority: 1 });
    expect(JSON.parse(changed.stdout)).toMatchObject({ earning_rule_id: id, priority: 1 });
    expect((await workspace.run(['earning-rule', 'remove', 'student-double'])).stdout).toContain('state 0');
    expect((await workspace.run(['earning-rule', 'activate', id])).stdout).toContain('state 1');

    const refused = await workspace.runWithFile(['earning-rule', 'define'], {
      ...rule,
      code: 'no-points',
      effects: [{ kind: 'fixed_points' }],
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('effects.0.points');
    const audited = await t.dataSource.query(`SELECT operation FROM audit_events WHERE target_type = 'earning_rule' ORDER BY occurred_at`);
    expect(audited.map((row: { operation: string }) => row.operation)).toEqual([
      'earning-rule define',
      'earning-rule change',
      'earning-rule remove',
      'earning-rule activate',
    ]);
  });

  it('simulates a bill from a file under the active rules and a draft', async () => {
    const simulated = await workspace.runWithFile(['earning-rule', 'simulate'], {
      lines: [{ product_id: 'p1', quantity: 1, amount: 12 }],
      customer: { segment_ids: ['students'] },
      draft_rules: [{ code: 'draft', name: 'Draft', priority: 9, stacking: 'cumulative', effects: [{ kind: 'fixed_points', points: 3 }] }],
    });
    expect(simulated).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(simulated.stdout)).toEqual({
      grants: [
        { rule: 'points_per_currency_unit', kind: 'points', points: 12 },
        { rule: 'student-double', kind: 'points', points: 12 },
        { rule: 'draft', kind: 'points', points: 3 },
      ],
      points: 27,
      credits: 0,
    });
  });
});
