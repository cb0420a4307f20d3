import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { CustomerStatusService } from '../../src/modules/customers';
import { FiguresRollupService } from '../../src/modules/programme-figures';
import { purchaseSetting, teaPurchase } from '../support/tea-purchase';
import { ConsoleBrowser, DESKTOP, TABLET, describeInBrowser } from '../support/console-browser';
import type { Viewport } from '../support/console-browser';

/** The pages the README pictures (with the reward form that rewards.e2e-spec.ts fills in). */
const README_PICTURES = ['dashboard', 'customer-picture'];

type NodeResult = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]['nodes'][number];

/** What axe reports at these impacts fails the test; 'moderate' and 'minor' are left to judgement. */
const FAILING_IMPACTS = ['serious', 'critical'];

/** One line per serious or critical violation on the page as it stands: rule, impact and the elements. */
async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.includes(violation.impact ?? ''))
    .map((violation) => `${name}: ${violation.id} (${violation.impact}) ${violation.help} at ${violation.nodes.map(where).join(', ')}`);
}

/** The element, and for a contrast failure the colours and ratio found, which say what to change. */
function where(node: NodeResult): string {
  const contrast = node.any.find((check) => check.id === 'color-contrast')?.data as ContrastData | undefined;
  const target = node.target.join(' ');
  return contrast ? `${target} (${contrast.fgColor} on ${contrast.bgColor}, ${contrast.contrastRatio}:1)` : target;
}

interface ContrastData {
  fgColor: string;
  bgColor: string;
  contrastRatio: number;
}

/** A page wider than the window makes the reader scroll sideways to read it: say so, with how wide it is. */
async function sidewaysScroll(page: Page, name: string): Promise<string[]> {
  const { content, window } = await page.evaluate(() => {
    // Runs in the page; the test's own type library has no DOM.
    const { document, innerWidth } = globalThis as unknown as {
      document: { documentElement: { scrollWidth: number } };
      innerWidth: number;
    };
    return { content: document.documentElement.scrollWidth, window: innerWidth };
  });
  return content > window ? [`${name}: ${content} px wide in a ${window} px window`] : [];
}

/** The focused element (its tag, id and text) and the ring that shows it: its outline or its box shadow. */
async function focused(page: Page): Promise<{ element: string; ring: string }> {
  return page.evaluate(() => {
    // Runs in the page; the test's own type library has no DOM.
    interface Element {
      tagName: string;
      id: string;
      textContent: string | null;
    }
    const { document, getComputedStyle } = globalThis as unknown as {
      document: { activeElement: Element | null };
      getComputedStyle: (element: Element) => { outlineStyle: string; outlineWidth: string; boxShadow: string };
    };
    const element = document.activeElement;
    if (!element) return { element: 'nothing', ring: 'none' };
    const style = getComputedStyle(element);
    const outline =
      style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 ? `outline ${style.outlineWidth} ${style.outlineStyle}` : '';
    const shadow = style.boxShadow !== 'none' ? `shadow ${style.boxShadow}` : '';
    return {
      element: `${element.tagName.toLowerCase()}#${element.id} ${element.textContent ?? ''}`.trim(),
      ring: outline || shadow || 'none',
    };
  });
}

/**
 * The console's main pages, signed in as an owner, checked by axe against WCAG 2 A and AA at the width
 * the console is designed for and on a tablet held upright; real data sits in every page, put there
 * through the interfaces, so the tables, charts and forms are checked as an operator sees them.
 */
