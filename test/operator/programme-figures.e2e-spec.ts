import { cliWorkspace } from '../support/cli-run';
import { FiguresRollupService } from '../../src/modules/programme-figures';
import { purchaseSetting, rolledUpPurchase, teaPurchase } from '../support/tea-purchase';
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
    const table = await workspace.run(['figures', '--from', today, '--to', today]);
    expect(table.stdout).toContain('Active customers over the whole range, each once: 1');
  });

  it('counts each customer active over the whole range once, however many of its days they bought on', async () => {
    const setting = await purchaseSetting(t.dataSource);
    const regular = await t.createCustomer();
    const once = await t.createCustomer();
    // Three days back and two: clear of the other test's purchase today.
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const buy = async (customerId: string, back: number) => {
      const body = teaPurchase(setting, customerId, { payment_time: `${day(back)}T12:00:00.000Z` });
      expect((await t.enterprise('POST', '/purchases/actions/send-purchase', { token: await t.enterpriseToken(), body })).status).toBe(201);
    };
    await buy(regular.customerId, 3);
    await buy(regular.customerId, 2);
    await buy(once.customerId, 2);
    await t.service(FiguresRollupService).run();

    const analyst = (await t.operatorToken(['analyst'])).token;
    const query = { from: day(3), to: day(2), granularity: 'day' };
    const figures = (await t.operator('GET', '/figures', { token: analyst, query })).body.data;
    expect(figures.periods.map((period: { active_customers: number }) => period.active_customers)).toEqual([1, 2]);
    expect(figures.active_customers).toBe(2);
    const elsewhere = { ...query, store_id: 'no-such-store' };
    expect((await t.operator('GET', '/figures', { token: analyst, query: elsewhere })).body.data.active_customers).toBe(0);
  });
});
