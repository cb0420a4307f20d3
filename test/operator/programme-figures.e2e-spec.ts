import { cliWorkspace } from '../support/cli-run';
import { rolledUpPurchase } from '../support/tea-purchase';
import { TestApp } from '../support/test-app';

/** The programme figures on the operator API and in the CLI, for the roles that may read them. */
describe('Operator API: programme figures', () => {
  let t: TestApp;
  const today = new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await TestApp.create();
  });
  afterAll(() => t.close());

  it('answers the rolled-up figures per period to an analyst, in the API and the CLI, and refuses customer care', async () => {
    await rolledUpPurchase(t);

    const analyst = (await t.operatorToken(['analyst'])).token;
    const figures = await t.operator('GET', '/figures', { token: analyst, query: { from: today, to: today, granularity: 'day' } });
    expect(figures.status).toBe(200);
    expect(figures.body.data.periods).toEqual([
      expect.objectContaining({ period: today, purchases: 1, new_customers: 1, turnover: '40.0000' }),
    ]);
    expect(figures.body.data.rolled_up_to).toEqual(expect.any(String));

    const bad = await t.operator('GET', '/figures', { token: analyst, query: { from: '2026-13-01', to: today } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.error_data.invalid_params[0].name).toBe('from');
    const care = (await t.operatorToken(['customer_care'])).token;
    expect((await t.operator('GET', '/figures', { token: care, query: { from: today, to: today } })).status).toBe(403);

    const workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'figures');
    const run = await workspace.run(['figures', '--from', today, '--to', today, '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).periods[0].purchases).toBe(1);
  });
});