describeInBrowser('Console: accessibility', () => {
  let b: ConsoleBrowser;
  let customerId: string;
  let customerEmail: string;
  let rewardId: string;
  let earningRuleId: string;

  beforeAll(async () => {
    b = await ConsoleBrowser.start({
      TESSERA_SECRET_KEY: randomBytes(32).toString('base64'),
      TESSERA_WEBHOOK_PRIVATE_TARGETS: 'true',
    });
    const customer = await b.t.createCustomer({ firstName: 'Jana', lastName: 'Novakova' });
    customerId = customer.customerId;
    customerEmail = customer.email;
    const setting = await purchaseSetting(b.t.dataSource);
    const enterprise = await b.t.enterpriseToken();
    // A fortnight of purchases, so the dashboard's chart has a course to draw.
    const buyers: string[] = [];
    for (let daysAgo = 13; daysAgo >= 0; daysAgo--) {
      const buyer = daysAgo === 0 ? customer : await b.t.createCustomer();
      buyers.push(buyer.customerId);
      for (let bill = 0; bill <= daysAgo % 4; bill++) {
        const paymentTime = new Date(Date.now() - daysAgo * 86_400_000 - bill * 3_600_000).toISOString();
        const sent = await b.t.enterprise('POST', '/purchases/actions/send-purchase', {
          token: enterprise,
          body: teaPurchase(setting, buyer.customerId, { payment_time: paymentTime }),
        });
        expect(sent.status).toBe(201);
      }
    }

    const { token } = await b.t.operatorToken(['owner']);
    const write = async (path: string, body: Record<string, unknown>) => {
      const answer = await b.t.operator('POST', path, { token, body });
      expect([200, 201]).toContain(answer.status);
      return answer.body.data as Record<string, string>;
    };
    await write(`/customers/${customerId}/actions/adjust-points`, { points: 250, reason: 'Welcome bonus' });
    rewardId = (
      await write('/rewards', {
        code: 'COFFEE10',
        names: [{ language_code: 'en', text: 'Coffee for ten' }],
        reward_group: 4,
        reward_type_id: 'catalogue_item',
        points_cost: 100,
      })
    ).reward_id;
    // Two segments and each customer's status, for the dashboard's sizes.
    const coffeeLovers = (await write('/segments', { name: 'Coffee lovers' })).segment_id;
    await write(`/segments/${coffeeLovers}/members`, { customer_ids: buyers.slice(0, 9) });
    const weekend = (await write('/segments', { name: 'Weekend shoppers' })).segment_id;
    await write(`/segments/${weekend}/members`, { customer_ids: buyers.slice(5, 9) });
    const statuses = await b.t.dataSource.query<{ status_id: string }[]>(
      `SELECT status_id FROM statuses WHERE state = 1 ORDER BY status_id`,
    );
    for (const [index, buyer] of buyers.entries())
      await b.t.service(CustomerStatusService).set({ customer_id: buyer, status_id: statuses[index % statuses.length].status_id });
    await write('/webhooks', { url: 'http://127.0.0.1:9/receiver' });
    earningRuleId = (
      await write('/earning-rules', {
        code: 'coffee-lovers',
        name: 'Coffee lovers earn double at weekends',
        priority: 10,
        stacking: 'cumulative',
        conditions: { segment_ids: [coffeeLovers], weekdays: [6, 7], hours_from: '08:00', hours_to: '12:00' },
        effects: [{ kind: 'points_per_currency_unit', on: 'bill', multiplier: 1 }],
        limits: { per_customer: [{ period: 'day', times: 1 }], budget_points: 10000 },
      })
    ).earning_rule_id;
    // A loyalty rule's value for a store, so its form shows a row whose picker follows the scope.
    const store = (await b.t.dataSource.query<{ store_id: string }[]>(`SELECT store_id FROM stores ORDER BY created_at LIMIT 1`))[0];
    const values = [{ scope: 'store', scope_id: store.store_id, value: '2' }];
    expect((await b.t.operator('PUT', '/loyalty-rules/points_per_currency_unit', { token, body: { values } })).status).toBe(200);
    await b.t.service(FiguresRollupService).rebuild();
  }, 180_000);
  afterAll(() => b?.close(), 120_000);

  /** Each main page: where it is and what shows that it has drawn its data. */
  const pages: { name: string; path: () => string; ready: (page: Page) => Promise<unknown> }[] = [
    {
      name: 'dashboard',
      path: () => '#/',
      ready: (page) =>
        page
          .getByRole('img', { name: /Turnover and purchases/ })
          .locator('svg')
          .waitFor(),
    },
    { name: 'customer-search', path: () => '#/customers', ready: (page) => page.getByLabel('E-mail, phone, card or name').waitFor() },
    {
      name: 'customer-picture',
      path: () => `#/customers/${customerId}/show`,
      ready: (page) => page.getByRole('heading', { name: 'Jana Novakova', exact: true }).waitFor(),
    },
    { name: 'rewards', path: () => '#/rewards', ready: (page) => page.getByRole('cell', { name: 'COFFEE10' }).waitFor() },
    { name: 'reward-edit', path: () => `#/rewards/${rewardId}`, ready: (page) => page.locator('input[value="COFFEE10"]').waitFor() },
    { name: 'reward-create', path: () => '#/rewards/create', ready: (page) => page.getByLabel('Points cost').waitFor() },
    {
      name: 'earning-rule-edit',
      path: () => `#/earning-rules/${earningRuleId}`,
      ready: (page) => page.getByRole('heading', { name: 'Simulate' }).waitFor(),
    },
    {
      name: 'earning-rule-create',
      path: () => '#/earning-rules/create',
      ready: (page) => page.getByRole('button', { name: 'Add a condition' }).waitFor(),
    },
    {
      name: 'loyalty-rule-edit',
      path: () => '#/loyalty-rules/points_per_currency_unit',
      ready: (page) => page.getByRole('combobox', { name: 'Store', exact: true }).waitFor(),
    },
    {
      name: 'stamper-campaign-create',
      path: () => '#/stamper-campaigns/create',
      ready: (page) => page.getByText('What earns a stamp').first().waitFor(),
    },
    { name: 'segments', path: () => '#/segments', ready: (page) => page.getByRole('cell', { name: 'Coffee lovers' }).waitFor() },
    {
      name: 'segment-conditions',
      path: () => '#/segments/create',
      ready: async (page) => {
        await page.getByRole('button', { name: 'Define by conditions' }).click();
        await page.getByRole('button', { name: 'Add a group' }).click();
        await page.getByRole('group', { name: 'Group: At least one of these holds' }).waitFor();
      },
    },
    { name: 'webhooks', path: () => '#/webhooks', ready: (page) => page.getByRole('cell', { name: /127\.0\.0\.1:9/ }).waitFor() },
    { name: 'users', path: () => '#/users', ready: (page) => page.getByRole('columnheader').first().waitFor() },
    {
      name: 'audit-trail',
      path: () => '#/audit-events',
      ready: (page) =>
        page
          .getByRole('cell', { name: /segments/ })
          .first()
          .waitFor(),
    },
  ];

  const checkEveryPage = async (viewport: Viewport, suffix: string) => {
    const found: string[] = [];
    const { page: signIn, context: signInContext } = await b.open('/console/', viewport);
    await signIn.getByRole('button', { name: 'Sign in' }).waitFor();
    found.push(...(await seriousViolations(signIn, `sign-in ${suffix}`)), ...(await sidewaysScroll(signIn, `sign-in ${suffix}`)));
    await b.screenshot(signIn, `a11y-sign-in-${suffix}`);
    await signInContext.close();

    const { page, context } = await b.signedIn(['owner'], viewport);
    for (const { name, path, ready } of pages) {
      await page.goto(`${b.baseUrl}/console/${path()}`);
      await ready(page);
      if (name === 'customer-search') {
        await page.getByLabel('E-mail, phone, card or name').fill(customerEmail);
        await page.getByRole('cell', { name: 'Novakova' }).waitFor();
      }
      found.push(...(await seriousViolations(page, `${name} ${suffix}`)), ...(await sidewaysScroll(page, `${name} ${suffix}`)));
      await b.screenshot(page, `a11y-${name}-${suffix}`);
      // The README shows these as an operator first sees them (`npm run console:screenshots` copies them to docs/images/).
      if (viewport === DESKTOP && README_PICTURES.includes(name)) await b.screenshot(page, `readme-${name}`, { fullPage: false });
    }
    expect(b.errors()).toEqual([]);
    await context.close();
    return found;
  };

  // Each pass checks the sign-in page and the fifteen above with axe; on two busy cores one has taken over a minute.
  const EVERY_PAGE_TIMEOUT_MS = 180_000;

  it(
    'finds no serious or critical violation on the main pages at 1280 px',
    async () => {
      expect(await checkEveryPage(DESKTOP, 'desktop')).toEqual([]);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  it(
    'finds none on a tablet held upright either',
    async () => {
      expect(await checkEveryPage(TABLET, 'tablet')).toEqual([]);
    },
    EVERY_PAGE_TIMEOUT_MS,
  );

  it('signs in with the keyboard alone, the focus visible on each field and button on the way', async () => {
    const user = await b.t.createApiUser(undefined, undefined, ['owner']);
    const { page, context } = await b.open();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    const visited: { element: string; ring: string }[] = [];
    // The login field has the focus on arrival; Tab walks on to the password and the button, Shift+Tab back.
    visited.push(await focused(page));
    await page.keyboard.type(user.login);
    await page.keyboard.press('Tab');
    visited.push(await focused(page));
    await page.keyboard.type(user.password);
    await page.keyboard.press('Tab');
    visited.push(await focused(page));
    await page.keyboard.press('Shift+Tab');
    expect(visited.map((stop) => stop.element)).toEqual(['input#login', 'input#password', 'button# Sign in']);
    expect(visited.filter((stop) => stop.ring === 'none')).toEqual([]);
    await b.screenshot(page, 'keyboard-sign-in');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Welcome/ }).waitFor();

    // Signed in, the first Tab offers to skip the menu, and shows that it does.
    await page.keyboard.press('Tab');
    const skip = await focused(page);
    expect(skip.element).toMatch(/Skip to content/i);
    expect(skip.ring).not.toBe('none');
    await context.close();
  });
});
