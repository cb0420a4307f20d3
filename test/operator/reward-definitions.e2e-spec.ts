import { randomBytes } from 'node:crypto';
import { TestApp } from '../support/test-app';

const hex = () => randomBytes(16).toString('hex');

/** Rewards' whole lifecycle through the operator API, with their audit rows. */
describe('Operator API: rewards', () => {
  let t: TestApp;
  let token: string;
  let enterpriseToken: string;
  let storeA: string;
  let storeB: string;
  const storeCodeB = `OPB${hex().slice(0, 6)}`;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    enterpriseToken = await t.enterpriseToken();
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`))[0].partner_id;
    [storeA, storeB] = [hex(), hex()];
    await t.dataSource.query(
      `INSERT INTO stores (store_id, store_code, name, partner_id, system_id) VALUES ($1, $2, 'Op store A', $4, 'sys'), ($3, $5, 'Op store B', $4, 'sys')`,
      [storeA, `OPA${storeA.slice(0, 6)}`, storeB, partnerId, storeCodeB],
    );
  });
  afterAll(() => t.close());

  const coffee = {
    code: 'COFFEE10',
    names: [{ language_code: 'en', text: '10 % off coffee' }],
    reward_group: 1,
    reward_type_id: 'catalogue_item',
    points_cost: 100,
    valid_date_from: '2026-01-01',
    valid_date_to: '2099-12-31',
  };

  it('creates, lists, shows by id or code, changes, withdraws and activates a reward, auditing each write', async () => {
    const created = await t.operator('POST', '/rewards', { token, body: { ...coffee, stores: [{ store_id: storeA }] } });
    expect(created.status).toBe(201);
    const rewardId = created.body.data.reward_id as string;
    expect(created.body.data).toMatchObject({
      code: 'COFFEE10',
      points_cost: 100,
      state: 1,
      stores: [{ store_id: storeA, visible_for_customer: 1 }],
    });

    expect((await t.operator('GET', '/rewards/COFFEE10', { token })).body.data.reward_id).toBe(rewardId);
    expect((await t.operator('GET', `/rewards/${rewardId}`, { token })).body.data.code).toBe('COFFEE10');
    const listed = await t.operator('GET', '/rewards', { token, query: { q: 'off coffee' } });
    expect(listed.body.data.rewards.map((reward: any) => reward.reward_id)).toEqual([rewardId]);

    // A store named by its code is stored by id; every list is replaced, the validity narrowed.
    const change = {
      ...coffee,
      points_cost: 80.5,
      valid_time_from: '08:00:00',
      valid_time_to: '11:00:00',
      valid_weekdays: [6, 7],
      stores: [{ store_id: storeCodeB, visible_for_customer: 0 }],
    };
    const changed = await t.operator('PUT', '/rewards/COFFEE10', { token, body: change });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      reward_id: rewardId,
      points_cost: 80.5,
      valid_time_from: '08:00:00',
      valid_weekdays: [6, 7],
      stores: [{ store_id: storeB, visible_for_customer: 0 }],
      state: 1,
    });

    const contract = await t.enterprise('GET', `/rewards/${rewardId}`, { token: enterpriseToken, headers: { 'accept-language': 'en' } });
    expect(contract.body.data).toMatchObject({ points_cost: 80.5, valid_time_from: '08:00:00', valid_time_to: '11:00:00', state: 1 });
    const stores = await t.enterprise('GET', `/rewards/${rewardId}/stores`, { token: enterpriseToken });
    expect(stores.body.data.stores.map((store: any) => store.store_id)).toEqual([storeB]);

    expect((await t.operator('POST', `/rewards/${rewardId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/rewards', { token, query: { state: '1', q: 'COFFEE10' } })).body.data.total_items).toBe(0);
    // Withdrawn: still readable by id, no longer sold.
    expect((await t.enterprise('GET', `/rewards/${rewardId}`, { token: enterpriseToken })).body.data.state).toBe(0);
    const customer = await t.createCustomer();
    const voucher = await t.enterprise('POST', `/rewards/${rewardId}/actions/create-voucher`, {
      token: enterpriseToken,
      body: { customer_id: customer.customerId },
    });
    expect(voucher.status).toBe(400);
    expect((await t.operator('POST', `/rewards/COFFEE10/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'reward', target_id: rewardId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /rewards/{reward_key}/actions/activate',
      'POST /rewards/{reward_key}/actions/deactivate',
      'PUT /rewards/{reward_key}',
      'POST /rewards',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ points_cost: 100, stores: [{ store_id: storeA }] });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ points_cost: 80.5, stores: [{ store_id: storeB }] });
  });

  it('keeps its own code on a change, and names the field in a refusal and changes nothing', async () => {
    const tea = { ...coffee, code: 'TEA5', names: [{ language_code: 'en', text: 'Tea' }], stores: [] };
    const created = await t.operator('POST', '/rewards', { token, body: tea });
    expect(created.status).toBe(201);
    expect((await t.operator('PUT', '/rewards/TEA5', { token, body: { ...tea, points_cost: 5 } })).status).toBe(200);

    const clash = await t.operator('PUT', '/rewards/TEA5', { token, body: { ...tea, code: 'COFFEE10', points_cost: 1 } });
    expect(clash.status).toBe(400);
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'code', reason: 'already_exists' });
    const unknownStore = await t.operator('PUT', '/rewards/TEA5', { token, body: { ...tea, stores: [{ store_id: 'no-such-store' }] } });
    expect(unknownStore.status).toBe(400);
    expect(unknownStore.body.error.error_data.invalid_params[0].name).toBe('stores');
    const badType = await t.operator('POST', '/rewards', { token, body: { ...tea, code: 'TEA6', reward_type_id: 'free_lunch' } });
    expect(badType.body.error.error_data.invalid_params[0].name).toBe('reward_type_id');

    const shown = await t.operator('GET', '/rewards/TEA5', { token });
    expect(shown.body.data).toMatchObject({ code: 'TEA5', points_cost: 5, stores: [] });
    expect((await t.operator('GET', '/rewards/TEA6', { token })).status).toBe(404);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE target_type = 'reward' AND target_id = $1`, [
      created.body.data.reward_id,
    ]);
    expect(rows[0].n).toBe(2);
  });

  it('takes back what it shows', async () => {
    const { reward_id, state, last_change, ...file } = (await t.operator('GET', '/rewards/COFFEE10', { token })).body.data;
    const again = await t.operator('PUT', `/rewards/${reward_id}`, { token, body: file });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ ...file, state });
    expect(last_change).toBeDefined();
  });
});
