import { TestApp } from '../support/test-app';

/** A campaign's whole lifecycle through the operator API, with its audit rows. */
describe('Operator API: campaigns', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates a campaign, auditing each write', async () => {
    const created = await t.operator('POST', '/campaigns', { token, body: { name: 'Spring sale', external_id: 'SPRING-26' } });
    expect(created.status).toBe(201);
    const campaignId = created.body.data.campaign_id as string;
    expect(created.body.data).toMatchObject({ name: 'Spring sale', external_id: 'SPRING-26', state: 1 });

    expect((await t.operator('GET', `/campaigns/${campaignId}`, { token })).body.data.name).toBe('Spring sale');
    const listed = await t.operator('GET', '/campaigns', { token, query: { q: 'spring-26' } });
    expect(listed.body.data.campaigns.map((campaign: any) => campaign.campaign_id)).toEqual([campaignId]);

    const changed = await t.operator('PUT', `/campaigns/${campaignId}`, { token, body: { name: 'Spring sale 2026', state: 2 } });
    expect(changed.status).toBe(200);
    const enterprise = await t.enterpriseToken();
    const contract = (await t.enterprise('GET', `/campaigns/${campaignId}`, { token: enterprise })).body.data;
    expect(contract).toMatchObject({ name: 'Spring sale 2026', state: 2 });
    expect(contract.external_id ?? null).toBeNull();

    expect((await t.operator('POST', `/campaigns/${campaignId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.enterprise('GET', `/campaigns/${campaignId}`, { token: enterprise })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/campaigns', { token, query: { state: '1', q: 'spring' } })).body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/campaigns/${campaignId}/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'campaign', target_id: campaignId } });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /campaigns/{campaign_id}/actions/activate',
      'POST /campaigns/{campaign_id}/actions/deactivate',
      'PUT /campaigns/{campaign_id}',
      'POST /campaigns',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ name: 'Spring sale', external_id: 'SPRING-26' });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ name: 'Spring sale 2026', state: 2 });
  });

  it('addresses an active audience by its id, and refuses an unknown or deactivated one naming audience_id', async () => {
    const audienceId = (await t.operator('POST', '/audiences', { token, body: { name: 'Readers', communication_channel_id: 'email' } }))
      .body.data.audience_id as string;
    const created = await t.operator('POST', '/campaigns', { token, body: { name: 'Autumn mailing', audience_id: audienceId } });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Autumn mailing', audience_id: audienceId });
    const campaignId = created.body.data.campaign_id as string;
    const cleared = await t.operator('PUT', `/campaigns/${campaignId}`, { token, body: { name: 'Autumn mailing' } });
    expect(cleared.body.data.audience_id).toBeUndefined();

    const unknown = await t.operator('POST', '/campaigns', { token, body: { name: 'Nobody', audience_id: 'no-such-audience' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'audience_id', reason: 'not_found' });
    await t.operator('POST', `/audiences/${audienceId}/actions/deactivate`, { token });
    const retired = await t.operator('PUT', `/campaigns/${campaignId}`, {
      token,
      body: { name: 'Autumn mailing', audience_id: audienceId },
    });
    expect(retired.status).toBe(400);
    expect(retired.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'audience_id', reason: 'not_allowed_value' });
  });

  it('names the field in a refusal and changes nothing: a deactivated or looping parent', async () => {
    const parentId = (await t.operator('POST', '/campaigns', { token, body: { name: 'Parent' } })).body.data.campaign_id as string;
    const childId = (await t.operator('POST', '/campaigns', { token, body: { name: 'Child', parent_id: parentId } })).body.data
      .campaign_id as string;
    const loop = await t.operator('PUT', `/campaigns/${parentId}`, { token, body: { name: 'Parent', parent_id: childId } });
    expect(loop.status).toBe(400);
    expect(loop.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'parent_id', reason: 'not_allowed_value' });

    await t.operator('POST', `/campaigns/${parentId}/actions/deactivate`, { token });
    const refused = await t.operator('POST', '/campaigns', { token, body: { name: 'Orphan', parent_id: parentId } });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'parent_id', reason: 'deleted' });
    expect((await t.operator('GET', '/campaigns', { token, query: { q: 'orphan' } })).body.data.total_items).toBe(0);
    const rows = await t.dataSource.query(`SELECT operation FROM audit_events WHERE target_type = 'campaign' AND target_id = $1`, [
      parentId,
    ]);
    expect(rows.map((row: { operation: string }) => row.operation).sort()).toEqual([
      'POST /campaigns',
      'POST /campaigns/{campaign_id}/actions/deactivate',
    ]);
  });
});
