import type { Page } from 'playwright-core';
import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/** An earning rule written in the console's form, simulated on its page and deactivated, each step checked against the operator API. */
describeInBrowser('Console: earning rules', () => {
  let b: ConsoleBrowser;
  let token: string;
  let customerEmail: string;
  let segmentId: string;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
    token = (await b.t.operatorToken(['owner'])).token;
    const customer = await b.t.createCustomer({ firstName: 'Jana', lastName: 'Novakova' });
    customerEmail = customer.email;
    segmentId = (await b.t.operator('POST', '/segments', { token, body: { name: 'Coffee lovers' } })).body.data.segment_id;
    await b.t.operator('POST', `/segments/${segmentId}/members`, { token, body: { customer_ids: [customer.customerId] } });
    const taken = await b.t.operator('POST', '/earning-rules', {
      token,
      body: { code: 'taken', name: 'Taken', priority: 1, stacking: 'cumulative', effects: [{ kind: 'fixed_points', points: 1 }] },
    });
    expect(taken.status).toBe(201);
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  const rule = async (code: string) => (await b.t.operator('GET', `/earning-rules/${code}`, { token })).body.data;

  /** The message shown beneath an input: the server's refusal of that field lands there. */
  async function fieldMessage(page: Page, label: string): Promise<string> {
    const described = await page.getByRole('textbox', { name: label }).getAttribute('aria-describedby');
    return (await page.locator(`[id="${described}"]`).textContent()) ?? '';
  }

  it('creates a rule with a segment condition and a fixed-points effect, simulates a bill for a customer, and deactivates it', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Earning rules' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Code' }).fill('taken');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Coffee lovers earn 50');
    await page.getByRole('spinbutton', { name: 'Priority (lowest first)' }).fill('10');
    await page.getByRole('combobox', { name: 'Stacking' }).click();
    await page.getByRole('option', { name: 'Cumulative (adds to the rest)' }).click();

    await page.getByRole('button', { name: 'Add a condition' }).click();
    await page.getByRole('combobox', { name: 'Condition' }).click();
    await page.getByRole('option', { name: "Customer's segment" }).click();
    await page.getByLabel('Segments (any of them)').fill('Coffee');
    await page.getByRole('option', { name: 'Coffee lovers' }).click();

    await page.getByRole('button', { name: 'Add', exact: true }).first().click();
    await page.getByRole('combobox', { name: 'Effect' }).click();
    await page.getByRole('option', { name: 'Fixed points' }).click();
    await page.getByRole('spinbutton', { name: 'Points', exact: true }).fill('50');
    await page.getByRole('spinbutton', { name: 'Budget (points)' }).fill('1000');
    await b.screenshot(page, 'earning-rule-form');

    // The server's refusal is marked on the field it names.
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Another earning rule has this code').first().waitFor();
    expect(await fieldMessage(page, 'Code')).toBe('Another earning rule has this code');
    await page.getByRole('textbox', { name: 'Code' }).fill('coffee-lovers');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Coffee lovers earn 50' }).waitFor();
    expect(await rule('coffee-lovers')).toMatchObject({
      name: 'Coffee lovers earn 50',
      priority: 10,
      stacking: 'cumulative',
      conditions: { segment_ids: [segmentId] },
      effects: [{ kind: 'fixed_points', points: 50 }],
      limits: { budget_points: 1000 },
      state: 1,
    });

    await page.getByRole('cell', { name: 'Coffee lovers earn 50' }).click();
    await page.getByRole('heading', { name: 'Simulate' }).waitFor();
    await page.getByLabel('Customer', { exact: true }).fill(customerEmail);
    await page.getByRole('option', { name: /Novakova/ }).click();
    await page.getByRole('spinbutton', { name: 'Left to pay' }).fill('20');
    await page.getByRole('button', { name: 'Simulate' }).click();
    const grants = page.getByRole('table', { name: 'What each rule grants' });
    await grants.getByRole('row', { name: /coffee-lovers\s*50 points/ }).waitFor();
    await b.screenshot(page, 'earning-rule-simulation');

    await page.getByRole('button', { name: 'Deactivate' }).click();
    await page.getByRole('button', { name: 'Activate', exact: true }).waitFor();
    expect((await rule('coffee-lovers')).state).toBe(0);
    expect(b.errors()).toEqual([]);
    await context.close();
  });
});
