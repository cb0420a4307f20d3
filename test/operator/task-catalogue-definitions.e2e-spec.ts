import { TestApp } from '../support/test-app';

/** A definition's whole lifecycle through the operator API, with its audit rows: task types and task states. */
describe('Operator API: task types and task states', () => {
  let t: TestApp;
  let token: string;
  let enterpriseToken: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    enterpriseToken = await t.enterpriseToken();
  });
  afterAll(() => t.close());

  it('creates, lists, shows by id or text id, changes, deactivates and activates a task type, auditing each write', async () => {
    const created = await t.operator('POST', '/task-types', { token, body: { text_id: 'callback', name: 'Call back' } });
    expect(created.status).toBe(201);
    const typeId = created.body.data.task_type_id as string;
    expect(created.body.data).toMatchObject({ text_id: 'callback', name: 'Call back', state: 1 });

    expect((await t.operator('GET', '/task-types/callback', { token })).body.data.task_type_id).toBe(typeId);
    expect((await t.operator('GET', `/task-types/${typeId}`, { token })).body.data.text_id).toBe('callback');
    const listed = await t.operator('GET', '/task-types', { token, query: { q: 'call' } });
    expect(listed.body.data.task_types.map((type: any) => type.task_type_id)).toEqual([typeId]);

    const changed = await t.operator('PUT', '/task-types/callback', {
      token,
      body: { text_id: 'callback', name: 'Call the customer back', state: 2 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ name: 'Call the customer back', state: 2 });
    expect((await t.operator('GET', '/task-types', { token, query: { state: '2', q: 'callback' } })).body.data.total_items).toBe(1);
    // The contract's own read sees the operator's change at once.
    const contract = await t.enterprise('GET', `/task-types/${typeId}`, { token: enterpriseToken });
    expect(contract.body.data).toEqual({ task_type_id: typeId, text_id: 'callback', name: 'Call the customer back', state: 2 });

    expect((await t.operator('POST', `/task-types/${typeId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/task-types', { token, query: { state: '1', q: 'callback' } })).body.data.total_items).toBe(0);
    expect((await t.operator('GET', '/task-types', { token, query: { state: '0', q: 'callback' } })).body.data.total_items).toBe(1);
    // A change leaves a deactivated type deactivated.
    await t.operator('PUT', `/task-types/${typeId}`, { token, body: { text_id: 'callback', name: 'Call the customer back' } });
    expect((await t.operator('GET', `/task-types/${typeId}`, { token })).body.data.state).toBe(0);
    expect((await t.operator('POST', `/task-types/${typeId}/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'task_type', target_id: typeId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /task-types/{task_type_key}/actions/activate',
      'PUT /task-types/{task_type_key}',
      'POST /task-types/{task_type_key}/actions/deactivate',
      'PUT /task-types/{task_type_key}',
      'POST /task-types',
    ]);
    expect(trail.body.data.audit_events[3].before).toMatchObject({ name: 'Call back', state: 1 });
    expect(trail.body.data.audit_events[3].after).toMatchObject({ name: 'Call the customer back', state: 2 });
  });

  it('does the same for a task state, with whether it is final', async () => {
    const created = await t.operator('POST', '/task-states', { token, body: { text_id: 'on_hold', name: 'On hold' } });
    expect(created.status).toBe(201);
    const stateId = created.body.data.task_state_id as string;
    expect(created.body.data).toMatchObject({ text_id: 'on_hold', is_final: false, state: 1 });
    const changed = await t.operator('PUT', '/task-states/on_hold', { token, body: { text_id: 'closed', name: 'Closed', is_final: true } });
    expect(changed.body.data).toMatchObject({ task_state_id: stateId, text_id: 'closed', is_final: true });
    expect((await t.operator('GET', '/task-states/closed', { token })).body.data.task_state_id).toBe(stateId);
    const contract = await t.enterprise('GET', `/task-states/${stateId}`, { token: enterpriseToken });
    expect(contract.body.data).toMatchObject({ text_id: 'closed', name: 'Closed' });
    expect((await t.operator('POST', '/task-states/closed/actions/deactivate', { token })).body.data.state).toBe(0);
    expect((await t.operator('POST', '/task-states/closed/actions/activate', { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'task_state', target_id: stateId } });
    expect(trail.body.data.audit_events).toHaveLength(4);
    expect(trail.body.data.audit_events[2]).toMatchObject({
      operation: 'PUT /task-states/{task_state_key}',
      before: { text_id: 'on_hold', is_final: false },
      after: { text_id: 'closed', is_final: true },
    });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const clash = await t.operator('POST', '/task-types', { token, body: { text_id: 'complaint', name: 'Again' } });
    expect(clash.status).toBe(400);
    expect(clash.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    const badId = await t.operator('POST', '/task-states', { token, body: { text_id: 'Has Spaces', name: 'x' } });
    expect(badId.status).toBe(400);
    expect(badId.body.error.error_data.invalid_params[0].name).toBe('text_id');
    const badState = await t.operator('POST', '/task-types', { token, body: { text_id: 'other', name: 'Other', state: 0 } });
    expect(badState.status).toBe(400);
    expect(badState.body.error.error_data.invalid_params[0].name).toBe('state');
    expect((await t.operator('GET', '/task-types/other', { token })).status).toBe(404);
    const complaint = await t.operator('GET', '/task-types/complaint', { token });
    expect(complaint.body.data.name).not.toBe('Again');
    const rows = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE target_type IN ('task_type', 'task_state') AND after->>'text_id' IN ('other', 'Has Spaces')`,
    );
    expect(rows[0].n).toBe(0);
  });
});
