import { TestApp, TestCustomer } from '../support/test-app';

/** A hint's whole lifecycle through the operator API, its assignments, and their audit rows. */
describe('Operator API: hints', () => {
  let t: TestApp;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    [jane, max] = [await t.createCustomer(), await t.createCustomer()];
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates a hint, auditing each write', async () => {
    const created = await t.operator('POST', '/hints', {
      token,
      body: { name: 'Winter menu', brief_description: 'Hot drinks', web_url: 'https://shop.example.com/winter' },
    });
    expect(created.status).toBe(201);
    const hintId = created.body.data.recommendation_id as string;
    expect(created.body.data).toMatchObject({ name: 'Winter menu', picture_urls: [], state: 1, customers: 0 });

    expect((await t.operator('GET', `/hints/${hintId}`, { token })).body.data.name).toBe('Winter menu');
    const listed = await t.operator('GET', '/hints', { token, query: { q: 'winter' } });
    expect(listed.body.data.hints.map((hint: any) => hint.recommendation_id)).toEqual([hintId]);

    const changed = await t.operator('PUT', `/hints/${hintId}`, { token, body: { name: 'Winter menu 2026', state: 2 } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).not.toHaveProperty('brief_description');
    const enterprise = await t.enterpriseToken();
    const contract = (await t.enterprise('GET', `/recommendations/${hintId}`, { token: enterprise })).body.data;
    expect(contract).toMatchObject({ name: 'Winter menu 2026', state: 2 });
    expect(contract.brief_description ?? null).toBeNull();

    expect((await t.operator('POST', `/hints/${hintId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/hints', { token, query: { state: '1', q: 'winter' } })).body.data.total_items).toBe(0);
    expect((await t.operator('GET', '/hints', { token, query: { state: '0', q: 'winter' } })).body.data.total_items).toBe(1);
    expect((await t.operator('POST', `/hints/${hintId}/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'hint', target_id: hintId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /hints/{hint_id}/actions/activate',
      'POST /hints/{hint_id}/actions/deactivate',
      'PUT /hints/{hint_id}',
      'POST /hints',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ name: 'Winter menu', brief_description: 'Hot drinks' });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ name: 'Winter menu 2026', state: 2 });
  });

  it('assigns a hint to customers and takes it back, auditing ids and counts only', async () => {
    const hintId = (await t.operator('POST', '/hints', { token, body: { name: 'Assigned' } })).body.data.recommendation_id as string;
    const assigned = await t.operator('POST', `/hints/${hintId}/actions/assign`, {
      token,
      body: { customer_ids: [jane.customerId, max.customerId, jane.customerId] },
    });
    expect(assigned.body.data).toEqual({ assigned: 2, already_assigned: 0 });
    expect((await t.operator('GET', `/hints/${hintId}`, { token })).body.data.customers).toBe(2);

    const unassigned = await t.operator('POST', `/hints/${hintId}/actions/unassign`, {
      token,
      body: { customer_ids: [max.customerId, 'nobody'] },
    });
    expect(unassigned.body.data).toEqual({ unassigned: 1, not_assigned: ['nobody'] });

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'hint', target_id: hintId } });
    const [unassign, assign] = trail.body.data.audit_events;
    expect(assign).toMatchObject({
      operation: 'POST /hints/{hint_id}/actions/assign',
      after: { customer_ids: [jane.customerId, max.customerId], assigned: 2, already_assigned: 0 },
    });
    expect(unassign.after).toEqual({ customer_ids: [max.customerId, 'nobody'], unassigned: 1, not_assigned: ['nobody'] });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const hintId = (await t.operator('POST', '/hints', { token, body: { name: 'Strict' } })).body.data.recommendation_id as string;
    const badUrl = await t.operator('PUT', `/hints/${hintId}`, { token, body: { name: 'Strict', web_url: 'example.test' } });
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.error.error_data.invalid_params[0].name).toBe('web_url');

    const unknown = await t.operator('POST', `/hints/${hintId}/actions/assign`, {
      token,
      body: { customer_ids: [jane.customerId, 'nobody'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.error_data.invalid_params).toEqual([expect.objectContaining({ name: 'customer_id', reason: 'not_found' })]);

    await t.operator('POST', `/hints/${hintId}/actions/deactivate`, { token });
    const deactivated = await t.operator('POST', `/hints/${hintId}/actions/assign`, { token, body: { customer_ids: [jane.customerId] } });
    expect(deactivated.status).toBe(400);
    expect(deactivated.body.error.error_data.invalid_params[0].name).toBe('recommendation_id');

    expect((await t.operator('GET', `/hints/${hintId}`, { token })).body.data).toMatchObject({ name: 'Strict', customers: 0 });
    const rows = await t.dataSource.query(`SELECT operation FROM audit_events WHERE target_type = 'hint' AND target_id = $1`, [hintId]);
    expect(rows.map((row: { operation: string }) => row.operation).sort()).toEqual([
      'POST /hints',
      'POST /hints/{hint_id}/actions/deactivate',
    ]);
    expect((await t.operator('GET', '/hints/no-such-hint', { token })).status).toBe(404);
  });
});
