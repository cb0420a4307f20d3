import { randomBytes } from 'node:crypto';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/**
 * Earning rules through send-purchase and accept-payment: what each kind of rule adds to the default
 * earning, the point records naming the rule, cancellation, limits and budgets under concurrency, and an
 * installation without rules earning exactly as before.
 */
describe('Purchase closure with earning rules (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let operatorToken: string;
  let storeId: string;
  let otherStoreId: string;
  let currencyId: string;
  let itemTypeId: string;
  let purchaseTypeId: string;
  let brandId: string;
  let brandPlu: { list_code: string; code: string };
  let tagId: string;

  const ent = (method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>): Promise<TestResponse> =>
    t.enterprise(method, path, { token, body, query });
  const line = (paid: number, plu = { list_code: 'EAN', code: hex() }) => ({
    plu_ids: [plu],
    plu_name: 'Item',
    vat_rate: 21,
    quantity: 1,
    paid_amount: paid,
    price: paid,
    bill_item_id: hex(),
    loyalty_off: false,
    purchase_item_type_id: itemTypeId,
  });
  const bill = (lines: ReturnType<typeof line>[]) => ({
    bill_id: hex(),
    payment_time: new Date().toISOString(),
    currency_id: currencyId,
    total_price: lines.reduce((sum, item) => sum + item.paid_amount, 0),
    bill_items: lines,
  });
  const send = async (customerId: string, lines: ReturnType<typeof line>[], store = storeId) => {
    const body = { ...bill(lines), purchase_type_id: purchaseTypeId, canceled: false, payment_type: 'S' };
    const sent = await ent('POST', '/purchases/actions/send-purchase', {
      store_id: store,
      cashdesk_number: 1,
      customer_id: customerId,
      bill: body,
    });
    expect(sent.status).toBe(201);
    return body;
  };
  const records = async (customerId: string): Promise<{ note: string; points: number }[]> =>
    (
      await t.dataSource.query(
        `SELECT note, assigned_points::float AS points FROM points WHERE customer_id = $1 ORDER BY created_at, note`,
        [customerId],
      )
    ).map((row: { note: string; points: number }) => ({ note: row.note, points: row.points }));
  const balance = async (customerId: string) =>
    Number(
      (
        await t.dataSource.query(`SELECT coalesce(sum(available_points), 0)::float AS v FROM points WHERE customer_id = $1`, [customerId])
      )[0].v,
    );
  const define = async (rule: Record<string, unknown>) => {
    const created = await t.operator('POST', '/earning-rules', {
      token: operatorToken,
      body: { name: String(rule.code), priority: 10, stacking: 'cumulative', ...rule },
    });
    expect(created.status).toBe(201);
    return created.body.data.earning_rule_id as string;
  };
  const deactivate = async (code: string) =>
    expect((await t.operator('POST', `/earning-rules/${code}/actions/deactivate`, { token: operatorToken })).status).toBe(200);

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    operatorToken = (await t.operatorToken(['programme_manager'])).token;
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    [storeId, otherStoreId] = [hex(), hex()];
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $3, 'Rules store', $5, 'pos-1'), ($2, $4, 'Other store', $5, 'pos-1')`,
      [storeId, otherStoreId, `ER${storeId.slice(0, 6)}`, `EO${otherStoreId.slice(0, 6)}`, partnerId],
    );
    currencyId = (await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    itemTypeId = (await t.dataSource.query(`SELECT purchase_item_type_id FROM purchase_item_types WHERE text_id = 'store_transaction'`))[0]
      .purchase_item_type_id;
    purchaseTypeId = (await t.dataSource.query(`SELECT purchase_type_id FROM purchase_types WHERE text_id = 'store_purchase'`))[0]
      .purchase_type_id;
    brandId = hex();
    const productId = hex();
    brandPlu = { list_code: 'EAN', code: hex() };
    await t.dataSource.query(`INSERT INTO product_brands (product_brand_id, external_id, name) VALUES ($1, $2, 'Roastery')`, [
      brandId,
      `roastery-${brandId}`,
    ]);
    await t.dataSource.query(`INSERT INTO products (product_id, name, product_brand_id) VALUES ($1, 'Roastery beans', $2)`, [
      productId,
      brandId,
    ]);
    tagId = hex();
    await t.dataSource.query(`INSERT INTO tags (tag_id, text_id) VALUES ($1, $2)`, [tagId, `organic-${tagId.slice(0, 6)}`]);
    await t.dataSource.query(`INSERT INTO product_tag_records (product_id, tag_id) VALUES ($1, $2)`, [productId, tagId]);
    await t.dataSource.query(`INSERT INTO product_plu_ids (list_code, code, product_id) VALUES ($1, $2, $3)`, [
      brandPlu.list_code,
      brandPlu.code,
      productId,
    ]);
  });
  afterAll(() => t.close());

  it('without rules, and with a rule defined then deactivated, a bill earns exactly its points_per_currency_unit', async () => {
    const before = (await t.createCustomer()).customerId;
    const body = await send(before, [line(25), line(4.5)]);
    expect(await records(before)).toEqual([{ note: `Purchase ${body.bill_id}`, points: 29 }]);
    await define({ code: 'short-lived', effects: [{ kind: 'fixed_points', points: 100 }] });
    await deactivate('short-lived');
    const after = (await t.createCustomer()).customerId;
    const again = await send(after, [line(25), line(4.5)]);
    expect(await records(after)).toEqual([{ note: `Purchase ${again.bill_id}`, points: 29 }]);
  });

  it('cumulative rules add their points as records naming the rule, accept-payment shows them, and a cancellation takes them back', async () => {
    await define({
      code: 'roastery-double',
      conditions: { items: { product_brand_ids: [brandId] } },
      effects: [{ kind: 'points_per_currency_unit', on: 'matching_lines', multiplier: 1 }],
    });
    await define({ code: 'big-bill', conditions: { bill_total_min: 30 }, effects: [{ kind: 'fixed_points', points: 50 }] });
    const customerId = (await t.createCustomer()).customerId;
    const lines = [line(20, brandPlu), line(15)];
    const quote = await ent('POST', '/purchases/actions/accept-payment', {
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId,
      payment_type: 'S',
      bill: bill(lines),
    });
    expect(quote.body.data.credit_points_of_this_transaction).toBe(35 + 20 + 50);

    const body = await send(customerId, lines);
    expect(await records(customerId)).toEqual([
      { note: `Purchase ${body.bill_id}`, points: 35 },
      { note: `Purchase ${body.bill_id}: earning rule big-bill`, points: 50 },
      { note: `Purchase ${body.bill_id}: earning rule roastery-double`, points: 20 },
    ]);
    const listed = await ent('GET', '/points', undefined, { customer_id: customerId });
    expect(listed.body.data.points.map((point: { note: string }) => point.note)).toEqual(
      expect.arrayContaining([`Purchase ${body.bill_id}: earning rule big-bill`]),
    );
    const purchase = await ent('GET', '/purchases', undefined, { external_purchase_id: body.bill_id });
    expect(
      (await ent('GET', `/purchases/${purchase.body.data.purchases[0].purchase_id}/actions/payment-summary`)).body.data.earned_points,
    ).toBe(105);

    const cancellation = { ...body, bill_id: `C${body.bill_id}`, bill_number: body.bill_id, canceled: true };
    const cancelled = await ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId,
      bill: cancellation,
    });
    expect(cancelled.status).toBe(201);
    expect(await balance(customerId)).toBe(0);
    await deactivate('roastery-double');
    await deactivate('big-bill');
  });

  it("recommended-best-rewards answers only the contract's fields, having none for points; accept-payment and the operator's simulation give the bill's points", async () => {
    await define({ code: 'big-bill-best', conditions: { bill_total_min: 30 }, effects: [{ kind: 'fixed_points', points: 50 }] });
    const customerId = (await t.createCustomer()).customerId;
    const billBody = bill([line(20), line(15)]);
    const recommended = await ent('POST', '/purchases/actions/recommended-best-rewards', {
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId,
      reward_list_type: 'A',
      bill: billBody,
    });
    expect(recommended.status).toBe(200);
    expect(Object.keys(recommended.body.data).sort()).toEqual(['recommended_best_rewards', 'total_items']);
    const quote = await ent('POST', '/purchases/actions/accept-payment', {
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId,
      payment_type: 'S',
      bill: billBody,
    });
    expect(quote.body.data.credit_points_of_this_transaction).toBe(35 + 50);
    const simulated = await t.operator('POST', '/earning-rules/actions/simulate', {
      token: operatorToken,
      body: {
        store_id: storeId,
        customer_id: customerId,
        payment_type_id: 'S',
        lines: [
          { quantity: 1, amount: 20 },
          { quantity: 1, amount: 15 },
        ],
      },
    });
    expect(simulated.body.data.points).toBe(35 + 50);
    await deactivate('big-bill-best');
  });

  it('an exclusive rule is the only earning, in place of points_per_currency_unit; conditions read the store and the customer', async () => {
    await define({
      code: 'first-visit',
      stacking: 'exclusive',
      conditions: { first_purchase: true, store_ids: [storeId], age_min: 18 },
      effects: [{ kind: 'fixed_points', points: 200 }],
    });
    const adult = (await t.createCustomer()).customerId;
    await t.dataSource.query(`UPDATE customers SET birthdate = current_date - interval '30 years' WHERE customer_id = $1`, [adult]);
    await send(adult, [line(10)]);
    await send(adult, [line(10)]);
    expect((await records(adult)).map((record) => record.points)).toEqual([200, 10]);
    // No birth date, or another store: the rule does not apply.
    const unknownAge = (await t.createCustomer()).customerId;
    await send(unknownAge, [line(10)]);
    const elsewhere = (await t.createCustomer()).customerId;
    await t.dataSource.query(`UPDATE customers SET birthdate = '1990-01-01' WHERE customer_id = $1`, [elsewhere]);
    await send(elsewhere, [line(10)], otherStoreId);
    expect([...(await records(unknownAge)), ...(await records(elsewhere))].map((record) => record.points)).toEqual([10, 10]);
    await deactivate('first-visit');
  });

  it("a segment and a consent condition read the customer's memberships and agreements, whatever rewards ask about", async () => {
    const segmentId = hex();
    await t.dataSource.query(`INSERT INTO segments (segment_id, name) VALUES ($1, 'Students')`, [segmentId]);
    const agreementId = (await t.dataSource.query(`SELECT agreement_id FROM agreements ORDER BY agreement_id LIMIT 1`))[0].agreement_id;
    await define({
      code: 'consenting-students',
      conditions: { segment_ids: [segmentId], consent_ids: [agreementId] },
      effects: [{ kind: 'fixed_points', points: 7 }],
    });
    const [student, consenting, both] = await Promise.all([1, 2, 3].map(async () => (await t.createCustomer()).customerId));
    await t.dataSource.query(`INSERT INTO segment_records (segment_id, customer_id) VALUES ($1, $2), ($1, $3)`, [segmentId, student, both]);
    await t.dataSource.query(`INSERT INTO customer_consents (customer_id, agreement_id, consent_value) VALUES ($1, $3, 1), ($2, $3, 1)`, [
      consenting,
      both,
      agreementId,
    ]);
    for (const customerId of [student, consenting, both]) await send(customerId, [line(3)]);
    const granted = async (customerId: string) =>
      (await records(customerId)).filter((record) => record.note.endsWith('consenting-students'));
    expect([(await granted(student)).length, (await granted(consenting)).length, (await granted(both)).length]).toEqual([0, 0, 1]);
    await deactivate('consenting-students');
  });

  it('a tag condition matches the lines of the products with the tag, read with the products', async () => {
    await define({ code: 'organic-items', conditions: { items: { tags: [tagId] } }, effects: [{ kind: 'points_per_item', points: 3 }] });
    const customerId = (await t.createCustomer()).customerId;
    const tagged = { ...line(8, brandPlu), quantity: 2 };
    await send(customerId, [tagged, line(5)]);
    await send(customerId, [line(5)]);
    expect((await records(customerId)).filter((record) => record.note.endsWith('organic-items')).map((record) => record.points)).toEqual([
      6,
    ]);
    await deactivate('organic-items');
  });

  it('a limit of once a day grants once per customer and day', async () => {
    await define({
      code: 'daily-visit',
      effects: [{ kind: 'fixed_points', points: 5 }],
      limits: { per_customer: [{ period: 'day', times: 1 }] },
    });
    const customerId = (await t.createCustomer()).customerId;
    for (let visit = 0; visit < 3; visit++) await send(customerId, [line(1)]);
    expect((await records(customerId)).filter((record) => record.note.endsWith('daily-visit'))).toHaveLength(1);
    await deactivate('daily-visit');
  });

  it('50 concurrent bills against a budget of 10 points grant exactly 10', async () => {
    const ruleId = await define({ code: 'budget-ten', effects: [{ kind: 'fixed_points', points: 1 }], limits: { budget_points: 10 } });
    const customers = await Promise.all(Array.from({ length: 50 }, async () => (await t.createCustomer()).customerId));
    await Promise.all(customers.map((customerId) => send(customerId, [line(1)])));
    const granted = await t.dataSource.query(
      `SELECT count(*)::int AS n, coalesce(sum(assigned_points), 0)::float AS points FROM points WHERE note LIKE '%: earning rule budget-ten'`,
    );
    expect(granted[0]).toEqual({ n: 10, points: 10 });
    const view = await t.operator('GET', `/earning-rules/${ruleId}`, { token: operatorToken });
    expect(view.body.data.granted_points).toBe(10);
  });

  it("a cancellation gives the rule's points back to its budget, so the next bill is granted them again", async () => {
    const ruleId = await define({ code: 'budget-five', effects: [{ kind: 'fixed_points', points: 5 }], limits: { budget_points: 5 } });
    const granted = async () => (await t.operator('GET', `/earning-rules/${ruleId}`, { token: operatorToken })).body.data.granted_points;
    const first = (await t.createCustomer()).customerId;
    const body = await send(first, [line(1)]);
    expect(await granted()).toBe(5);
    const cancelled = await ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: first,
      bill: { ...body, bill_id: `C${body.bill_id}`, bill_number: body.bill_id, canceled: true },
    });
    expect(cancelled.status).toBe(201);
    expect(await granted()).toBe(0);
    const second = (await t.createCustomer()).customerId;
    await send(second, [line(1)]);
    expect((await records(second)).map((record) => record.note)).toContainEqual(expect.stringMatching(/: earning rule budget-five$/));
    expect(await granted()).toBe(5);
    await deactivate('budget-five');
  });
});
