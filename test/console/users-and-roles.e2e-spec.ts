import { authenticator } from 'otplib';
import type { Page } from 'playwright-core';
import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/** API users and roles managed in the console, each step checked against the operator API. */
describeInBrowser('Console: users and roles', () => {
  let b: ConsoleBrowser;
  let token: string;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
    token = (await b.t.operatorToken(['owner'])).token;
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  const user = async (login: string) => (await b.t.operator('GET', `/users/${login}`, { token })).body.data;
  const role = async (textId: string) => (await b.t.operator('GET', `/user-roles/${textId}`, { token })).body.data;
  const signsIn = async (login: string, password: string) =>
    (await b.t.operator('POST', '/sessions', { body: { login, password } })).status;

  /** The message shown beneath an input: the server's refusal of that field lands there. */
  async function fieldMessage(page: Page, label: string): Promise<string> {
    const described = await page.getByRole('textbox', { name: label }).getAttribute('aria-describedby');
    return (await page.locator(`[id="${described}"]`).textContent()) ?? '';
  }

  /** Picks a role in the roles' search by typing part of its name. */
  async function pickRole(page: Page, typed: string, name: string) {
    await page.getByLabel('Roles').fill(typed);
    await page.getByRole('option', { name }).click();
  }

  it('creates a role with a checklist of permissions, changes it and deactivates it', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Roles' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Text id' }).fill('store_lead');
    await page.getByRole('textbox', { name: 'Name' }).fill('Store lead');
    await page.getByRole('checkbox', { name: 'Read figures' }).check();
    await page.getByRole('checkbox', { name: 'Read the audit trail' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Store lead' }).waitFor();
    expect((await role('store_lead')).permissions).toEqual(['audit:read', 'figures:read']);

    await page.getByRole('cell', { name: 'Store lead' }).click();
    await page.getByRole('checkbox', { name: 'Read customers' }).check();
    await b.screenshot(page, 'role-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'Store lead' }).waitFor();
    expect((await role('store_lead')).permissions).toEqual(['audit:read', 'customers:read', 'figures:read']);

    await page.getByLabel('Search').fill('store');
    await page
      .getByRole('row', { name: /Store lead/ })
      .getByRole('button', { name: 'Deactivate' })
      .click();
    await page
      .getByRole('row', { name: /Store lead/ })
      .getByRole('button', { name: 'Activate', exact: true })
      .waitFor();
    expect((await role('store_lead')).state).toBe(0);
    await context.close();
  });

  it('creates a user with a generated password shown once, marks a taken login in place, and changes their roles', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Login' }).fill('marta');
    await pickRole(page, 'care', 'Customer care');
    await page.getByRole('button', { name: 'Save' }).click();
    const shown = page.getByRole('dialog', { name: 'Generated password' });
    await shown.getByText('it will not be shown again').waitFor();
    const password = await shown.getByRole('textbox', { name: 'Generated password' }).inputValue();
    await b.screenshot(page, 'user-generated-password');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('cell', { name: 'marta', exact: true }).waitFor();
    expect(await signsIn('marta', password)).toBe(201);
    expect((await user('marta')).roles).toEqual(['customer_care']);

    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByRole('textbox', { name: 'Login' }).fill('marta');
    await pickRole(page, 'analy', 'Analyst');
    await page.getByRole('textbox', { name: 'Password' }).fill('a long enough password');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').getByText('An API user with this login exists').waitFor();
    expect(await fieldMessage(page, 'Login')).toBe('An API user with this login exists');
    await b.screenshot(page, 'user-login-taken');
    await page.getByRole('menuitem', { name: 'Users' }).click();

    await page.getByRole('cell', { name: 'marta', exact: true }).click();
    await pickRole(page, 'analy', 'Analyst');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('cell', { name: 'marta', exact: true }).waitFor();
    expect((await user('marta')).roles.sort()).toEqual(['analyst', 'customer_care']);
    await context.close();
  });

  it('disables and enables a user, resets their password and removes their second factor', async () => {
    const jana = await b.t.createApiUser(undefined, undefined, ['analyst']);
    const janaToken = (await b.t.operator('POST', '/sessions', { body: { login: jana.login, password: jana.password } })).body.data
      .token as string;
    const enrolment = await b.t.operator('POST', '/sessions/current/second-factor', { token: janaToken });
    await b.t.operator('POST', '/sessions/current/second-factor/actions/confirm', {
      token: janaToken,
      body: { totp_code: authenticator.generate(enrolment.body.data.secret as string) },
    });
    expect((await user(jana.login)).second_factor).toBe(true);

    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByLabel('Search').fill(jana.login);
    await page.getByRole('cell', { name: jana.login, exact: true }).click();
    await page.getByRole('textbox', { name: 'Login' }).waitFor();

    await page.getByRole('button', { name: 'Disable' }).click();
    await page.getByText('Disabled: their sign-ins have ended').waitFor();
    expect((await user(jana.login)).state).toBe(0);
    await page.getByRole('button', { name: 'Enable' }).click();
    await page.getByText('Enabled again').waitFor();
    expect((await user(jana.login)).state).toBe(1);

    await page.getByRole('button', { name: 'Reset password' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset password' });
    await reset.getByLabel('New password').fill('short');
    await reset.getByRole('button', { name: 'Reset' }).click();
    await reset.getByText('The password must have at least 10 characters').waitFor();
    await reset.getByLabel('New password').fill('');
    await reset.getByRole('button', { name: 'Reset' }).click();
    const shown = page.getByRole('dialog', { name: 'Generated password' });
    const password = await shown.getByRole('textbox', { name: 'Generated password' }).inputValue();
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    expect(await signsIn(jana.login, jana.password)).toBe(401);

    await page.getByRole('button', { name: 'Remove second factor' }).click();
    await b.screenshot(page, 'user-remove-second-factor');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await page.getByText('Second factor removed').waitFor();
    expect((await user(jana.login)).second_factor).toBe(false);
    expect(await signsIn(jana.login, password)).toBe(201);
    expect(await page.getByRole('button', { name: 'Remove second factor' }).count()).toBe(0);
    expect(b.errors()).toEqual([]);
    await context.close();
  });

  it('shows customer care neither users nor roles', async () => {
    const { page, context } = await b.signedIn(['customer_care']);
    await page.getByRole('menuitem', { name: 'Customers' }).waitFor();
    expect(await page.getByRole('menuitem', { name: 'Users' }).count()).toBe(0);
    expect(await page.getByRole('menuitem', { name: 'Roles' }).count()).toBe(0);
    await context.close();
  });
});
