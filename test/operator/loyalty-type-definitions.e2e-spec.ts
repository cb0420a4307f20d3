import { TestApp, TestResponse } from '../support/test-app';

/** Point, credit and reward types through the operator API: lifecycle, the one default, audit rows, and what the contract then offers. */
describe('Operator API: point, credit and reward types', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let enterprise: string;
  let partnerId: string;

  const contract = (method: 'GET' | 'POST', path: string, body?: object): Promise<TestResponse> =>
    t.enterprise(method, path, { token: enterprise, body });
  const trail = async (targetType: string, targetId: string) =>
    (
      await t.operator('GET', '/audit-events', { token: owner, query: { target_type: targetType, target_id: targetId } })
    ).body.data.audit_events.map((event: any) => event.operation);
  const refusal = (response: TestResponse) => response.body.error.error_data.invalid_params[0];

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    enterprise = await t.enterpriseToken();
    await t.grantOperations(await t.enterpriseApplicationId(), ['POST /credits/actions/deposit-credits']);
    [{ partner_id: partnerId }] = await t.dataSource.query(`SELECT partner_id FROM partners ORDER BY created_at LIMIT 1`);
  });
  afterAll(() => t.close());

  it('creates a point type, moves the default to it and back, deactivates it, and the contract stops offering it', async () => {
    const [{ point_type_id: seeded }] = await t.dataSource.query(`SELECT point_type_id FROM point_types WHERE is_default`);
    const created = await t.operator('POST', '/point-types', { token, body: { name: 'Bonus points', is_default: false } });
    expect(created.status).toBe(201);
    const bonusId = created.body.data.point_type_id as string;
    expect(created.body.data).toMatchObject({ name: 'Bonus points', is_default: false, state: 1 });
    expect((await contract('GET', '/point-types')).body.data.total_items).toBe(2);

    expect((await t.operator('PUT', `/point-types/${bonusId}`, { token, body: { name: 'Bonus', is_default: true } })).status).toBe(200);
    expect((await t.operator('GET', `/point-types/${seeded}`, { token })).body.data.is_default).toBe(false);
    const deactivateDefault = await t.operator('POST', `/point-types/${bonusId}/actions/deactivate`, { token });
    expect(deactivateDefault.status).toBe(400);
    expect(refusal(deactivateDefault)).toMatchObject({ name: 'is_default', reason: 'not_allowed_value' });
    const unmake = await t.operator('PUT', `/point-types/${bonusId}`, { token, body: { name: 'Bonus', is_default: false } });
    expect(refusal(unmake)).toMatchObject({ name: 'is_default', reason: 'not_allowed_value' });
    expect((await t.operator('PUT', `/point-types/${seeded}`, { token, body: { name: 'Loyalty points', is_default: true } })).status).toBe(
      200,
    );

    const deactivated = await t.operator('POST', `/point-types/${bonusId}/actions/deactivate`, { token });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data).toMatchObject({ state: 0, is_default: false });
    // Points keep naming it, so it stays readable by id; it is no longer listed nor given.
    expect((await contract('GET', `/point-types/${bonusId}`)).body.data.name).toBe('Bonus');
    expect((await contract('GET', '/point-types')).body.data.point_types.map((type: any) => type.point_type_id)).toEqual([seeded]);
    const customer = await t.createCustomer();
    const assign = await contract('POST', '/points/actions/assign-points', {
      customer_id: customer.customerId,
      partner_id: partnerId,
      amount: 5,
      point_type_id: bonusId,
    });
    expect(assign.status).toBe(400);
    expect(refusal(assign)).toMatchObject({ name: 'point_type_id', reason: 'not_allowed_value' });
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM points WHERE point_type_id = $1`, [bonusId]))[0].n).toBe(0);

    expect((await t.operator('POST', `/point-types/${bonusId}/actions/activate`, { token })).body.data.state).toBe(1);
    expect(await trail('point_type', bonusId)).toEqual([
      'POST /point-types/{point_type_id}/actions/activate',
      'POST /point-types/{point_type_id}/actions/deactivate',
      'PUT /point-types/{point_type_id}',
      'POST /point-types',
    ]);
  });

  it('creates a credit type with its currency by ISO code, refuses an unknown one, and hides a deactivated type from the contract', async () => {
    const [{ currency_id: euroId }] = await t.dataSource.query(`SELECT currency_id FROM currencies WHERE code = 'EUR'`);
    const unknown = await t.operator('POST', '/credit-types', {
      token,
      body: { name: 'Gift credit', currency_id: 'QQQ', is_default: false },
    });
    expect(unknown.status).toBe(400);
    expect(refusal(unknown)).toMatchObject({ name: 'currency_id', reason: 'not_found' });
    expect((await t.dataSource.query(`SELECT count(*)::int AS n FROM credit_types WHERE name = 'Gift credit'`))[0].n).toBe(0);

    const created = await t.operator('POST', '/credit-types', {
      token,
      body: { name: 'Gift credit', currency_id: 'eur', is_default: false },
    });
    expect(created.status).toBe(201);
    const giftId = created.body.data.credit_type_id as string;
    expect(created.body.data).toMatchObject({ currency_id: euroId, is_default: false, state: 1 });
    expect((await contract('GET', `/credit-types/${giftId}`)).body.data.name).toBe('Gift credit');

    expect((await t.operator('POST', `/credit-types/${giftId}/actions/deactivate`, { token })).status).toBe(200);
    expect((await contract('GET', '/credit-types')).body.data.credit_types.map((type: any) => type.credit_type_id)).not.toContain(giftId);
    const customer = await t.createCustomer();
    const deposit = await contract('POST', '/credits/actions/deposit-credits', {
      customer_id: customer.customerId,
      partner_id: partnerId,
      amount: 5,
      credit_type_id: giftId,
    });
    expect(deposit.status).toBe(400);
    expect(refusal(deposit)).toMatchObject({ name: 'credit_type_id', reason: 'not_allowed_value' });
    expect(await trail('credit_type', giftId)).toEqual(['POST /credit-types/{credit_type_id}/actions/deactivate', 'POST /credit-types']);
  });

  it('creates a reward type of a kind, refuses an unknown kind or a taken text id, and no reward can be given a deactivated one', async () => {
    const badKind = await t.operator('POST', '/reward-types', {
      token,
      body: { text_id: 'member_discount', name: 'Member discount', kind: 'hug' },
    });
    expect(badKind.status).toBe(400);
    expect(refusal(badKind).name).toBe('kind');
    const taken = await t.operator('POST', '/reward-types', { token, body: { text_id: 'gift_card', name: 'Again', kind: 'gift_card' } });
    expect(refusal(taken)).toMatchObject({ name: 'text_id', reason: 'already_exists' });

    const created = await t.operator('POST', '/reward-types', {
      token,
      body: { text_id: 'member_discount', name: 'Member discount', kind: 'percentage_discount' },
    });
    expect(created.status).toBe(201);
    const typeId = created.body.data.reward_type_id as string;
    expect((await contract('GET', `/reward-types/${typeId}`)).body.data.name).toBe('Member discount');
    const reward = {
      code: 'MEMBER5',
      names: [{ language_code: 'en', text: '5 % off for members' }],
      reward_group: 4,
      reward_type_id: 'member_discount',
      reward_type_value: 5,
      valid_date_from: '2026-01-01',
      valid_date_to: '2099-12-31',
    };
    const given = await t.operator('POST', '/rewards', { token, body: reward });
    expect(given.status).toBe(201);
    expect(given.body.data.reward_type_id).toBe(typeId);

    const kindChange = await t.operator('PUT', '/reward-types/member_discount', {
      token,
      body: { text_id: 'member_discount', name: 'Member discount', kind: 'fixed_discount' },
    });
    expect(refusal(kindChange)).toMatchObject({ name: 'kind', reason: 'not_allowed_value' });
    const renamed = await t.operator('PUT', '/reward-types/member_discount', {
      token,
      body: { text_id: 'member_discount', name: 'Members only', kind: 'percentage_discount' },
    });
    expect(renamed.body.data.name).toBe('Members only');

    expect((await t.operator('POST', '/reward-types/member_discount/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await contract('GET', '/reward-types')).body.data.reward_types.map((type: any) => type.reward_type_id)).not.toContain(typeId);
    expect((await contract('GET', `/reward-types/${typeId}`)).status).toBe(200);
    const refused = await t.operator('POST', '/rewards', { token, body: { ...reward, code: 'MEMBER6' } });
    expect(refused.status).toBe(400);
    expect(refusal(refused)).toMatchObject({ name: 'reward_type_id', reason: 'not_allowed_value' });
    expect(await trail('reward_type', typeId)).toEqual([
      'POST /reward-types/{reward_type_key}/actions/deactivate',
      'PUT /reward-types/{reward_type_key}',
      'POST /reward-types',
    ]);
  });
});
