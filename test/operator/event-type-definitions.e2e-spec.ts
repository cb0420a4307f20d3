import { TestApp } from '../support/test-app';

/** An event type's whole lifecycle through the operator API, with its audit rows. */
describe('Operator API: event types', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows by id or text id, changes, deactivates and activates a type, auditing each write', async () => {
    const body = { text_id: 'gift_wrap', name: 'Gift wrap', event_group_id: 'vouchers', icon_name: 'redeem' };
    const created = await t.operator('POST', '/event-types', { token, body });
    expect(created.status).toBe(201);
    const typeId = created.body.data.event_type_id as string;
    expect(created.body.data).toMatchObject({ text_id: 'gift_wrap', event_group_text_id: 'vouchers', event_property_ids: [], state: 1 });

    expect((await t.operator('GET', '/event-types/gift_wrap', { token })).body.data.event_type_id).toBe(typeId);
    const listed = await t.operator('GET', '/event-types', { token, query: { q: 'gift' } });
    expect(listed.body.data.event_types.map((type: any) => type.event_type_id)).toEqual([typeId]);

    const changed = await t.operator('PUT', '/event-types/gift_wrap', {
      token,
      body: { text_id: 'gift_wrap', name: 'Gift wrapping', event_group_text_id: 'purchases' },
    });
    expect(changed.status).toBe(200);
    const enterprise = await t.enterpriseToken();
    expect((await t.enterprise('GET', `/event-types/${typeId}`, { token: enterprise })).body.data).toMatchObject({
      name: 'Gift wrapping',
      event_group_text_id: 'purchases',
    });

    expect((await t.operator('POST', '/event-types/gift_wrap/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/event-types', { token, query: { state: '1', q: 'gift' } })).body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/event-types/${typeId}/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'event_type', target_id: typeId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /event-types/{event_type_key}/actions/activate',
      'POST /event-types/{event_type_key}/actions/deactivate',
      'PUT /event-types/{event_type_key}',
      'POST /event-types',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ name: 'Gift wrap', event_group_text_id: 'vouchers' });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ name: 'Gift wrapping', event_group_text_id: 'purchases' });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const unknown = await t.operator('POST', '/event-types', {
      token,
      body: { text_id: 'nowhere_visit', name: 'X', event_group_id: 'nowhere' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'event_group_id', reason: 'not_found' });
    const code = await t.operator('POST', '/event-types/purchase/actions/deactivate', { token });
    expect(code.status).toBe(400);
    expect(code.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'event_type_id', reason: 'not_allowed_value' });
    expect((await t.operator('GET', '/event-types/purchase', { token })).body.data.state).toBe(1);
    const shown = (await t.operator('GET', '/event-types/purchase', { token })).body.data;
    const renamed = await t.operator('PUT', '/event-types/purchase', {
      token,
      body: { text_id: 'purchase_renamed', name: shown.name, event_group_id: shown.event_group_id },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id', reason: 'not_allowed_value' });
    expect((await t.operator('GET', '/event-types/nowhere_visit', { token })).status).toBe(404);
  });
});
