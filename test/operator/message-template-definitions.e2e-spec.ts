import { TestApp } from '../support/test-app';

/** A message template's whole lifecycle through the operator API, with its audit rows. */
describe('Operator API: message templates', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['programme_manager'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, deactivates and activates a template, auditing each write', async () => {
    const created = await t.operator('POST', '/message-templates', {
      token,
      body: { name: 'Spring news', communication_channel_id: 'email', message_template_group_id: 1, subject: 'Spring is here' },
    });
    expect(created.status).toBe(201);
    const templateId = created.body.data.message_template_id as string;
    expect(created.body.data).toMatchObject({ communication_channel_id: 1, subject: 'Spring is here', template_data: [], state: 1 });

    expect((await t.operator('GET', `/message-templates/${templateId}`, { token })).body.data.name).toBe('Spring news');
    const listed = await t.operator('GET', '/message-templates', { token, query: { q: 'spring is' } });
    expect(listed.body.data.message_templates.map((template: any) => template.message_template_id)).toEqual([templateId]);

    const changed = await t.operator('PUT', `/message-templates/${templateId}`, {
      token,
      body: { name: 'Spring sale', communication_channel_id: 1, message_template_group_id: 1, subject: 'Sale' },
    });
    expect(changed.status).toBe(200);
    const enterprise = await t.enterpriseToken();
    expect((await t.enterprise('GET', `/message-templates/${templateId}`, { token: enterprise })).body.data).toMatchObject({
      name: 'Spring sale',
      subject: 'Sale',
    });

    expect((await t.operator('POST', `/message-templates/${templateId}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.enterprise('GET', `/message-templates/${templateId}`, { token: enterprise })).status).toBe(404);
    const active = await t.operator('GET', '/message-templates', { token, query: { state: '1', q: 'spring' } });
    expect(active.body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/message-templates/${templateId}/actions/activate`, { token })).body.data.state).toBe(1);

    const owner = (await t.operatorToken(['owner'])).token;
    const trail = await t.operator('GET', '/audit-events', {
      token: owner,
      query: { target_type: 'message_template', target_id: templateId },
    });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /message-templates/{message_template_id}/actions/activate',
      'POST /message-templates/{message_template_id}/actions/deactivate',
      'PUT /message-templates/{message_template_id}',
      'POST /message-templates',
    ]);
    expect(trail.body.data.audit_events[2].before).toMatchObject({ name: 'Spring news', subject: 'Spring is here' });
    expect(trail.body.data.audit_events[2].after).toMatchObject({ name: 'Spring sale', subject: 'Sale' });
  });

  it('hands a purpose over to a new default, and back when the old one is activated again', async () => {
    const [seeded] = await t.dataSource.query(
      `SELECT message_template_id FROM message_templates WHERE purpose = 'password_setup' AND communication_channel_code = 1`,
    );
    const body = { name: 'New setup', communication_channel_id: 1, message_template_group_id: 2, purpose: 'password_setup' };
    const created = await t.operator('POST', '/message-templates', { token, body });
    expect((await t.operator('GET', `/message-templates/${seeded.message_template_id}`, { token })).body.data).not.toHaveProperty(
      'purpose',
    );
    await t.operator('POST', `/message-templates/${created.body.data.message_template_id}/actions/deactivate`, { token });
    const again = await t.operator('POST', `/message-templates/${created.body.data.message_template_id}/actions/activate`, { token });
    expect(again.body.data).toMatchObject({ state: 1, purpose: 'password_setup' });
  });

  it('names the field in a refusal and changes nothing', async () => {
    const body = { name: 'Nowhere', communication_channel_id: 'pigeon', message_template_group_id: 1 };
    const refused = await t.operator('POST', '/message-templates', { token, body });
    expect(refused.status).toBe(400);
    expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'communication_channel_id', reason: 'not_found' });
    const badGroup = await t.operator('POST', '/message-templates', {
      token,
      body: { ...body, communication_channel_id: 1, message_template_group_id: 7 },
    });
    expect(badGroup.body.error.error_data.invalid_params[0].name).toBe('message_template_group_id');
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM message_templates WHERE name = 'Nowhere'`);
    expect(rows[0].n).toBe(0);
    const audited = await t.dataSource.query(
      `SELECT count(*)::int AS n FROM audit_events WHERE target_type = 'message_template' AND after->>'name' = 'Nowhere'`,
    );
    expect(audited[0].n).toBe(0);
  });
});
