import { TestApp, TestResponse } from '../support/test-app';

/** Setups of the web tracking script through the operator API, with their audit rows. */
describe('Operator API: engagement setups', () => {
  let t: TestApp;
  let token: string;
  let owner: string;

  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);
  const contract = async (id: string) => (await t.customer('GET', `/customer-engagement-setups/${id}`)).body.data;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates a setup, auditing each write', async () => {
    const created = await t.operator('POST', '/engagement-setups', {
      token,
      body: { setup: { site: 'shop.example', events: ['page_view'] } },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.setup_id as string;
    expect(created.body.data).toEqual({
      setup_id: id,
      setup: '{"site":"shop.example","events":["page_view"]}',
      state: 1,
      last_change: expect.any(String),
    });
    expect((await t.operator('GET', `/engagement-setups/${id}`, { token })).body.data).toEqual(created.body.data);
    expect((await t.operator('GET', '/engagement-setups', { token, query: { q: 'shop.example' } })).body.data).toEqual({
      engagement_setups: [created.body.data],
      total_items: 1,
    });

    const changed = await t.operator('PUT', `/engagement-setups/${id}`, { token, body: { setup: '{"site": "new.example"}', state: 2 } });
    expect(changed.status).toBe(200);
    expect(await contract(id)).toEqual({ setup_id: id, setup: '{"site": "new.example"}', state: 2 });

    const deactivated = await t.operator('POST', `/engagement-setups/${id}/actions/deactivate`, { token });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data.state).toBe(0);
    // The contract keeps listing a removed setup, so a script holding its id learns it is gone.
    expect(await contract(id)).toMatchObject({ state: 0 });
    const contractList = await t.customer('GET', '/customer-engagement-setups');
    expect(contractList.body.data.customer_engagement_setups).toContainEqual({ setup_id: id, setup: '{"site": "new.example"}', state: 0 });
    // A change leaves it deactivated; activating makes it active.
    expect((await t.operator('PUT', `/engagement-setups/${id}`, { token, body: { setup: [] } })).body.data).toMatchObject({
      setup: '[]',
      state: 0,
    });
    expect((await t.operator('POST', `/engagement-setups/${id}/actions/activate`, { token })).body.data.state).toBe(1);
    expect(await contract(id)).toEqual({ setup_id: id, setup: '[]', state: 1 });

    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'engagement_setup', target_id: id } });
    const events = trail.body.data.audit_events;
    expect(events.map((event: any) => event.operation)).toEqual([
      'POST /engagement-setups/{setup_id}/actions/activate',
      'PUT /engagement-setups/{setup_id}',
      'POST /engagement-setups/{setup_id}/actions/deactivate',
      'PUT /engagement-setups/{setup_id}',
      'POST /engagement-setups',
    ]);
    expect(events[3].before).toMatchObject({ state: 1 });
    expect(events[3].after).toMatchObject({ setup: '{"site": "new.example"}', state: 2 });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const before = [await count('customer_engagement_setups'), await count('audit_events')];
    for (const setup of ['not json', '42', 7, null]) {
      const refused = await t.operator('POST', '/engagement-setups', { token, body: { setup } });
      expect(refused.status).toBe(400);
      expect(invalidParam(refused)).toMatchObject({ name: 'setup' });
    }
    const removedState = await t.operator('POST', '/engagement-setups', { token, body: { setup: {}, state: 0 } });
    expect(invalidParam(removedState)).toMatchObject({ name: 'state' });
    const withId = await t.operator('POST', '/engagement-setups', { token, body: { setup: {}, setup_id: 'mine' } });
    expect(invalidParam(withId)).toMatchObject({ name: 'setup_id' });
    expect((await t.operator('PUT', '/engagement-setups/nothing', { token, body: { setup: {} } })).status).toBe(404);
    expect([await count('customer_engagement_setups'), await count('audit_events')]).toEqual(before);
  });
});
