import type { Page } from 'playwright-core';
import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/** The audit trail in the console: writes made through the operator API found by target, user and time, and one opened. */
describeInBrowser('Console: audit trail', () => {
  let b: ConsoleBrowser;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  const rows = (page: Page) => page.locator('tbody tr');
  /** Filters apply after a pause in typing: waits for the list to hold `count` rows. */
  const listed = (page: Page, count: number) =>
    page.waitForFunction(
      // Runs in the page; the test's own type library has no DOM.
      (expected) =>
        (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document.querySelectorAll(
          'tbody tr',
        ).length === expected,
      count,
    );

  it('filters the trail by target, user and time, newest first, and shows a write with its before, after and reason', async () => {
    const care = await b.t.operatorToken(['customer_care']);
    const owner = await b.t.operatorToken(['owner']);
    const customer = await b.t.createCustomer();
    await b.t.operator('POST', `/customers/${customer.customerId}/actions/adjust-points`, {
      token: care.token,
      body: { points: 25, reason: 'Goodwill after a late delivery' },
    });
    const role = await b.t.operator('POST', '/user-roles', {
      token: owner.token,
      body: { text_id: 'auditor', name: 'Auditor', permissions: ['audit:read'] },
    });
    const roleId = role.body.data.user_role_id as string;
    await b.t.operator('PUT', `/user-roles/${roleId}`, {
      token: owner.token,
      body: { text_id: 'auditor', name: 'Auditors', permissions: ['audit:read', 'figures:read'] },
    });

    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Audit trail' }).click();
    await page.getByLabel('Target type').fill('user_role');
    await page.getByLabel('Target id').fill(roleId);
    await listed(page, 2);
    await page.getByRole('cell', { name: 'POST /user-roles' }).waitFor();
    expect(await rows(page).first().textContent()).toContain('PUT /user-roles/{role_key}');

    // Another writer: the user filter searches API users by login.
    await page.getByLabel('Target type').fill('');
    await page.getByLabel('Target id').fill('');
    await page.getByRole('combobox', { name: 'User' }).fill(care.login.slice(0, 9));
    await page.getByRole('option', { name: care.login }).click();
    await page.getByRole('cell', { name: 'Goodwill after a late delivery' }).waitFor();
    await page.locator('tbody tr', { hasNotText: care.login }).first().waitFor({ state: 'detached' });

    // A range that ended before the writes holds none of them.
    await page.getByLabel('Before', { exact: true }).fill('2020-01-01T00:00');
    await page.getByText('No Audit trail found using the current filters').waitFor();
    // One that holds them shows them again.
    await page.getByLabel('From', { exact: true }).fill('2020-01-01T00:00');
    await page.getByLabel('Before', { exact: true }).fill('2099-01-01T00:00');
    await page.getByRole('cell', { name: 'Goodwill after a late delivery' }).click();

    await page.getByText('Before the write').waitFor();
    const after = await page.getByLabel('After the write').textContent();
    expect(after).toContain('"points": 25');
    await page.getByText('Goodwill after a late delivery').waitFor();
    await b.screenshot(page, 'audit-event');

    await page.goBack();
    await page.getByRole('combobox', { name: 'User' }).fill('');
    await page.getByLabel('Target type').fill('user_role');
    await page.getByLabel('Target id').fill(roleId);
    await page.getByRole('cell', { name: 'PUT /user-roles/{role_key}' }).click();
    expect(JSON.parse((await page.getByLabel('Before the write').textContent()) ?? '')).toMatchObject({ name: 'Auditor' });
    expect(JSON.parse((await page.getByLabel('After the write').textContent()) ?? '')).toMatchObject({ name: 'Auditors' });
    expect(b.errors()).toEqual([]);
    await context.close();
  });

  it('is not in the menu of a role without audit:read', async () => {
    const { page, context } = await b.signedIn(['customer_care']);
    await page.getByRole('menuitem', { name: 'Customers' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Audit trail' }).count()).toBe(0);
    await context.close();
  });
});
