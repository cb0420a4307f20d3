import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';
import { purchaseSetting, rolledUpPurchase, teaPurchase } from '../support/tea-purchase';

/** The dashboard draws the programme's rolled-up figures: a purchase sent through the Enterprise interface shows in them. */
describeInBrowser('Console: dashboard', () => {
  let b: ConsoleBrowser;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  it('shows the figures of the period with their charts', async () => {
    // Another customer bought three days ago: inside the default range (the last 30 days), outside its last day.
    const earlier = await b.t.createCustomer();
    const backdated = teaPurchase(await purchaseSetting(b.t.dataSource), earlier.customerId, {
      payment_time: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    });
    const sent = await b.t.enterprise('POST', '/purchases/actions/send-purchase', { token: await b.t.enterpriseToken(), body: backdated });
    expect(sent.status).toBe(201);
    await rolledUpPurchase(b.t);

    const { page, context } = await b.signedIn(['analyst']);
    await page.getByText(/Figures as of/).waitFor();
    expect(await page.getByLabel('Purchases', { exact: true }).textContent()).toBe('2');
    expect(await page.getByLabel('Turnover', { exact: true }).textContent()).toBe('80.00');
    expect(await page.getByLabel('New customers', { exact: true }).textContent()).toBe('2');
    // Over the whole chosen range, not its last day alone.
    expect(await page.getByLabel('Active customers', { exact: true }).textContent()).toBe('2');
    // Outstanding points at the end of the range, as points with at most two decimals.
    const today = new Date().toISOString().slice(0, 10);
    const token = (await b.t.operatorToken(['analyst'])).token;
    const figures = (await b.t.operator('GET', '/figures', { token, query: { from: today, to: today } })).body.data;
    expect(figures.periods.at(-1).active_customers).toBe(1);
    const outstanding = Number(figures.periods.at(-1).points_outstanding);
    expect(outstanding).toBeGreaterThan(0);
    const liability = await page.getByLabel('Points liability (points outstanding)', { exact: true }).textContent();
    expect(liability).toBe(new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(outstanding));
    expect(liability).not.toMatch(/\.\d{3}/);
    await page.getByRole('img', { name: 'Turnover and purchases per period' }).locator('svg').waitFor();
    await page.getByRole('img', { name: 'Customers per status and segment' }).locator('svg').waitFor();
    await b.screenshot(page, 'dashboard');
    expect(b.errors()).toEqual([]);
    await context.close();
  });
});
