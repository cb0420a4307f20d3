import { TestApp } from '../support/test-app';

/** Loyalty rules through the operator API: listed, shown and changed (they always exist), audited. */
describe('Operator API: loyalty rules', () => {
  let t: TestApp;
  let token: string;
  let store: { store_id: string; store_code: string };

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    [store] = await t.dataSource.query(`SELECT store_id, store_code FROM stores ORDER BY created_at LIMIT 1`);
  });
  afterAll(() => t.close());

  it('lists, shows and changes a rule, a store named by its code, auditing the change', async () => {
    const listed = await t.operator('GET', '/loyalty-rules', { token, query: { q: 'per_currency' } });
    expect(listed.body.data.loyalty_rules.map((rule: any) => rule.rule)).toEqual(['points_per_currency_unit']);
    const shown = await t.operator('GET', '/loyalty-rules/points_per_currency_unit', { token });
    expect(shown.body.data).toMatchObject({ rule: 'points_per_currency_unit', default: '1', values: [] });

    const values = [
      { scope: 'project', value: '2' },
      { scope: 'store', scope_id: store.store_code, value: '3' },
    ];
    const changed = await t.operator('PUT', '/loyalty-rules/points_per_currency_unit', { token, body: { values } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.values).toEqual([
      { scope: 'project', value: '2' },
      { scope: 'store', scope_id: store.store_id, value: '3' },
    ]);
    expect(await t.dataSource.query(`SELECT scope, scope_id, value FROM loyalty_rules ORDER BY scope`)).toEqual([
      { scope: 'project', scope_id: '', value: '2' },
      { scope: 'store', scope_id: store.store_id, value: '3' },
    ]);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', {
      token: owner,
      query: { target_type: 'loyalty_rule', target_id: 'points_per_currency_unit' },
    });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual(['PUT /loyalty-rules/{rule}']);
    expect(trail.body.data.audit_events[0].before.values).toEqual([]);
    expect(trail.body.data.audit_events[0].after.values).toHaveLength(2);
  });

  it.each([
    ['a value that does not parse', { values: [{ scope: 'project', value: 'many' }] }, 'values.0.value'],
    [
      'a scope the rule has not',
      {
        values: [
          { scope: 'project', value: '1' },
          { scope: 'store', scope_id: 'x', value: '1' },
        ],
      },
      'values.1.scope',
    ],
    ['an unknown store', { values: [{ scope: 'store', scope_id: 'no-such-store', value: '1' }] }, 'values.0.scope_id'],
    [
      'a scope twice',
      {
        values: [
          { scope: 'project', value: '1' },
          { scope: 'project', value: '2' },
        ],
      },
      'values.1.scope_id',
    ],
  ])('refuses %s naming the field and changes nothing', async (_, body, field) => {
    const rule = field === 'values.1.scope' ? 'point_value' : 'points_per_currency_unit';
    const before = await t.dataSource.query(`SELECT rule, scope, scope_id, value FROM loyalty_rules ORDER BY rule, scope`);
    const refused = await t.operator('PUT', `/loyalty-rules/${rule}`, { token, body });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0].name).toBe(field);
    expect(await t.dataSource.query(`SELECT rule, scope, scope_id, value FROM loyalty_rules ORDER BY rule, scope`)).toEqual(before);
  });

  it('answers 404 for a name that is no rule, and offers neither create nor deactivate', async () => {
    expect((await t.operator('GET', '/loyalty-rules/points_per_euro', { token })).status).toBe(404);
    expect((await t.operator('POST', '/loyalty-rules', { token, body: { values: [] } })).status).toBe(404);
  });
});
