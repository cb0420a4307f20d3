import { TestApp } from '../support/test-app';

/** Customer care and privacy requests on the operator API: roles, answers and audit rows. */
describe('Operator API: customer care', () => {
  let t: TestApp;
  let care: string;

  beforeAll(async () => {
    t = await TestApp.create();
    care = (await t.operatorToken(['customer_care'])).token;
  });
  afterAll(() => t.close());

  it('finds a customer by e-mail, card number or name and shows their whole picture', async () => {
    const customer = await t.createCustomer({ firstName: 'Zdeňka', lastName: 'Opatrná' });
    for (const q of [customer.email.toUpperCase(), customer.cardNumber, 'zdenka opat']) {
      const found = await t.operator('GET', '/customers', { token: care, query: { q } });
      expect([q, found.status]).toEqual([q, 200]);
      expect(found.body.data.customers.map((row: any) => row.customer_id)).toContain(customer.customerId);
    }
    const picture = await t.operator('GET', `/customers/${customer.customerId}`, { token: care });
    expect(picture.status).toBe(200);
    expect(picture.body.data.profile.email).toBe(customer.email);
    expect(picture.body.data.cards[0].card_number).toBe(customer.cardNumber);
    expect((await t.operator('GET', '/customers/0123456789abcdef0123456789abcdef', { token: care })).status).toBe(404);
    expect((await t.operator('GET', '/customers', { token: care })).status).toBe(400);
  });

  it('adjusts points with a reason, audited by customer id only', async () => {
    const customer = await t.createCustomer();
    const added = await t.operator('POST', `/customers/${customer.customerId}/actions/adjust-points`, {
      token: care,
      body: { points: 250, reason: 'Goodwill after a late delivery' },
    });
    expect(added.status).toBe(200);
    const blank = await t.operator('POST', `/customers/${customer.customerId}/actions/adjust-points`, {
      token: care,
      body: { points: 5, reason: ' ' },
    });
    expect(blank.status).toBe(400);
    const tooMany = await t.operator('POST', `/customers/${customer.customerId}/actions/adjust-points`, {
      token: care,
      body: { points: -1000, reason: 'Typo' },
    });
    expect(tooMany.status).toBe(400);
    const picture = await t.operator('GET', `/customers/${customer.customerId}`, { token: care });
    expect(picture.body.data.point_balances[0].available_points).toBe(250);

    const rows = await t.dataSource.query(
      `SELECT operation, reason, before, after FROM audit_events WHERE target_type = 'customer' AND target_id = $1`,
      [customer.customerId],
    );
    expect(rows).toEqual([
      {
        operation: 'POST /customers/{customer_id}/actions/adjust-points',
        reason: 'Goodwill after a late delivery',
        before: null,
        after: expect.objectContaining({ points: 250 }),
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(customer.email);
  });

  it('blocks and unblocks a card', async () => {
    const customer = await t.createCustomer();
    const [card] = await t.dataSource.query(`SELECT card_id FROM cards WHERE customer_id = $1`, [customer.customerId]);
    expect((await t.operator('POST', `/cards/${card.card_id}/actions/block`, { token: care })).body.data.state).toBe(0);
    expect((await t.dataSource.query(`SELECT state FROM cards WHERE card_id = $1`, [card.card_id]))[0].state).toBe(0);
    expect((await t.operator('POST', `/cards/${card.card_id}/actions/unblock`, { token: care })).body.data.state).toBe(1);
  });

  it('keeps export and erasure to roles granted privacy requests, and audits both', async () => {
    const customer = await t.createCustomer({ firstName: 'Erika', lastName: 'Mazaná' });
    expect((await t.operator('POST', `/customers/${customer.customerId}/actions/erase`, { token: care })).status).toBe(403);
    const owner = (await t.operatorToken(['owner'])).token;
    const exported = await t.operator('POST', `/customers/${customer.customerId}/actions/export-personal-data`, { token: owner });
    expect(exported.status).toBe(200);
    expect(exported.body.data.tables.customers[0].email).toBe(customer.email);
    expect((await t.operator('POST', `/customers/${customer.customerId}/actions/erase`, { token: owner })).status).toBe(200);
    const [row] = await t.dataSource.query(`SELECT email, first_name, state FROM customers WHERE customer_id = $1`, [customer.customerId]);
    expect(row.email).not.toBe(customer.email);
    expect(row.first_name).not.toBe('Erika');
    const operations = await t.dataSource.query(`SELECT operation FROM audit_events WHERE target_id = $1 ORDER BY audit_event_id`, [
      customer.customerId,
    ]);
    expect(operations.map((o: any) => o.operation)).toEqual([
      'POST /customers/{customer_id}/actions/export-personal-data',
      'POST /customers/{customer_id}/actions/erase',
    ]);
  });
});
