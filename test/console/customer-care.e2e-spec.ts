import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';

/** Customer care in the console: find a customer, adjust their points, erase them; the API shows each change. */
describeInBrowser('Console: customer care', () => {
  let b: ConsoleBrowser;

  beforeAll(async () => {
    b = await ConsoleBrowser.start();
  }, 120_000);
  afterAll(() => b?.close(), 120_000);

  it('finds a customer by e-mail and adjusts their points with a reason', async () => {
    const customer = await b.t.createCustomer({ firstName: 'Jana', lastName: 'Novakova' });
    const { page, context } = await b.signedIn(['customer_care']);
    await page.getByRole('menuitem', { name: 'Customers' }).click();
    await page.getByLabel('E-mail, phone, card or name').fill(customer.email);
    await page.getByRole('cell', { name: 'Novakova' }).click();
    await page.getByRole('heading', { name: 'Jana Novakova', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Adjust points' }).click();
    await page.getByRole('dialog').getByLabel('Points').fill('250');
    await page.getByRole('dialog').getByLabel('Reason').fill('Goodwill after a late delivery');
    await page.getByRole('button', { name: 'Adjust', exact: true }).click();
    await page.getByText('Points adjusted').waitFor();
    await b.screenshot(page, 'customer-picture');

    const { token } = await b.t.operatorToken(['customer_care']);
    const picture = await b.t.operator('GET', `/customers/${customer.customerId}`, { token });
    expect(picture.body.data.point_balances[0].available_points).toBe(250);
    // Customer care may not erase: the button is absent.
    expect(await page.getByRole('button', { name: 'Erase' }).count()).toBe(0);
    await context.close();
  });

  it("shows the customer's status history, newest first, with why each change happened", async () => {
    const customer = await b.t.createCustomer({ firstName: 'Eva', lastName: 'Dvorakova' });
    const token = await b.t.enterpriseToken();
    for (const textId of ['silver', 'gold']) {
      const [{ status_id: statusId }] = await b.t.dataSource.query(`SELECT status_id FROM statuses WHERE text_id = $1`, [textId]);
      const set = await b.t.enterprise('POST', '/customers/actions/set-status-record', {
        token,
        body: { customer_id: customer.customerId, status_id: statusId },
      });
      expect(set.status).toBe(200);
    }
    const { page, context } = await b.signedIn(['customer_care']);
    await page.goto(`${b.baseUrl}/console/#/customers/${customer.customerId}/show`);
    const history = page.getByRole('region', { name: 'Status history' });
    await history.getByRole('cell', { name: 'Gold' }).waitFor();
    const rows = await history.getByRole('row').allInnerTexts();
    expect(rows.slice(1).map((row) => row.split('\t').slice(1))).toEqual([
      ['Silver', 'Gold', 'By hand'],
      ['(none)', 'Silver', 'By hand'],
    ]);
    await context.close();
  });

  it('erases a customer after a confirmation that says what happens', async () => {
    const customer = await b.t.createCustomer({ firstName: 'Petr', lastName: 'Svoboda' });
    const { page, context } = await b.signedIn(['owner']);
    await page.goto(`${b.baseUrl}/console/#/customers/${customer.customerId}/show`);
    await page.getByRole('heading', { name: 'Petr Svoboda', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Erase' }).click();
    await page.getByText('removed for good').waitFor();
    await b.screenshot(page, 'erase-confirmation');
    await page.getByRole('dialog').getByRole('button', { name: 'Erase' }).click();
    await page.getByText('The customer was erased').waitFor();

    const { token } = await b.t.operatorToken(['owner']);
    const found = await b.t.operator('GET', '/customers', { token, query: { q: customer.email } });
    expect(found.body.data.customers).toEqual([]);
    await context.close();
  });
});
