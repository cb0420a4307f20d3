import { authenticator } from 'otplib';
import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/** The console in Chromium against the real server: signing in, the second factor, the menu a role opens, signing out. */
describeInBrowser('Console: signing in', () => {
  let b: ConsoleBrowser;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  it('serves the page uncached with a strict policy and the hashed assets compressed and cached for a year', async () => {
    const page = await fetch(`${b.baseUrl}/console/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    const html = await page.text();
    const nonce = /'nonce-([^']+)'/.exec(policy)![1];
    expect(html).toContain(`nonce="${nonce}"`);
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
    const script = /src="(\/console\/assets\/[^"]+\.js)"/.exec(html)![1];
    const asset = await fetch(`${b.baseUrl}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Sent as the build compressed it to a browser that accepts it, whole to one that does not.
    const plain = await fetch(`${b.baseUrl}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    for (const encoding of ['br', 'gzip']) {
      const compressed = await fetch(`${b.baseUrl}${script}`, { headers: { 'accept-encoding': encoding } });
      expect(compressed.headers.get('content-encoding')).toBe(encoding);
      expect(compressed.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(compressed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await compressed.text()).toBe(await plain.clone().text());
    }
    // A new nonce with every answer of the page.
    expect((await fetch(`${b.baseUrl}/console/`)).headers.get('content-security-policy')).not.toBe(policy);
    expect((await fetch(`${b.baseUrl}/console`, { redirect: 'manual' })).headers.get('location')).toBe('/console/');
  });

  it('signs an owner in, shows the menu their role opens, and signs out', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await page.getByRole('menuitem', { name: 'Tags' }).waitFor();
    await b.screenshot(page, 'signed-in');
    await page.getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(b.errors()).toEqual([]);
    await context.close();
  });

  it('says so when the password is wrong, and stays on the sign-in page', async () => {
    const user = await b.t.createApiUser(undefined, undefined, ['owner']);
    const { page, context } = await b.open();
    await b.signIn(page, user.login, 'not the password');
    await page.getByRole('alert').filter({ hasText: 'Sign-in failed' }).first().waitFor();
    await b.screenshot(page, 'wrong-password');
    expect(await page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
    await context.close();
  });

  it('asks for the authenticator code when the account has a second factor', async () => {
    const user = await b.t.createApiUser(undefined, undefined, ['analyst']);
    const token = (await b.t.operator('POST', '/sessions', { body: { login: user.login, password: user.password } })).body.data.token;
    const secret = (await b.t.operator('POST', '/sessions/current/second-factor', { token })).body.data.secret as string;
    const confirmedAt = Date.now();
    const confirm = authenticator.clone({ epoch: confirmedAt }).generate(secret);
    await b.t.operator('POST', '/sessions/current/second-factor/actions/confirm', { token, body: { totp_code: confirm } });

    const { page, context } = await b.open();
    await b.signIn(page, user.login, user.password);
    await page.getByLabel('Authenticator code').fill(authenticator.clone({ epoch: confirmedAt + 30_000 }).generate(secret));
    await b.screenshot(page, 'second-factor');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    await context.close();
  });
});
