import type { Locator, Page } from 'playwright-core';
import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/**
 * A dynamic segment built in the console's condition editor: two conditions, a preview of who they hold
 * for (a refusal marked on its field first), then saved, and the tree the API keeps is the one built.
 */
describeInBrowser('Console: segment conditions', () => {
  let b: ConsoleBrowser;
  let token: string;
  let coffeeLoversId: string;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
    token = (await b.t.operatorToken(['owner'])).token;
    const jana = await b.t.createCustomer({ firstName: 'Jana', lastName: 'Novakova' });
    const petr = await b.t.createCustomer({ firstName: 'Petr', lastName: 'Novak' });
    // Both share the segment; only Jana has the last name the second condition asks for.
    await b.t.createCustomer({ firstName: 'Eva', lastName: 'Novakova' });
    coffeeLoversId = (await b.t.operator('POST', '/segments', { token, body: { name: 'Coffee lovers' } })).body.data.segment_id;
    const added = await b.t.operator('POST', `/segments/${coffeeLoversId}/members`, {
      token,
      body: { customer_ids: [jana.customerId, petr.customerId] },
    });
    expect(added.status).toBeLessThan(300);
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  /** The message beneath the input labelled `label` inside `scope`: where a refusal of that field shows. */
  async function fieldMessage(scope: Locator, label: string): Promise<string> {
    const described = await scope.getByRole('textbox', { name: label }).getAttribute('aria-describedby');
    return (await scope.page().locator(`[id="${described}"]`).textContent()) ?? '';
  }

  /** Opens the select labelled `label` (its name also holds what it shows) inside `scope` and chooses `option`. */
  async function choose(page: Page, scope: Locator, label: string, option: string) {
    await scope.getByRole('combobox', { name: new RegExp(`^${label}( |$)`) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }

  it('builds two conditions in the editor, previews the members, saves, and the API holds that tree', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.goto(`${b.baseUrl}/console/#/segments/create`);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Coffee-loving Novakovas');
    await page.getByRole('button', { name: 'Define by conditions' }).click();

    // The first row: membership of another segment, found by name.
    await choose(page, page.getByRole('group', { name: 'Condition: Profile field' }), 'Condition', 'Member of a segment');
    const member = page.getByRole('group', { name: 'Condition: Member of a segment' });
    await member.getByRole('combobox', { name: 'Segment', exact: true }).fill('Coffee');
    await page.getByRole('option', { name: 'Coffee lovers' }).click();

    // The second, by keyboard alone: a profile field compared with values typed a line each.
    await page.getByRole('button', { name: 'Add a condition' }).focus();
    await page.keyboard.press('Enter');
    const profile = page.getByRole('group', { name: 'Condition: Profile field' });
    await profile.getByRole('combobox', { name: /^Field( |$)/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'Last name', exact: true }).waitFor();
    await page.keyboard.type('Last');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    // The first comparison offered is "Is one of".
    await page.getByRole('option', { name: 'Is one of', exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await profile.getByRole('combobox', { name: 'Field Last name' }).waitFor();
    await profile.getByRole('combobox', { name: 'Comparison Is one of' }).waitFor();

    // Without values the API refuses the tree, and says so beneath the field it names.
    await page.getByRole('button', { name: 'Preview' }).click();
    await page
      .getByRole('status')
      .getByText(/values/)
      .waitFor();
    expect(await fieldMessage(profile, 'Values')).toMatch(/values/);

    await profile.getByRole('textbox', { name: 'Values' }).fill('Novakova\n');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText('One customer matches now').waitFor();
    const sample = page.getByRole('table', { name: 'Some of the matching customers' });
    expect(await sample.getByRole('row').allTextContents()).toEqual(['NameE-mail', expect.stringMatching(/^Jana Novakova/)]);
    await b.screenshot(page, 'segment-conditions-form');

    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Coffee-loving Novakovas' }).waitFor();
    const listed = await b.t.operator('GET', '/segments', { token, query: { q: 'Coffee-loving' } });
    const rows = Object.values(listed.body.data).find(Array.isArray) as { segment_id: string }[];
    expect(rows).toHaveLength(1);
    const saved = (await b.t.operator('GET', `/segments/${rows[0].segment_id}`, { token })).body.data;
    expect(saved.conditions).toEqual({
      kind: 'all',
      conditions: [
        { kind: 'segment', segment_id: coffeeLoversId },
        { kind: 'profile', field: 'last_name', op: 'one_of', values: ['Novakova'] },
      ],
    });

    // Opened again, the editor shows the tree saved, and a change to it is saved as made.
    await page.getByRole('cell', { name: 'Coffee-loving Novakovas' }).click();
    const again = page.getByRole('group', { name: 'Condition: Profile field' });
    expect(await again.getByRole('textbox', { name: 'Values' }).inputValue()).toBe('Novakova');
    await page.getByRole('group', { name: 'Condition: Member of a segment' }).locator('input[value="Coffee lovers"]').waitFor();
    await again.getByRole('textbox', { name: 'Values' }).fill('Novakova\nNovak');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Coffee-loving Novakovas' }).waitFor();
    const changed = (await b.t.operator('GET', `/segments/${rows[0].segment_id}`, { token })).body.data;
    expect(changed.conditions.conditions[1]).toEqual({ kind: 'profile', field: 'last_name', op: 'one_of', values: ['Novakova', 'Novak'] });
    expect(b.errors()).toEqual([]);
    await context.close();
  });
});
