import { TestApp } from '../support/test-app';

/** An event group's whole lifecycle through the operator API, with its audit rows. */
describe('Operator API: event groups', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows by id or text id, changes, deactivates and activates a group, auditing each write', async () => {
    const created = await t.operator('POST', '/event-groups', { token, body: { text_id: 'shop_visits', name: 'Shop visits' } });
    expect(created.status).toBe(201);
    const groupId = created.body.data.event_group_id as string;
    expect(created.body.data).toMatchObject({ text_id: 'shop_visits', name: 'Shop visits', state: 1, types: 0 });

    expect((await t.operator('GET', '/event-groups/shop_visits', { token })).body.data.event_group_id).toBe(groupId);
    const listed = await t.operator('GET', '/event-groups', { token, query: { q: 'shop vis' } });
    expect(listed.body.data.event_groups.map((group: any) => group.event_group_id)).toEqual([groupId]);

    const changed = await t.operator('PUT', '/event-groups/shop_visits', {
      token,
      body: { text_id: 'store_visits', name: 'Store visits' },
    });
    expect(changed.status).toBe(200);
    const enterprise = await t.enterpriseToken();
    expect((await t.enterprise('GET', `/event-groups/${groupId}`, { token: enterprise })).body.data).toMatchObject({
      text_id: 'store_visits',
      name: 'Store visits',
    });

    expect((await t.operator('POST', '/event-groups/store_visits/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await t.enterprise('GET', `/event-groups/${groupId}`, { token: enterprise })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/event-groups', { token, query: { state: '1', q: 'store_visits' } })).body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/event-groups/${groupId}/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'event_group', target_id: groupId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /event-groups/{event_group_key}/actions/activate',
      'POST /event-groups/{event_group_key}/actions/deactivate',
      'PUT /event-groups/{event_group_key}',
      'POST /event-groups',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ text_id: 'shop_visits', name: 'Shop visits' });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ text_id: 'store_visits', name: 'Store visits' });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const clash = await t.operator('POST', '/event-groups', { token, body: { text_id: 'purchases', name: 'Again' } });
    expect(clash.status).toBe(400);
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    const busy = await t.operator('POST', '/event-groups/purchases/actions/deactivate', { token });
    expect(busy.status).toBe(400);
    expect(busy.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'event_group_id', reason: 'not_allowed_value' });
    expect((await t.operator('GET', '/event-groups/purchases', { token })).body.data).toMatchObject({ name: 'Purchases', state: 1 });
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_events
        WHERE target_type = 'event_group' AND (after->>'name' = 'Again' OR target_id = (SELECT event_group_id FROM event_groups WHERE text_id = 'purchases'))`,
    );
    expect(rows[0].n).toBe(0);
  });
});
