import { TestApp, TestResponse } from '../support/test-app';

/** The lifecycle of stores, store groups and partners through the operator API, with their audit rows. */
describe('Operator API: stores, store groups and partners', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let enterprise: string;

  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const trail = async (targetType: string, targetId: string) =>
    (await t.operator('GET', '/audit-events', { token: owner, query: { target_type: targetType, target_id: targetId } })).body.data
      .audit_events;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    enterprise = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates a partner, auditing each write', async () => {
    const created = await t.operator('POST', '/partners', {
      token,
      body: { name: 'Coffee Roasters', address: { city: 'Brno', country_code: 'CZ' }, vat_id: 'CZ27082440' },
    });
    expect(created.status).toBe(201);
    const partnerId = created.body.data.partner_id as string;
    expect(created.body.data).toMatchObject({ name: 'Coffee Roasters', address: { city: 'Brno', country_code: 'cz' }, state: 1 });

    expect((await t.operator('GET', `/partners/${partnerId}`, { token })).body.data.vat_id).toBe('CZ27082440');
    const listed = await t.operator('GET', '/partners', { token, query: { q: 'roast' } });
    expect(listed.body.data.partners.map((partner: any) => partner.partner_id)).toEqual([partnerId]);

    const changed = await t.operator('PUT', `/partners/${partnerId}`, { token, body: { name: 'Roasters & Co.' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.name).toBe('Roasters & Co.');
    // What the change leaves out is cleared (and the answer leaves nulls out).
    expect(changed.body.data).not.toHaveProperty('vat_id');
    expect(changed.body.data).not.toHaveProperty('address');
    expect((await t.enterprise('GET', `/partners/${partnerId}`, { token: enterprise })).body.data.name).toBe('Roasters & Co.');

    expect((await t.operator('POST', `/partners/${partnerId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/partners', { token, query: { q: 'roasters', state: '1' } })).body.data.total_items).toBe(0);
    expect((await t.enterprise('GET', `/partners/${partnerId}`, { token: enterprise })).body.data.state).toBe(0);
    // A deactivated partner takes no new store.
    const refused = await t.operator('POST', '/stores', {
      token,
      body: { store_code: 'R-1', name: 'R', partner_id: partnerId, system_id: 'pos' },
    });
    expect(refused.status).toBe(400);
    expect(invalidParam(refused)).toMatchObject({ name: 'partner_id', reason: 'not_allowed_value' });
    expect((await t.operator('POST', `/partners/${partnerId}/actions/activate`, { token })).body.data.state).toBe(1);

    const events = await trail('partner', partnerId);
    expect(events.map((event: any) => event.operation)).toEqual([
      'POST /partners/{partner_id}/actions/activate',
      'POST /partners/{partner_id}/actions/deactivate',
      'PUT /partners/{partner_id}',
      'POST /partners',
    ]);
    expect(events[2].before.name).toBe('Coffee Roasters');
    expect(events[2].after.name).toBe('Roasters & Co.');
  });

  it('creates, lists, shows, changes, deactivates and activates a store group and a store with its groups', async () => {
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners WHERE name = 'Default partner'`))[0].partner_id;
    const group = await t.operator('POST', '/store-groups', { token, body: { name: 'Coffee shops' } });
    expect(group.status).toBe(201);
    const groupId = group.body.data.store_group_id as string;
    expect((await t.operator('GET', '/store-groups', { token, query: { q: 'coffee' } })).body.data.store_groups).toHaveLength(1);
    const renamed = await t.operator('PUT', `/store-groups/${groupId}`, { token, body: { name: 'Cafés' } });
    expect(renamed.body.data.name).toBe('Cafés');
    expect((await t.enterprise('GET', `/store-groups/${groupId}`, { token: enterprise })).body.data.name).toBe('Cafés');

    const created = await t.operator('POST', '/stores', {
      token,
      body: {
        store_code: 'BRN-01',
        name: 'Brno Centre',
        partner_id: partnerId,
        system_id: 'pos-brno',
        store_address: { city: 'Brno' },
        store_group_ids: [groupId],
      },
    });
    expect(created.status).toBe(201);
    const storeId = created.body.data.store_id as string;
    expect(created.body.data).toMatchObject({
      store_code: 'BRN-01',
      store_group_ids: [groupId],
      state: 1,
      store_address: { city: 'Brno' },
    });

    const byCode = await t.operator('GET', '/stores/BRN-01', { token });
    expect(byCode.body.data.store_id).toBe(storeId);
    expect((await t.operator('GET', '/stores', { token, query: { q: 'brno' } })).body.data.stores.map((s: any) => s.store_id)).toEqual([
      storeId,
    ]);

    // What `show` prints, less the id, state and last change, goes back into `change`.
    const { store_id: _id, state: _state, last_change: _lastChange, ...file } = byCode.body.data;
    const changed = await t.operator('PUT', '/stores/BRN-01', { token, body: { ...file, name: 'Brno Main', store_group_ids: [] } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Brno Main', store_group_ids: [] });
    expect((await t.enterprise('GET', `/stores/${storeId}`, { token: enterprise })).body.data.name).toBe('Brno Main');
    expect((await t.enterprise('GET', `/stores/${storeId}/store-group-records`, { token: enterprise })).body.data.total_items).toBe(0);

    expect((await t.operator('POST', `/store-groups/${groupId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    const joinDeactivated = await t.operator('PUT', `/stores/${storeId}`, {
      token,
      body: { ...file, store_group_ids: [groupId] },
    });
    expect(joinDeactivated.status).toBe(400);
    expect(invalidParam(joinDeactivated)).toMatchObject({ name: 'store_group_ids', reason: 'not_allowed_value' });
    expect((await t.operator('POST', `/store-groups/${groupId}/actions/activate`, { token })).body.data.state).toBe(1);

    expect((await t.operator('POST', '/stores/BRN-01/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/stores', { token, query: { q: 'brno', state: '1' } })).body.data.total_items).toBe(0);
    expect((await t.enterprise('GET', `/stores/${storeId}`, { token: enterprise })).body.data.state).toBe(0);
    expect((await t.operator('POST', '/stores/BRN-01/actions/activate', { token })).body.data.state).toBe(1);

    const events = await trail('store', storeId);
    expect(events.map((event: any) => event.operation)).toEqual([
      'POST /stores/{store_key}/actions/activate',
      'POST /stores/{store_key}/actions/deactivate',
      'PUT /stores/{store_key}',
      'POST /stores',
    ]);
    expect(events[2].before).toMatchObject({ name: 'Brno Centre', store_group_ids: [groupId] });
    expect(events[2].after).toMatchObject({ name: 'Brno Main', store_group_ids: [] });
    expect((await trail('store_group', groupId)).map((event: any) => event.operation)).toEqual([
      'POST /store-groups/{store_group_id}/actions/activate',
      'POST /store-groups/{store_group_id}/actions/deactivate',
      'PUT /store-groups/{store_group_id}',
      'POST /store-groups',
    ]);
  });

  it('names the field in a refusal and changes nothing', async () => {
    const partnerId = (await t.dataSource.query(`SELECT partner_id FROM partners WHERE name = 'Default partner'`))[0].partner_id;
    const body = { store_code: 'DUP-01', name: 'Dup', partner_id: partnerId, system_id: 'pos' };
    expect((await t.operator('POST', '/stores', { token, body })).status).toBe(201);
    const clash = await t.operator('POST', '/stores', { token, body: { ...body, name: 'Again' } });
    expect(clash.status).toBe(400);
    expect(invalidParam(clash)).toMatchObject({ name: 'store_code', reason: 'already_exists' });
    const noGroup = await t.operator('POST', '/stores', { token, body: { ...body, store_code: 'NEW-01', store_group_ids: ['nope'] } });
    expect(invalidParam(noGroup)).toMatchObject({ name: 'store_group_ids', reason: 'not_found' });
    expect((await t.operator('GET', '/stores/NEW-01', { token })).status).toBe(404);
    const noCountry = await t.operator('POST', '/partners', { token, body: { name: 'Nowhere', address: { country_code: 'xx' } } });
    expect(invalidParam(noCountry)).toMatchObject({ name: 'address.country_code', reason: 'not_found' });
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE (target_type = 'store' AND after->>'store_code' = 'NEW-01')
          OR (target_type = 'partner' AND after->>'name' = 'Nowhere')`,
    );
    expect(rows[0].n).toBe(0);
  });
});
