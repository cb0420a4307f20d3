import { TestApp } from '../support/test-app';

/** External applications and their permissions through the operator API: the integrator's, audited. */
describe('Operator API: external applications and their permissions', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['integrator'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates an application, auditing each write', async () => {
    const created = await t.operator('POST', '/applications', { token, body: { name: 'Shop app', text_id: 'shop_app' } });
    expect(created.status).toBe(201);
    const id = created.body.data.external_application_id as string;
    expect(created.body.data).toMatchObject({ name: 'Shop app', text_id: 'shop_app', interface: 'customer', state: 1 });

    expect((await t.operator('GET', '/applications/shop_app', { token })).body.data.external_application_id).toBe(id);
    const listed = await t.operator('GET', '/applications', { token, query: { q: 'shop' } });
    expect(listed.body.data.applications.map((application: any) => application.external_application_id)).toEqual([id]);

    const changed = await t.operator('PUT', '/applications/shop_app', { token, body: { name: 'Club app', text_id: 'club_app' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Club app', text_id: 'club_app', interface: 'customer' });
    // The contract's own read sees the change.
    expect((await t.customer('GET', `/customer-external-applications/${id}`)).body.data).toMatchObject({ name: 'Club app' });

    const device = await t.deviceToken(undefined, id);
    expect((await t.operator('POST', `/applications/${id}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.customer('GET', '/stores', { token: device })).status).toBe(401);
    expect((await t.operator('GET', '/applications', { token, query: { state: '1', q: 'club' } })).body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/applications/club_app/actions/activate`, { token })).body.data.state).toBe(1);
    expect((await t.customer('GET', '/stores', { token: device })).status).toBe(200);

    const trail = await t.operator('GET', '/audit-events', {
      token: (await t.operatorToken(['owner'])).token,
      query: { target_type: 'external_application', target_id: id },
    });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /applications/{application_key}/actions/activate',
      'POST /applications/{application_key}/actions/deactivate',
      'PUT /applications/{application_key}',
      'POST /applications',
    ]);
    expect(trail.body.data.audit_events[2].before.name).toBe('Shop app');
  });

  it('grants and revokes operations, effective on the next request and audited', async () => {
    const id = (await t.operator('POST', '/applications', { token, body: { name: 'Kiosk', text_id: 'kiosk' } })).body.data
      .external_application_id as string;
    const device = await t.deviceToken(undefined, id);
    const countries = () => t.customer('GET', '/countries', { token: device });
    expect((await countries()).status).toBe(200);

    const before = await t.operator('GET', '/applications/kiosk/permissions', { token });
    expect(before.body.data).toMatchObject({ external_application_id: id, interface: 'customer', granted: [], revoked: [] });
    expect(before.body.data.permitted).toContain('GET /countries');

    const changed = await t.operator('POST', '/applications/kiosk/permissions', {
      token,
      body: { grant: ['POST /card-types'], revoke: ['GET /countries'] },
    });
    expect(changed.status).toBe(201);
    expect(changed.body.data).toMatchObject({ granted: ['POST /card-types'], revoked: ['GET /countries'] });
    expect((await countries()).status).toBe(403);

    const refused = await t.operator('POST', '/applications/kiosk/permissions', { token, body: { grant: ['everything'] } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'grant', reason: 'not_found' });
    expect((await t.operator('GET', '/applications/kiosk/permissions', { token })).body.data.granted).toEqual(['POST /card-types']);

    const trail = await t.operator('GET', '/audit-events', {
      token: (await t.operatorToken(['owner'])).token,
      query: { target_type: 'external_application', target_id: id },
    });
    const [event] = trail.body.data.audit_events;
    expect(event).toMatchObject({
      operation: 'POST /applications/{application_key}/permissions',
      before: { revoked: [] },
      after: { granted: ['POST /card-types'], revoked: ['GET /countries'] },
    });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const count = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM external_applications`))[0].n;
    await t.operator('POST', '/applications', { token, body: { name: 'ERP', text_id: 'erp', interface: 'enterprise' } });
    const before = await count();
    const taken = await t.operator('POST', '/applications', { token, body: { name: 'Another', text_id: 'erp' } });
    expect(taken.status).toBe(400);
    expect(taken.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    const moved = await t.operator('PUT', '/applications/erp', { token, body: { name: 'ERP', interface: 'customer' } });
    expect(moved.status).toBe(400);
    expect(moved.body.error.error_data.invalid_params[0].name).toBe('interface');
    expect(await count()).toBe(before);
    expect((await t.operator('GET', '/applications/erp', { token })).body.data.interface).toBe('enterprise');
    expect((await t.operator('GET', '/applications/no-such-app', { token })).status).toBe(404);
    const manager = (await t.operatorToken(['programme_manager'])).token;
    expect((await t.operator('GET', '/applications', { token: manager })).status).toBe(403);
  });
});
