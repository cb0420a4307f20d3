import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

describe('tessera entrance', () => {
  let t: TestApp;
  let token: string;
  let workspace: CliWorkspace;
  let jane: TestCustomer;
  let janeCard: string;

  const ent = (path: string, query?: Record<string, string>): Promise<TestResponse> => t.enterprise('GET', path, { token, query });
  const entranceCount = async (): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM entrances`))[0].count);

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'entrance');
    jane = await t.createCustomer();
    janeCard = (await t.dataSource.query(`SELECT card_id FROM cards WHERE customer_id = $1 LIMIT 1`, [jane.customerId]))[0].card_id;
  });

  afterAll(async () => {
    await t.close();
    workspace.remove();
  });

  it('imports entrances with their usage days from a file; the API serves them to the card holder', async () => {
    const run = await workspace.runWithFile(['entrance', 'import'], {
      entrances: [
        {
          entrance_id: 'pass-1',
          pos_id: 6,
          card_id: janeCard,
          name: 'Season pass',
          entrance_type_id: 0,
          charged_price: 350,
          valid_from: '2025-12-01',
          valid_to: '2026-04-30',
          created_at: '2025-11-20 10:00:00',
          usages: [
            { date: '2025-12-05', distance: 12, elevation: 800, ski_achievement_text_id: 'first_day' },
            { date: '2025-12-06', distance: 8.5, elevation: 400 },
          ],
        },
      ],
    });
    expect(run).toEqual({ code: 0, stdout: '1 entrance created, 0 updated\n', stderr: '' });
    const detail = await ent('/entrances/pass-1');
    expect(detail.body.data).toMatchObject({
      entrance_id: 'pass-1',
      pos_id: 6,
      customer_id: jane.customerId,
      card_id: janeCard,
      name: 'Season pass',
      charged_price: 350,
      valid_from: '2025-12-01',
      valid_to: '2026-04-30',
      created_at: '2025-11-20 10:00:00',
      state: 1,
    });
    expect((await ent('/entrances/actions/customer-stats', { customer_id: jane.customerId })).body.data).toEqual({
      distance: 20.5,
      elevation: 1200,
      skier_days: 2,
      ski_achievement_text_id: 'first_day',
    });
  });

  it('replaces an entrance on a second import from standard input, cancelled as its system says', async () => {
    const file = JSON.stringify({
      entrances: [{ entrance_id: 'pass-1', pos_id: 6, card_id: janeCard, state: 0, cancelled_at: '2025-12-10 08:00:00' }],
    });
    expect(await workspace.run(['entrance', 'import', '-'], file)).toEqual({
      code: 0,
      stdout: '0 entrances created, 1 updated\n',
      stderr: '',
    });
    const data = (await ent('/entrances/pass-1')).body.data;
    expect(data).toMatchObject({ state: 0, cancelled_at: '2025-12-10 08:00:00', created_at: '2025-11-20 10:00:00' });
    expect(data).not.toHaveProperty('name');
    // Usage days stay when the file does not carry them.
    expect((await ent('/entrances/actions/customer-stats', { customer_id: jane.customerId })).body.data.skier_days).toBe(2);
  });

  it('keeps the cancellation time of an entrance re-imported as cancelled without one', async () => {
    const run = await workspace.runWithFile(['entrance', 'import'], {
      entrances: [{ entrance_id: 'pass-1', pos_id: 6, card_id: janeCard, state: 0 }],
    });
    expect(run.code).toBe(0);
    expect((await ent('/entrances/pass-1')).body.data).toMatchObject({ state: 0, cancelled_at: '2025-12-10 08:00:00' });
  });

  it('imports nothing when one entrance is wrong, naming it', async () => {
    const before = await entranceCount();
    const unknownCard = await workspace.runWithFile(['entrance', 'import'], {
      entrances: [
        { entrance_id: 'pass-2', pos_id: 3, card_id: janeCard },
        { entrance_id: 'pass-3', pos_id: 3, card_id: 'nope' },
      ],
    });
    expect(unknownCard).toEqual({ code: 1, stdout: '', stderr: 'Error: entrances.1.card_id: No card has this id\n' });
    const badPos = await workspace.runWithFile(['entrance', 'import'], {
      entrances: [{ entrance_id: 'pass-4', pos_id: 5, card_id: janeCard }],
    });
    expect(badPos.code).toBe(1);
    expect(badPos.stderr).toContain('entrances.0.pos_id');
    const backwards = await workspace.runWithFile(['entrance', 'import'], {
      entrances: [{ entrance_id: 'pass-5', pos_id: 3, card_id: janeCard, valid_from: '2026-01-02', valid_to: '2026-01-01' }],
    });
    expect(backwards).toEqual({ code: 1, stdout: '', stderr: 'Error: entrances.0.valid_to: The last day of use comes before the first\n' });
    expect(await entranceCount()).toBe(before);
  });

  it('refuses a usage day given twice for one entrance, naming it', async () => {
    const run = await workspace.runWithFile(['entrance', 'import'], {
      entrances: [
        {
          entrance_id: 'pass-6',
          pos_id: 3,
          card_id: janeCard,
          usages: [{ date: '2025-12-05' }, { date: '2025-12-06' }, { date: '2025-12-05' }],
        },
      ],
    });
    expect(run).toEqual({ code: 1, stdout: '', stderr: 'Error: entrances.0.usages.2.date: The day is given more than once\n' });
  });

  it("moves an entrance's usage days to the new card holder when a re-import changes its card", async () => {
    const joe = await t.createCustomer();
    const joeCard = (await t.dataSource.query(`SELECT card_id FROM cards WHERE customer_id = $1 LIMIT 1`, [joe.customerId]))[0].card_id;
    const stats = async (customerId: string) =>
      (await ent('/entrances/actions/customer-stats', { customer_id: customerId })).body.data.skier_days;
    const pass = { entrance_id: 'pass-7', pos_id: 3 };
    await workspace.runWithFile(['entrance', 'import'], {
      entrances: [{ ...pass, card_id: joeCard, usages: [{ date: '2025-12-07', distance: 3 }] }],
    });
    expect(await stats(joe.customerId)).toBe(1);
    const moved = await workspace.runWithFile(['entrance', 'import'], { entrances: [{ ...pass, card_id: janeCard }] });
    expect(moved.code).toBe(0);
    expect(await stats(joe.customerId)).toBe(0);
    expect(await stats(jane.customerId)).toBe(3);
    await workspace.run(['entrance', 'remove', 'pass-7']);
  });

  it('lists entrances, for one customer too, and removes one with its usage days', async () => {
    const list = await workspace.run(['entrance', 'list', '--customer', jane.customerId]);
    expect(list.code).toBe(0);
    expect(list.stdout.split('\n')[0]).toMatch(/^ENTRANCE ID\s+STATE\s+POS\s+VALID FROM\s+VALID TO\s+CUSTOMER\s+NAME$/);
    expect(list.stdout).toMatch(new RegExp(`^pass-1\\s+cancelled\\s+6\\s+-\\s+-\\s+${jane.customerId}$`, 'm'));
    expect(await workspace.run(['entrance', 'remove', 'pass-1'])).toEqual({
      code: 0,
      stdout: 'Entrance pass-1 removed with its usage days\n',
      stderr: '',
    });
    expect((await ent('/entrances/pass-1')).status).toBe(404);
    expect(Number((await t.dataSource.query(`SELECT count(*) FROM entrance_usages`))[0].count)).toBe(0);
    expect(await workspace.run(['entrance', 'remove', 'pass-1'])).toMatchObject({ code: 1, stdout: '' });
  });

  it.each([[['entrance']], [['entrance', 'import']], [['entrance', 'list', 'extra']], [['entrance', 'remove']]])(
    'refuses %j as a usage error',
    async (argv) => {
      expect((await workspace.run(argv)).code).toBe(2);
    },
  );
});
