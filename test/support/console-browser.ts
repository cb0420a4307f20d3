import { existsSync, mkdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findConsoleSite } from '../../src/http/console-site';
import { TestApp } from './test-app';

/** Debian's Chromium (`.ci/run` installs it); playwright-core drives it and downloads no browser of its own. */
export const CHROMIUM = process.env.TESSERA_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Viewport {
  width: number;
  height: number;
}

/** The width the console is designed for first, and a tablet held upright. */
export const DESKTOP: Viewport = { width: 1280, height: 800 };
export const TABLET: Viewport = { width: 820, height: 1180 };

/** Where each browser test leaves its screenshots (git-ignored). */
export const SCREENSHOTS = join(__dirname, '..', '..', 'reports', 'console');

/** Without Chromium the browser tests are skipped, saying why; CI installs it, so there they always run. */
export const describeInBrowser: jest.Describe = existsSync(CHROMIUM)
  ? describe
  : (((name: string) =>
      describe.skip(`${name} (no Chromium at ${CHROMIUM}: apt-get install chromium, or set TESSERA_CHROMIUM)`, () => {
        it('needs Chromium', () => undefined);
      })) as unknown as jest.Describe);

/**
 * The real server listening on a local port, on a database of its own, serving the built console,
 * and Chromium driving it. Each page records what the browser complained about (a style or script
 * the Content-Security-Policy refused shows up there), and each screenshot lands in `reports/console/`.
 */
export class ConsoleBrowser {
  private readonly complaints: string[] = [];

  private constructor(
    public readonly t: TestApp,
    public readonly baseUrl: string,
    private readonly browser: Browser,
  ) {}

  static async start(settings: Record<string, string> = {}): Promise<ConsoleBrowser> {
    if (!findConsoleSite()) throw new Error('The console is not built: run `npm run build` (npm ci does it).');
    const t = await TestApp.create(settings);
    await t.app.listen(0, '127.0.0.1');
    const port = (t.app.getHttpServer().address() as AddressInfo).port;
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, headless: true });
    mkdirSync(SCREENSHOTS, { recursive: true });
    return new ConsoleBrowser(t, `http://127.0.0.1:${port}`, browser);
  }

  /** A fresh browser profile (no token, nothing cached), at 1280 px unless `viewport` says otherwise, on the console's first page. */
  async open(path = '/console/', viewport: Viewport = DESKTOP): Promise<{ page: Page; context: BrowserContext }> {
    const { page, context } = await this.blank(viewport);
    await page.goto(`${this.baseUrl}${path}`);
    return { page, context };
  }

  /** A fresh browser profile with an empty tab, for a test that times the navigation itself. */
  async blank(viewport: Viewport = DESKTOP): Promise<{ page: Page; context: BrowserContext }> {
    const context = await this.browser.newContext({ viewport, acceptDownloads: true });
    const page = await context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') this.complaints.push(message.text());
    });
    page.on('pageerror', (error) => this.complaints.push(error.message));
    return { page, context };
  }

  /** What the browser logged as errors so far, less the API's own refusals that a test provoked. */
  errors(): string[] {
    return this.complaints.filter((text) => !/the server responded with a status of (400|401|403|404)/.test(text));
  }

  async signIn(page: Page, login: string, password: string): Promise<void> {
    await page.getByLabel('Login').fill(login);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  /** A signed-in page for a fresh API user holding `roles`. */
  async signedIn(
    roles: string[] = ['owner'],
    viewport: Viewport = DESKTOP,
  ): Promise<{ page: Page; context: BrowserContext; login: string }> {
    const user = await this.t.createApiUser(undefined, undefined, roles);
    const { page, context } = await this.open('/console/', viewport);
    await this.signIn(page, user.login, user.password);
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();
    return { page, context, login: user.login };
  }

  /** The whole page, or with `fullPage: false` what the window shows; transitions under way are taken as ended. */
  async screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
    await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage, animations: 'disabled' });
  }

  async close(): Promise<void> {
    await this.browser.close();
    // The test's own fetches keep their connections alive; the server would wait for them to go idle.
    this.t.app.getHttpServer().closeAllConnections();
    await this.t.close();
  }
}
