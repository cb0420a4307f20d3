import { TestApp } from '../support/test-app';

/** An event property's whole lifecycle through the operator API, with its audit rows. */
describe('Operator API: event properties', () => {
  let t: TestApp;
  let token: string;

  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates a property, auditing each write', async () => {
    const body = {
      property_id: 'visit_channel',
      name: 'Visit channel',
      description: 'Where the visit came from',
      data_type: 'enum',
      items: [
        { id: 'app', name: 'App' },
        { id: 'web', name: 'Web' },
      ],
    };
    const created = await t.operator('POST', '/event-properties', { token, body });
    expect(created.status).toBe(201);
    expect(created.body.data).toEqual({
      ...body,
      is_required: false,
      is_unique: false,
      state: 1,
      event_types: [],
      last_change: expect.any(String),
    });

    expect((await t.operator('GET', '/event-properties/visit_channel', { token })).body.data.name).toBe('Visit channel');
    expect((await t.operator('GET', '/event-properties/nothing', { token })).status).toBe(404);
    const listed = await t.operator('GET', '/event-properties', { token, query: { q: 'visit' } });
    expect(listed.body.data.event_properties.map((property: any) => property.property_id)).toEqual(['visit_channel']);

    const changed = await t.operator('PUT', '/event-properties/visit_channel', {
      token,
      body: { ...body, name: 'Channel', is_required: true, items: [{ id: 'web', name: 'Website' }] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Channel', is_required: true, items: [{ id: 'web', name: 'Website' }] });
    const enterprise = await t.enterpriseToken();
    expect((await t.enterprise('GET', '/event-properties/visit_channel', { token: enterprise })).body.data).toMatchObject({
      name: 'Channel',
      is_required: true,
      items: [
        { id: 'app', name: 'App', state: 0 },
        { id: 'web', name: 'Website', state: 1 },
      ],
      state: 1,
    });

    expect((await t.operator('POST', '/event-properties/visit_channel/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/event-properties', { token, query: { state: '1', q: 'visit' } })).body.data.total_items).toBe(0);
    expect((await t.operator('GET', '/event-properties', { token, query: { state: '0', q: 'visit' } })).body.data.total_items).toBe(1);
    expect((await t.enterprise('GET', '/event-properties/visit_channel', { token: enterprise })).body.data.state).toBe(0);
    const refusedType = await t.operator('POST', '/event-types', {
      token,
      body: { text_id: 'shop_visit', name: 'Shop visit', event_group_id: 'vouchers', event_property_ids: ['visit_channel'] },
    });
    expect(refusedType.status).toBe(400);
    expect(refusedType.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'event_property_ids.0' });
    expect((await t.operator('POST', '/event-properties/visit_channel/actions/activate', { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', {
      token: owner,
      query: { target_type: 'event_property', target_id: 'visit_channel' },
    });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /event-properties/{property_id}/actions/activate',
      'POST /event-properties/{property_id}/actions/deactivate',
      'PUT /event-properties/{property_id}',
      'POST /event-properties',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ name: 'Visit channel', is_required: false });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ name: 'Channel', is_required: true });
    expect(trail.body.data.audit_events[1].after).toMatchObject({ state: 0 });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const before = [await count('event_properties'), await count('event_property_items')];
    const unknownType = await t.operator('POST', '/event-properties', {
      token,
      body: { property_id: 'p', name: 'P', data_type: 'colour' },
    });
    expect(unknownType.status).toBe(400);
    expect(unknownType.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'data_type', reason: 'not_allowed_value' });
    const clash = await t.operator('POST', '/event-properties', {
      token,
      body: { property_id: 'visit_channel', name: 'X', data_type: 'string' },
    });
    expect(clash.status).toBe(400);
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'property_id', reason: 'already_exists' });
    const renamed = await t.operator('PUT', '/event-properties/visit_channel', {
      token,
      body: { property_id: 'channel', name: 'X', data_type: 'string' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'property_id', reason: 'not_allowed_value' });
    expect([await count('event_properties'), await count('event_property_items')]).toEqual(before);
    expect((await t.operator('GET', '/event-properties/visit_channel', { token })).body.data.name).toBe('Channel');
  });
});
