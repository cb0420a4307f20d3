import { TestApp } from '../support/test-app';

/** Earning rules through the operator API: lifecycle, audit, refusals naming the field, and the simulation. */
describe('Operator API: earning rules', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
  });
  afterAll(() => t.close());

  const weekendBonus = {
    code: 'weekend-bonus',
    name: 'Fifty points on weekend bills over 20',
    priority: 10,
    stacking: 'cumulative',
    conditions: { bill_total_min: 20, weekdays: [6, 7] },
    effects: [{ kind: 'fixed_points', points: 50 }],
    limits: { per_customer: [{ period: 'day', times: 1 }], budget_points: 5000 },
  };
  // Saturday 2026-11-28, noon in Prague.
  const saturdayBill = {
    at: '2026-11-28T12:00:00+01:00',
    lines: [
      { product_id: 'coffee', product_brand_id: 'roastery', quantity: 2, amount: 16 },
      { product_id: 'cake', quantity: 1, amount: 9 },
    ],
    customer: { status_id: 'gold' },
  };
  const simulate = async (body: object) => {
    const response = await t.operator('POST', '/earning-rules/actions/simulate', { token, body });
    expect(response.status).toBe(200);
    return response.body.data;
  };

  it('creates, lists, shows by id or code, changes, deactivates and activates a rule, auditing each write', async () => {
    const created = await t.operator('POST', '/earning-rules', { token, body: weekendBonus });
    expect(created.status).toBe(201);
    const ruleId = created.body.data.earning_rule_id as string;
    expect(created.body.data).toMatchObject({ ...weekendBonus, state: 1, granted_points: 0, granted_money: 0 });
    expect((await t.operator('GET', '/earning-rules/weekend-bonus', { token })).body.data.earning_rule_id).toBe(ruleId);
    const listed = await t.operator('GET', '/earning-rules', { token, query: { q: 'weekend' } });
    expect(listed.body.data.earning_rules.map((rule: any) => rule.earning_rule_id)).toEqual([ruleId]);

    const changed = await t.operator('PUT', `/earning-rules/${ruleId}`, {
      token,
      body: { ...weekendBonus, effects: [{ kind: 'fixed_points', points: 75 }] },
    });
    expect(changed.body.data.effects).toEqual([{ kind: 'fixed_points', points: 75 }]);
    expect((await t.operator('POST', '/earning-rules/weekend-bonus/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/earning-rules', { token, query: { state: '1', q: 'weekend' } })).body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/earning-rules/${ruleId}/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'earning_rule', target_id: ruleId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /earning-rules/{earning_rule_key}/actions/activate',
      'POST /earning-rules/{earning_rule_key}/actions/deactivate',
      'PUT /earning-rules/{earning_rule_key}',
      'POST /earning-rules',
    ]);
    expect(trail.body.data.audit_events[2].before.effects).toEqual([{ kind: 'fixed_points', points: 50 }]);
    expect(trail.body.data.audit_events[2].after.effects).toEqual([{ kind: 'fixed_points', points: 75 }]);
  });

  it.each([
    ['an effect without the field its kind needs', { effects: [{ kind: 'fixed_points' }] }, 'effects.0.points', 'required'],
    ['an unknown effect kind', { effects: [{ kind: 'free_lunch' }] }, 'effects.0.kind', undefined],
    ['no effect', { effects: [] }, 'effects', undefined],
    [
      'a window that ends before it starts',
      { valid_from: '2026-12-02T00:00:00Z', valid_to: '2026-12-01T00:00:00Z' },
      'valid_to',
      'not_allowed_value',
    ],
    [
      'two limits of one period',
      {
        limits: {
          per_customer: [
            { period: 'day', times: 1 },
            { period: 'day', times: 2 },
          ],
        },
      },
      'limits.per_customer',
      'already_exists',
    ],
    ['an event rule without event types', { trigger: 'event' }, 'conditions.event_types', 'required'],
    ['a weekday past Sunday', { conditions: { weekdays: [8] } }, 'conditions.weekdays', undefined],
    ['an hour that is no time of day', { conditions: { hours_from: '25:00' } }, 'conditions.hours_from', undefined],
    [
      'credits of a credit type that does not exist',
      {
        effects: [
          { kind: 'fixed_points', points: 1 },
          { kind: 'credits', amount: 5, credit_type_id: 'no-such-type' },
        ],
      },
      'effects.1.credit_type_id',
      'not_found',
    ],
    [
      'a voucher of a reward that does not exist',
      { effects: [{ kind: 'reward_voucher', reward_id: 'no-such-reward' }] },
      'effects.0.reward_id',
      'not_allowed_value',
    ],
  ])('refuses %s, naming the field, and stores nothing', async (_name, change, field, reason) => {
    const before = await t.dataSource.query(`SELECT count(*)::int AS n FROM earning_rules`);
    const refused = await t.operator('POST', '/earning-rules', { token, body: { ...weekendBonus, code: 'refused', ...change } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: field, ...(reason ? { reason } : {}) });
    expect(await t.dataSource.query(`SELECT count(*)::int AS n FROM earning_rules`)).toEqual(before);
  });

  it('refuses a code another rule has', async () => {
    const clash = await t.operator('POST', '/earning-rules', { token, body: weekendBonus });
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'code', reason: 'already_exists' });
  });

  it('simulates a bill under the default earning, the active rules and drafts, and sees a write at once', async () => {
    const draft = {
      code: 'gold-roastery',
      name: 'Gold members earn double on Roastery',
      priority: 5,
      stacking: 'cumulative',
      conditions: { status_ids: ['gold'], items: { product_brand_ids: ['roastery'] } },
      effects: [{ kind: 'points_per_currency_unit', on: 'matching_lines', rate: 2, multiplier: 1 }],
    };
    expect(await simulate({ ...saturdayBill, draft_rules: [draft] })).toEqual({
      grants: [
        { rule: 'points_per_currency_unit', kind: 'points', points: 25 },
        { rule: 'gold-roastery', kind: 'points', points: 32 },
        { rule: 'weekend-bonus', kind: 'points', points: 75 },
      ],
      points: 132,
      credits: 0,
    });
    // A weekday bill, or one below the threshold, is not a weekend bill over 20.
    expect((await simulate({ ...saturdayBill, at: '2026-11-25T12:00:00+01:00' })).grants.map((grant: any) => grant.rule)).toEqual([
      'points_per_currency_unit',
    ]);
    // An exclusive draft takes the place of everything else.
    const exclusive = { ...draft, code: 'only-this', stacking: 'exclusive', effects: [{ kind: 'credits', amount: 5 }] };
    expect(await simulate({ ...saturdayBill, draft_rules: [exclusive] })).toEqual({
      grants: [{ rule: 'only-this', kind: 'credits', amount: 5 }],
      points: 0,
      credits: 5,
    });
    await t.operator('POST', '/earning-rules/weekend-bonus/actions/deactivate', { token });
    expect((await simulate(saturdayBill)).points).toBe(25);
    await t.operator('POST', '/earning-rules/weekend-bonus/actions/activate', { token });
  });

  it('simulates for a customer named by id, reading their segments and first purchase, facts given taking their place', async () => {
    const customer = await t.createCustomer();
    const owner = (await t.operatorToken(['owner'])).token;
    const segment = await t.operator('POST', '/segments', { token: owner, body: { name: 'Roastery fans' } });
    const segmentId = segment.body.data.segment_id as string;
    await t.operator('POST', `/segments/${segmentId}/members`, { token: owner, body: { customer_ids: [customer.customerId] } });
    const fans = {
      code: 'fans-first',
      name: 'Roastery fans earn 30 on their first purchase',
      priority: 5,
      stacking: 'cumulative',
      conditions: { segment_ids: [segmentId], first_purchase: true },
      effects: [{ kind: 'fixed_points', points: 30 }],
    };
    const bill = { at: '2026-11-25T12:00:00+01:00', lines: [{ product_id: 'cake', quantity: 1, amount: 9 }], draft_rules: [fans] };
    const rules = async (body: object) => (await simulate(body)).grants.map((grant: any) => grant.rule);
    expect(await rules({ ...bill, customer_id: customer.customerId })).toEqual(['points_per_currency_unit', 'fans-first']);
    expect(await rules({ ...bill, customer_id: customer.customerId, customer: { first_purchase: false } })).toEqual([
      'points_per_currency_unit',
    ]);
    expect(await rules(bill)).toEqual(['points_per_currency_unit']);
    const unknown = await t.operator('POST', '/earning-rules/actions/simulate', { token, body: { ...bill, customer_id: 'f'.repeat(32) } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'customer_id', reason: 'not_found' });
  });

  it('refuses a simulation with an invalid draft, naming the field', async () => {
    const refused = await t.operator('POST', '/earning-rules/actions/simulate', {
      token,
      body: { ...saturdayBill, draft_rules: [{ ...weekendBonus, effects: [{ kind: 'credits' }] }] },
    });
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'draft_rules.0.effects.0.amount', reason: 'required' });
  });
});
