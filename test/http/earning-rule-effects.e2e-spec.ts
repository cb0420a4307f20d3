import { randomBytes } from 'node:crypto';
import { EventDefinitionService } from '../../src/modules/events';
import { BirthdayRunService, CreditLedgerService, RewardService } from '../../src/modules/loyalty';
import { StamperCampaignService } from '../../src/modules/stamper';
import { ChangeFeed } from '../../src/platform/change-feed';
import { startBackgroundWorker } from '../../src/worker/background-worker';
import { TestApp, TestResponse } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/**
 * The effects of earning rules beside points, through send-purchase and `POST /events`: credits on the
 * credits ledger, a voucher of a reward, stamps on a stamp card, each naming its rule; a cancellation
 * reversing them; a budget of money granted exactly under concurrency.
 */
describe('Earning rules granting credits, reward vouchers and stamps (HTTP)', () => {
  let t: TestApp;
  let token: string;
  let operatorToken: string;
  let storeId: string;
  let currencyId: string;
  let itemTypeId: string;
  let purchaseTypeId: string;
  let defaultCreditTypeId: string;
  let giftCreditTypeId: string;
  let ruleRewardId: string;
  let cardRewardId: string;
  let campaignId: string;
  let reviewTypeId: string;
  let newsletterTypeId: string;

  const ent = (method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>): Promise<TestResponse> =>
    t.enterprise(method, path, { token, body, query });
  const rows = <T>(sql: string, params: unknown[] = []): Promise<T[]> => t.dataSource.query(sql, params);
  const line = (paid: number) => ({
    plu_ids: [{ list_code: 'EAN', code: hex() }],
    plu_name: 'Item',
    vat_rate: 21,
    quantity: 1,
    paid_amount: paid,
    price: paid,
    bill_item_id: hex(),
    loyalty_off: false,
    purchase_item_type_id: itemTypeId,
  });
  const billOf = (paid: number) => ({
    bill_id: hex(),
    payment_time: new Date().toISOString(),
    currency_id: currencyId,
    total_price: paid,
    bill_items: [line(paid)],
    purchase_type_id: purchaseTypeId,
    canceled: false,
    payment_type: 'S',
  });
  const send = async (customerId: string, paid = 10) => {
    const bill = billOf(paid);
    const sent = await ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId,
      bill,
    });
    expect(sent.status).toBe(201);
    return { billId: bill.bill_id, purchaseId: sent.body.data.purchase_id as string, bill };
  };
  const cancel = async (customerId: string, bill: ReturnType<typeof billOf>) => {
    const cancelled = await ent('POST', '/purchases/actions/send-purchase', {
      store_id: storeId,
      cashdesk_number: 1,
      customer_id: customerId,
      bill: { ...bill, bill_id: `C${bill.bill_id}`, bill_number: bill.bill_id, canceled: true },
    });
    expect(cancelled.status).toBe(201);
  };
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
  const granted = async (ruleId: string): Promise<{ granted_points: number; granted_money: number }> => {
    const view = (await t.operator('GET', `/earning-rules/${ruleId}`, { token: operatorToken })).body.data;
    return { granted_points: view.granted_points, granted_money: view.granted_money };
  };
  const credits = (customerId: string) =>
    rows<{ note: string; type: string; assigned: number; available: number }>(
      `SELECT note, credit_type_id AS type, assigned_credits::float AS assigned, available_credits::float AS available
         FROM credits WHERE customer_id = $1 ORDER BY created_at, assigned_credits DESC`,
      [customerId],
    );
  const creditBalance = async (customerId: string) =>
    (
      await rows<{ v: number }>(`SELECT coalesce(sum(available_credits), 0)::float AS v FROM credits WHERE customer_id = $1`, [customerId])
    )[0].v;
  const vouchers = (customerId: string) =>
    rows<{ voucher_id: string; reward_id: string; note: string; points_cost: number }>(
      `SELECT voucher_id, reward_id, note, points_cost::float AS points_cost FROM vouchers WHERE customer_id = $1 ORDER BY note`,
      [customerId],
    );
  const stamps = (customerId: string) =>
    rows<{ purchase_id: string | null; earning_rule_id: string | null; stamper_condition_id: string | null; state: number }>(
      `SELECT purchase_id, earning_rule_id, stamper_condition_id, state FROM stamper_stamps WHERE customer_id = $1 ORDER BY seq`,
      [customerId],
    );
  const pointsOf = async (customerId: string) =>
    (await rows<{ v: number }>(`SELECT coalesce(sum(assigned_points), 0)::float AS v FROM points WHERE customer_id = $1`, [customerId]))[0]
      .v;

  beforeAll(async () => {
    t = await TestApp.create();
    token = await t.enterpriseToken();
    operatorToken = (await t.operatorToken(['programme_manager'])).token;
    const partnerId = (await rows<{ partner_id: string }>(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    storeId = hex();
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Effects store', $3, 'pos-1')`,
      [storeId, `EF${storeId.slice(0, 6)}`, partnerId],
    );
    currencyId = (await rows<{ currency_id: string }>(`SELECT currency_id FROM currencies WHERE code = 'EUR'`))[0].currency_id;
    itemTypeId = (
      await rows<{ id: string }>(`SELECT purchase_item_type_id AS id FROM purchase_item_types WHERE text_id = 'store_transaction'`)
    )[0].id;
    purchaseTypeId = (await rows<{ id: string }>(`SELECT purchase_type_id AS id FROM purchase_types WHERE text_id = 'store_purchase'`))[0]
      .id;
    defaultCreditTypeId = (await rows<{ id: string }>(`SELECT credit_type_id AS id FROM credit_types WHERE is_default`))[0].id;
    giftCreditTypeId = hex();
    await t.dataSource.query(`INSERT INTO credit_types (credit_type_id, name, currency_id) VALUES ($1, 'Gift credit', $2)`, [
      giftCreditTypeId,
      currencyId,
    ]);
    const fixed = (await rows<{ id: string }>(`SELECT reward_type_id AS id FROM reward_types WHERE text_id = 'fixed_discount'`))[0].id;
    const reward = (code: string) =>
      t.service(RewardService).define({
        code,
        names: { en: code },
        rewardGroup: 1,
        rewardTypeId: fixed,
        rewardTypeValue: 2,
        pointsCost: 50,
        voucherValidity: 'interval',
        voucherValidityValue: '30 days',
      });
    ruleRewardId = await reward(`RULE${hex().slice(0, 6)}`);
    cardRewardId = await reward(`CARD${hex().slice(0, 6)}`);
    const productId = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Never sold')`, [productId]);
    // Its condition names a product no bill here has, so every stamp on its cards is a rule's.
    campaignId = await t.service(StamperCampaignService).define(
      {
        names: { en: 'Rule card' },
        descriptions: {},
        stampCount: 2,
        repetitions: 5,
        rewardId: cardRewardId,
        conditions: [{ descriptions: { en: 'Buy one' }, relatedTo: 'product', relatedIds: [productId] }],
        checkpoints: [],
      },
      t.dataSource.manager,
    );
    const events = t.service(EventDefinitionService);
    await events.defineGroup({ textId: 'engagement', name: 'Engagement' });
    reviewTypeId = await t.dataSource.transaction((m) =>
      events.insertType({ textId: 'app_review', name: 'App review', group: 'engagement', propertyIds: [] }, m),
    );
    newsletterTypeId = await t.dataSource.transaction((m) =>
      events.insertType({ textId: 'newsletter_open', name: 'Newsletter opened', group: 'engagement', propertyIds: [] }, m),
    );
    await t.service(ChangeFeed).sync();
  });
  afterAll(() => t.close());

  it('a bill books the credits, the reward voucher and the stamps of a rule, each naming it, and the simulation says the same', async () => {
    const ruleId = await define({
      code: 'welcome-pack',
      effects: [
        { kind: 'credits', amount: 4.5 },
        { kind: 'credits', amount: 1, credit_type_id: giftCreditTypeId },
        { kind: 'reward_voucher', reward_id: ruleRewardId },
        { kind: 'stamp', stamper_campaign_id: campaignId, stamps: 2 },
      ],
    });
    const customerId = (await t.createCustomer()).customerId;
    const simulated = await t.operator('POST', '/earning-rules/actions/simulate', {
      token: operatorToken,
      body: { store_id: storeId, customer_id: customerId, payment_type_id: 'S', lines: [{ quantity: 1, amount: 10 }] },
    });
    expect(simulated.body.data.credits).toBe(5.5);
    expect(simulated.body.data.grants.filter((grant: { rule: string }) => grant.rule === 'welcome-pack')).toEqual([
      { rule: 'welcome-pack', kind: 'credits', amount: 4.5 },
      { rule: 'welcome-pack', kind: 'credits', amount: 1 },
      { rule: 'welcome-pack', kind: 'reward_voucher', reward_id: ruleRewardId },
      { rule: 'welcome-pack', kind: 'stamp', stamper_campaign_id: campaignId, stamps: 2 },
    ]);

    const { billId, purchaseId } = await send(customerId);
    const note = `Purchase ${billId}: earning rule welcome-pack`;
    expect(await credits(customerId)).toEqual([
      { note, type: defaultCreditTypeId, assigned: 4.5, available: 4.5 },
      { note, type: giftCreditTypeId, assigned: 1, available: 1 },
    ]);
    const listed = await ent('GET', '/credits', undefined, { customer_id: customerId });
    expect(listed.body.data.credits.map((credit: { note: string }) => credit.note)).toEqual([note, note]);
    // The rule's voucher costs no points; the full card issues its own reward's.
    expect(await vouchers(customerId)).toEqual([
      expect.objectContaining({ reward_id: ruleRewardId, note, points_cost: 0 }),
      expect.objectContaining({ reward_id: cardRewardId, note: 'Stamp card reward', points_cost: 0 }),
    ]);
    expect(await stamps(customerId)).toEqual([
      { purchase_id: purchaseId, earning_rule_id: ruleId, stamper_condition_id: null, state: 1 },
      { purchase_id: purchaseId, earning_rule_id: ruleId, stamper_condition_id: null, state: 1 },
    ]);
    const cards = await ent('GET', '/stamper-cards', undefined, { customer_id: customerId });
    expect(cards.body.data.stamper_cards[0]).toMatchObject({
      is_filled_up: true,
      stamps: [{ earning_rule_id: ruleId }, { earning_rule_id: ruleId }],
    });
    const events = await rows<{ type: string }>(
      `SELECT t.text_id AS type FROM customer_events e JOIN event_types t USING (event_type_id)
        WHERE e.customer_id = $1 AND t.text_id IN ('credits_deposited', 'voucher_issued') ORDER BY t.text_id`,
      [customerId],
    );
    expect(events.map((event) => event.type)).toEqual(['credits_deposited', 'credits_deposited', 'voucher_issued', 'voucher_issued']);
    // The default earning goes on beside a cumulative rule.
    expect(await pointsOf(customerId)).toBe(10);
    expect(await granted(ruleId)).toEqual({ granted_points: 0, granted_money: 0 });
    await deactivate('welcome-pack');
  });

  it("a cancellation takes back the rule's credits, withdraws its unused voucher, removes its stamps and gives the money back to the budget", async () => {
    const ruleId = await define({
      code: 'returnable-pack',
      effects: [
        { kind: 'fixed_points', points: 3 },
        { kind: 'credits', amount: 2 },
        { kind: 'reward_voucher', reward_id: ruleRewardId },
        { kind: 'stamp', stamper_campaign_id: campaignId, stamps: 2 },
      ],
      limits: { budget_money: 100, budget_points: 100 },
    });
    const customerId = (await t.createCustomer()).customerId;
    const { bill } = await send(customerId);
    expect(await granted(ruleId)).toEqual({ granted_points: 3, granted_money: 2 });
    expect(await vouchers(customerId)).toHaveLength(2);
    await cancel(customerId, bill);
    expect(await creditBalance(customerId)).toBe(0);
    expect((await credits(customerId)).map((credit) => credit.assigned)).toEqual([2, -2]);
    expect(await vouchers(customerId)).toEqual([]);
    expect((await stamps(customerId)).map((stamp) => stamp.state)).toEqual([0, 0]);
    expect(await rows(`SELECT stamp_total, filled_up FROM stamper_cards WHERE customer_id = $1`, [customerId])).toEqual([
      { stamp_total: 0, filled_up: false },
    ]);
    expect(await pointsOf(customerId)).toBe(10 + 3 - 13);
    expect(await granted(ruleId)).toEqual({ granted_points: 0, granted_money: 0 });
    await deactivate('returnable-pack');
  });

  it('a used rule voucher stays the customer’s, and credits already spent are taken back only as far as they are still there', async () => {
    await define({
      code: 'spendable-pack',
      effects: [
        { kind: 'credits', amount: 5 },
        { kind: 'reward_voucher', reward_id: ruleRewardId },
      ],
    });
    const customerId = (await t.createCustomer()).customerId;
    const { bill, billId } = await send(customerId);
    const [voucher] = (await vouchers(customerId)).filter((row) => row.note.endsWith('spendable-pack'));
    await t.dataSource.query(`UPDATE vouchers SET applied_at = now() WHERE voucher_id = $1`, [voucher.voucher_id]);
    const partnerId = (await rows<{ partner_id: string }>(`SELECT partner_id FROM stores WHERE store_id = $1`, [storeId]))[0].partner_id;
    await t.service(CreditLedgerService).reduce({ customer_id: customerId, amount: 3, partner_id: partnerId });
    await cancel(customerId, bill);
    expect(await creditBalance(customerId)).toBe(0);
    expect(
      (await credits(customerId)).filter((credit) => credit.note === `Cancellation of purchase ${billId}`).map((c) => c.assigned),
    ).toEqual([-2]);
    expect((await vouchers(customerId)).map((row) => row.voucher_id)).toEqual([voucher.voucher_id]);
    await deactivate('spendable-pack');
  });

  it('20 concurrent bills against a budget of 5 in money granting 1 each grant exactly 5', async () => {
    const ruleId = await define({ code: 'money-budget', effects: [{ kind: 'credits', amount: 1 }], limits: { budget_money: 5 } });
    const customers = await Promise.all(Array.from({ length: 20 }, async () => (await t.createCustomer()).customerId));
    await Promise.all(customers.map((customerId) => send(customerId)));
    const [total] = await rows<{ n: number; money: number }>(
      `SELECT count(*)::int AS n, coalesce(sum(assigned_credits), 0)::float AS money FROM credits WHERE note LIKE '%: earning rule money-budget'`,
    );
    expect(total).toEqual({ n: 5, money: 5 });
    expect(await granted(ruleId)).toEqual({ granted_points: 0, granted_money: 5 });
    await deactivate('money-budget');
  });

  it('an event rule grants credits, a reward voucher and stamps in the transaction of the posted event, naming the rule', async () => {
    const ruleId = await define({
      code: 'review-pack',
      trigger: 'event',
      conditions: { event_types: ['app_review'] },
      effects: [
        { kind: 'credits', amount: 3, credit_type_id: giftCreditTypeId },
        { kind: 'reward_voucher', reward_id: ruleRewardId },
        { kind: 'stamp', stamper_campaign_id: campaignId, stamps: 1 },
      ],
      limits: { per_customer: [{ period: 'lifetime', times: 1 }] },
    });
    const customerId = (await t.createCustomer()).customerId;
    const post = () =>
      ent('POST', '/events', { event: { event_type_id: reviewTypeId, customer_id: customerId, external_id: `ext-${hex().slice(0, 8)}` } });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const note = 'Event app_review: earning rule review-pack';
    expect(await credits(customerId)).toEqual([{ note, type: giftCreditTypeId, assigned: 3, available: 3 }]);
    expect(await vouchers(customerId)).toEqual([expect.objectContaining({ reward_id: ruleRewardId, note, points_cost: 0 })]);
    expect(await stamps(customerId)).toEqual([{ purchase_id: null, earning_rule_id: ruleId, stamper_condition_id: null, state: 1 }]);
    const listed = await ent('GET', '/stamps', undefined, { customer_id: customerId });
    expect(listed.status).toBe(200);
    expect(listed.body.data.stamper_stamps[0]).toMatchObject({ earning_rule_id: ruleId });
    expect(listed.body.data.stamper_stamps[0]).not.toHaveProperty('purchase_id');
    expect(await pointsOf(customerId)).toBe(0);
    await deactivate('review-pack');
  });

  it("concurrent events stamping one customer's card fill each card once, as bills do", async () => {
    await define({
      code: 'newsletter-stamp',
      trigger: 'event',
      conditions: { event_types: ['newsletter_open'] },
      effects: [{ kind: 'stamp', stamper_campaign_id: campaignId, stamps: 1 }],
    });
    const customerId = (await t.createCustomer()).customerId;
    const posted = await Promise.all(
      Array.from({ length: 6 }, () =>
        ent('POST', '/events', {
          event: { event_type_id: newsletterTypeId, customer_id: customerId, external_id: `ext-${hex().slice(0, 8)}` },
        }),
      ),
    );
    expect(posted.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(
      await rows(`SELECT card_order, stamp_total, filled_up FROM stamper_cards WHERE customer_id = $1 ORDER BY card_order`, [customerId]),
    ).toEqual([1, 2, 3].map((order) => ({ card_order: order, stamp_total: 2, filled_up: true })));
    expect((await vouchers(customerId)).map((voucher) => voucher.reward_id)).toEqual([cardRewardId, cardRewardId, cardRewardId]);
    await deactivate('newsletter-stamp');
  });

  it('a birthday rule run by tessera worker, without the HTTP modules, books its reward voucher and stamps', async () => {
    const ruleId = await define({
      code: 'birthday-pack',
      trigger: 'event',
      conditions: { event_types: ['birthday'] },
      effects: [
        { kind: 'reward_voucher', reward_id: ruleRewardId },
        { kind: 'stamp', stamper_campaign_id: campaignId, stamps: 1 },
      ],
    });
    const customerId = (await t.createCustomer()).customerId;
    await t.dataSource.query(`UPDATE customers SET birthdate = '1990-06-01' WHERE customer_id = $1`, [customerId]);
    const worker = await startBackgroundWorker(
      { ...t.config, birthdayPollSeconds: 0 },
      (t.dataSource.options as { url: string }).url,
      false,
    );
    try {
      expect(await worker.get(BirthdayRunService).run(new Date('2027-06-01T10:00:00Z'))).toBe(1);
    } finally {
      await worker.close();
    }
    expect(await vouchers(customerId)).toEqual([
      expect.objectContaining({ reward_id: ruleRewardId, note: 'Birthday 2027: earning rule birthday-pack' }),
    ]);
    expect(await stamps(customerId)).toEqual([{ purchase_id: null, earning_rule_id: ruleId, stamper_condition_id: null, state: 1 }]);
    await deactivate('birthday-pack');
  });
});
