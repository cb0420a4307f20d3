import { randomBytes } from 'node:crypto';
import { RewardService } from '../../src/modules/loyalty';
import { TestApp } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/** Stamp card campaigns' lifecycle through the operator API, and blocking a customer's stamp card. */
describe('Operator API: stamp card campaigns and stamp cards', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let rewardCode: string;
  let rewardId: string;
  let productId: string;

  const campaign = (overrides: Record<string, unknown> = {}) => ({
    names: [{ language_code: 'en', text: 'Operator coffee card' }],
    stamp_count: 5,
    count_of_campaign_repetitions: 2,
    reward_id: rewardCode,
    stamper_conditions: [{ related_to: 'product', related_ids: [productId], minimum_quantity: 1 }],
    ...overrides,
  });
  const trail = async (targetType: string, targetId: string) =>
    (await t.operator('GET', '/audit-events', { token: owner, query: { target_type: targetType, target_id: targetId } })).body.data
      .audit_events;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    const fixed = (await t.dataSource.query(`SELECT reward_type_id AS id FROM reward_types WHERE text_id = 'fixed_discount'`))[0].id;
    rewardCode = `OC${hex().slice(0, 8)}`;
    rewardId = await t
      .service(RewardService)
      .define({ code: rewardCode, names: { en: 'Free coffee' }, rewardGroup: 1, rewardTypeId: fixed, rewardTypeValue: 1, pointsCost: 0 });
    productId = hex();
    await t.dataSource.query(`INSERT INTO products (product_id, name) VALUES ($1, 'Operator coffee')`, [productId]);
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates a campaign, auditing each write', async () => {
    const created = await t.operator('POST', '/stamper-campaigns', { token, body: campaign() });
    expect(created.status).toBe(201);
    const id = created.body.data.stamper_campaign_id as string;
    // The reward named by its code is stored by its id.
    expect(created.body.data).toMatchObject({ reward_id: rewardId, stamp_count: 5, state: 1, card_count: 0 });
    const conditionId = created.body.data.stamper_conditions[0].stamper_condition_id as string;

    expect((await t.operator('GET', `/stamper-campaigns/${id}`, { token })).body.data.names).toEqual([
      { language_code: 'en', text: 'Operator coffee card' },
    ]);
    const listed = await t.operator('GET', '/stamper-campaigns', { token, query: { q: 'operator coffee' } });
    expect(listed.body.data.stamper_campaigns.map((c: any) => c.stamper_campaign_id)).toEqual([id]);

    const changed = await t.operator('PUT', `/stamper-campaigns/${id}`, {
      token,
      body: campaign({
        count_of_campaign_repetitions: 1,
        stamper_conditions: [{ stamper_condition_id: conditionId, related_to: 'product', related_ids: [productId], minimum_quantity: 2 }],
        stamper_bonus_checkpoints: [{ stamp_number: 3, reward_id: rewardCode }],
      }),
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.stamper_conditions).toEqual([
      expect.objectContaining({ stamper_condition_id: conditionId, minimum_quantity: 2 }),
    ]);

    // The contract's own read sees the change.
    const enterprise = await t.enterpriseToken();
    const served = await t.enterprise('GET', `/stamper-campaigns/${id}`, { token: enterprise });
    expect(served.body.data).toMatchObject({
      count_of_campaign_repetitions: 1,
      stamper_bonus_checkpoints: [expect.objectContaining({ stamp_number: 3 })],
    });

    expect((await t.operator('POST', `/stamper-campaigns/${id}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.enterprise('GET', `/stamper-campaigns/${id}`, { token: enterprise })).body.data.state).toBe(0);
    expect(
      (await t.operator('GET', '/stamper-campaigns', { token, query: { state: '1', q: 'operator coffee' } })).body.data.total_items,
    ).toBe(0);
    // Changing a deactivated campaign keeps it deactivated.
    expect((await t.operator('PUT', `/stamper-campaigns/${id}`, { token, body: campaign() })).body.data.state).toBe(0);
    expect((await t.operator('POST', `/stamper-campaigns/${id}/actions/activate`, { token })).body.data.state).toBe(1);

    const events = await trail('stamper_campaign', id);
    expect(events.map((event: any) => event.operation)).toEqual([
      'POST /stamper-campaigns/{stamper_campaign_id}/actions/activate',
      'PUT /stamper-campaigns/{stamper_campaign_id}',
      'POST /stamper-campaigns/{stamper_campaign_id}/actions/deactivate',
      'PUT /stamper-campaigns/{stamper_campaign_id}',
      'POST /stamper-campaigns',
    ]);
    expect(events[3].before.count_of_campaign_repetitions).toBe(2);
    expect(events[3].after.count_of_campaign_repetitions).toBe(1);
  });

  it('names the field in a refusal and changes nothing', async () => {
    const created = await t.operator('POST', '/stamper-campaigns', { token, body: campaign() });
    const id = created.body.data.stamper_campaign_id as string;
    const count = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM stamper_campaigns`))[0].n;
    const before = await count();
    const unknownProduct = await t.operator('POST', '/stamper-campaigns', {
      token,
      body: campaign({ stamper_conditions: [{ related_to: 'product', related_ids: ['nope'] }] }),
    });
    expect(unknownProduct.status).toBe(400);
    expect(unknownProduct.body.error.error_data.invalid_params[0]).toMatchObject({
      name: 'stamper_conditions.0.related_ids.0',
      reason: 'not_found',
    });
    const unknownReward = await t.operator('PUT', `/stamper-campaigns/${id}`, { token, body: campaign({ reward_id: 'NO-SUCH-REWARD' }) });
    expect(unknownReward.status).toBe(400);
    expect(unknownReward.body.error.error_data.invalid_params[0].name).toBe('reward_id');
    expect(await count()).toBe(before);
    expect((await t.operator('GET', `/stamper-campaigns/${id}`, { token })).body.data.reward_id).toBe(rewardId);
    expect(await trail('stamper_campaign', id)).toHaveLength(1);
    expect((await t.operator('GET', '/stamper-campaigns/no-such-campaign', { token })).status).toBe(404);
  });

  it('blocks and unblocks a stamp card for customers:write, auditing both', async () => {
    const campaignId = (await t.operator('POST', '/stamper-campaigns', { token, body: campaign() })).body.data.stamper_campaign_id;
    const customer = await t.createCustomer();
    const cardId = hex();
    await t.dataSource.query(
      `INSERT INTO stamper_cards (stamper_card_id, stamper_campaign_id, customer_id, card_order) VALUES ($1, $2, $3, 1)`,
      [cardId, campaignId, customer.customerId],
    );
    const analyst = (await t.operatorToken(['analyst'])).token;
    expect((await t.operator('POST', `/stamp-cards/${cardId}/actions/block`, { token: analyst })).status).toBe(403);

    const care = (await t.operatorToken(['customer_care'])).token;
    const blocked = await t.operator('POST', `/stamp-cards/${cardId}/actions/block`, { token: care });
    expect(blocked.status).toBe(200);
    expect(blocked.body.data).toMatchObject({ stamper_card_id: cardId, customer_id: customer.customerId, state: 0 });
    const enterprise = await t.enterpriseToken();
    expect((await t.enterprise('GET', `/stamper-cards/${cardId}`, { token: enterprise })).body.data.state).toBe(0);
    expect((await t.operator('POST', `/stamp-cards/${cardId}/actions/unblock`, { token: care })).body.data.state).toBe(1);
    expect((await t.operator('POST', '/stamp-cards/no-such-card/actions/block', { token: care })).status).toBe(404);

    const events = await trail('stamp_card', cardId);
    expect(events.map((event: any) => [event.operation, event.before.state, event.after.state])).toEqual([
      ['POST /stamp-cards/{stamper_card_id}/actions/unblock', 0, 1],
      ['POST /stamp-cards/{stamper_card_id}/actions/block', 1, 0],
    ]);
  });
});
