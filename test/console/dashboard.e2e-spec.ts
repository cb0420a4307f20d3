import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';
import { rolledUpPurchase } from '../support/tea-purchase';

/** The dashboard draws the programme's rolled-up figures: a purchase sent through the Enterprise interface shows in them. */
describeInBrowser('Console: dashboard', () => {
  let b: ConsoleBrowser;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  it('shows the figures of the period with their charts', async () => {
    await rolledUpPurchase(b.t);

    const { page, context } = await b.signedIn(['analyst']);
    await page.getByText(/Figures as of/).waitFor();
    expect(await page.getByLabel('Purchases', { exact: true }).textContent()).toBe('1');
    expect(await page.getByLabel('Turnover', { exact: true }).textContent()).toBe('40.00');
    expect(await page.getByLabel('New customers', { exact: true }).textContent()).toBe('1');
    await page.getByRole('img', { name: 'Turnover and purchases per period' }).locator('svg').waitFor();
    await page.getByRole('img', { name: 'Customers per status and segment' }).locator('svg').waitFor();
    await b.screenshot(page, 'dashboard');
    expect(b.errors()).toEqual([]);
    await context.close();
  });
});
