import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/** Definitions in the console through the shared pages: a reward created, changed and withdrawn; a role without write sees no button and is refused. */
describeInBrowser('Console: rewards and segments', () => {
  let b: ConsoleBrowser;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  it('creates a reward, changes it, and withdraws it; the Customer interface sees each step', async () => {
    const { page, context } = await b.signedIn(['programme_manager']);
    await page.getByRole('menuitem', { name: 'Rewards' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('Code').fill('COFFEE10');
    await page.getByRole('button', { name: 'Add' }).first().click();
    await page.getByLabel('Language').first().fill('en');
    await page.getByLabel('Text').first().fill('Coffee for ten');
    await page.getByLabel('Reward group').click();
    await page.getByRole('option', { name: 'Simple reward' }).click();
    // Reward types are searched by name, as every reference is.
    await page.getByRole('combobox', { name: 'Reward type' }).fill('catalogue');
    await page.getByRole('option', { name: 'Catalogue item for points' }).click();
    await page.getByLabel('Points cost').fill('100');
    await b.screenshot(page, 'reward-create');
    // The README shows its top as the window does (`npm run console:screenshots` copies it to docs/images/).
    await page.getByLabel('Code').focus();
    await page.evaluate(() => (globalThis as unknown as { scrollTo: (x: number, y: number) => void }).scrollTo(0, 0));
    await page.locator('header').getByText('Create Reward').waitFor();
    await b.screenshot(page, 'readme-reward-form', { fullPage: false });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'COFFEE10' }).waitFor();

    const customer = await b.t.createCustomer();
    const device = await b.t.deviceToken(customer);
    const { token } = await b.t.operatorToken(['programme_manager']);
    const rewardId = (await b.t.operator('GET', '/rewards/COFFEE10', { token })).body.data.reward_id as string;
    const seen = async () =>
      (await b.t.customer('GET', `/customers/${customer.customerId}/rewards`, { token: device })).body.data.rewards.map(
        (r: any) => r.reward_id,
      );
    expect(await seen()).toContain(rewardId);

    await page.getByRole('cell', { name: 'COFFEE10' }).click();
    await page.getByLabel('Points cost').fill('120');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'COFFEE10' }).waitFor();
    expect((await b.t.operator('GET', '/rewards/COFFEE10', { token })).body.data.points_cost).toBe(120);

    await page
      .getByRole('row', { name: /COFFEE10/ })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await page.getByText('Deactivated').first().waitFor();
    expect((await b.t.operator('GET', '/rewards/COFFEE10', { token })).body.data.state).toBe(0);
    expect(await seen()).not.toContain(rewardId);
    await context.close();
  });

  it('creates a segment', async () => {
    const { page, context } = await b.signedIn(['programme_manager']);
    await page.getByRole('menuitem', { name: 'Segments', exact: true }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('Name').fill('Coffee lovers');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Coffee lovers' }).waitFor();
    const { token } = await b.t.operatorToken(['programme_manager']);
    expect((await b.t.operator('GET', '/segments', { token, query: { q: 'Coffee lovers' } })).body.data.total_items).toBe(1);
    await context.close();
  });

  it('shows an analyst no create button, and the server refuses a forged write', async () => {
    const { page, context } = await b.signedIn(['analyst']);
    await page.getByRole('menuitem', { name: 'Rewards' }).click();
    await page.getByRole('columnheader', { name: 'Code' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Customers' }).count()).toBe(0);
    const status = await page.evaluate(async () => {
      // Runs in the page; the test's own type library has no DOM.
      const { sessionStorage } = globalThis as unknown as { sessionStorage: { getItem(key: string): string | null } };
      const response = await fetch('/admin/api/v1/rewards', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${sessionStorage.getItem('tessera.console.token')}` },
        body: JSON.stringify({
          code: 'FORGED',
          names: [{ language_code: 'en', text: 'Forged' }],
          reward_group: 4,
          reward_type_id: 'gift_card',
        }),
      });
      return response.status;
    });
    expect(status).toBe(403);
    await b.screenshot(page, 'analyst-rewards');
    await context.close();
  });
});
