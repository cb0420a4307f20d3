import { TestApp, TestResponse } from '../support/test-app';

/** Communication channels and the audiences that name them, through the operator API, with their audit rows. */
describe('Operator API: communication channels and audiences', () => {
  let t: TestApp;
  let token: string;
  let owner: string;
  let enterprise: string;

  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const count = async (table: string): Promise<number> => Number((await t.dataSource.query(`SELECT count(*) FROM ${table}`))[0].count);
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

  it('lists the built-in channels with their codes and shows one by id, text id or code', async () => {
    const listed = await t.operator('GET', '/communication-channels', { token });
    expect(listed.body.data.total_items).toBe(8);
    expect(listed.body.data.communication_channels.slice(0, 5).map((channel: any) => [channel.code, channel.text_id])).toEqual([
      [1, 'email'],
      [2, 'sms'],
      [4, 'mobile_push'],
      [5, 'internal_notification'],
      [9, 'viber'],
    ]);
    const email = listed.body.data.communication_channels[0];
    for (const key of [email.communication_channel_id, 'email', '1'])
      expect((await t.operator('GET', `/communication-channels/${key}`, { token })).body.data).toEqual(email);
    expect((await t.operator('GET', '/communication-channels/nothing', { token })).status).toBe(404);
  });

  it('creates a channel without a code, renames it, retires and restores it, auditing each write', async () => {
    const created = await t.operator('POST', '/communication-channels', { token, body: { text_id: 'telegram', name: 'Telegram' } });
    expect(created.status).toBe(201);
    const id = created.body.data.communication_channel_id as string;
    expect(created.body.data).toEqual({
      communication_channel_id: id,
      text_id: 'telegram',
      name: 'Telegram',
      state: 1,
      last_change: expect.any(String),
    });
    expect((await t.customer('GET', `/communication-channels/${id}`)).body.data).toEqual({
      communication_channel_id: id,
      name: 'Telegram',
      text_id: 'telegram',
    });
    const renamed = await t.operator('PUT', '/communication-channels/telegram', { token, body: { text_id: 'tg', name: 'Telegram chat' } });
    expect(renamed.body.data).toEqual(expect.objectContaining({ text_id: 'tg', name: 'Telegram chat' }));
    expect(renamed.body.data).not.toHaveProperty('code');
    // A template needs a channel messages can travel by.
    const template = await t.operator('POST', '/message-templates', {
      token,
      body: { name: 'Hello', communication_channel_id: 'tg', message_template_group_id: 1, plain_text_body: 'Hello' },
    });
    expect(template.status).toBe(400);
    expect(invalidParam(template)).toMatchObject({ name: 'communication_channel_id' });

    const retired = await t.operator('POST', '/communication-channels/tg/actions/deactivate', { token });
    expect(retired.status).toBe(200);
    expect(retired.body.data.state).toBe(0);
    expect((await t.customer('GET', `/communication-channels/${id}`)).status).toBe(404);
    const contractList = await t.customer('GET', '/communication-channels', { query: { count: '100' } });
    expect(contractList.body.data.communication_channels.map((channel: any) => channel.text_id)).not.toContain('tg');
    const audience = await t.operator('POST', '/audiences', { token, body: { name: 'Chatters', communication_channel_id: 'tg' } });
    expect(invalidParam(audience)).toMatchObject({ name: 'communication_channel_id', reason: 'not_found' });
    const restored = await t.operator('POST', `/communication-channels/${id}/actions/activate`, { token });
    expect(restored.status).toBe(200);
    expect((await t.customer('GET', `/communication-channels/${id}`)).status).toBe(200);

    expect((await trail('communication_channel', id)).map((event: any) => event.operation)).toEqual([
      'POST /communication-channels/{channel_key}/actions/activate',
      'POST /communication-channels/{channel_key}/actions/deactivate',
      'PUT /communication-channels/{channel_key}',
      'POST /communication-channels',
    ]);
  });

  it('keeps the text id and the code of a built-in channel, naming the field, and changes nothing', async () => {
    const before = [await count('communication_channels'), await count('audit_events')];
    const renamed = await t.operator('PUT', '/communication-channels/email', { token, body: { text_id: 'mail', name: 'Mail' } });
    expect(renamed.status).toBe(400);
    expect(invalidParam(renamed)).toMatchObject({ name: 'text_id', reason: 'not_allowed_value' });
    const coded = await t.operator('POST', '/communication-channels', { token, body: { text_id: 'fax', name: 'Fax', code: 3 } });
    expect(invalidParam(coded)).toMatchObject({ name: 'code' });
    const digits = await t.operator('POST', '/communication-channels', { token, body: { text_id: '12', name: 'Twelve' } });
    expect(invalidParam(digits)).toMatchObject({ name: 'text_id' });
    const clash = await t.operator('POST', '/communication-channels', { token, body: { text_id: 'sms', name: 'Texts' } });
    expect(invalidParam(clash)).toMatchObject({ name: 'text_id', reason: 'already_exists' });
    expect([await count('communication_channels'), await count('audit_events')]).toEqual(before);
    // Its name may change.
    expect(
      (await t.operator('PUT', '/communication-channels/1', { token, body: { text_id: 'email', name: 'E-mail message' } })).status,
    ).toBe(200);
    expect((await t.operator('GET', '/communication-channels/email', { token })).body.data).toMatchObject({
      code: 1,
      name: 'E-mail message',
    });
  });

  it('creates, lists, shows, changes, deactivates and activates an audience, auditing each write', async () => {
    const created = await t.operator('POST', '/audiences', {
      token,
      body: { name: 'Newsletter readers', communication_channel_id: 'email' },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.audience_id as string;
    const email = (await t.operator('GET', '/communication-channels/email', { token })).body.data.communication_channel_id;
    expect(created.body.data).toEqual({
      audience_id: id,
      name: 'Newsletter readers',
      communication_channel_id: email,
      communication_channel_text_id: 'email',
      state: 1,
      last_change: expect.any(String),
      segment_ids: [],
      member_count: 0,
    });
    expect((await t.operator('GET', `/audiences/${id}`, { token })).body.data).toEqual(created.body.data);
    expect((await t.operator('GET', '/audiences', { token, query: { q: 'newsletter' } })).body.data.total_items).toBe(1);

    const changed = await t.operator('PUT', `/audiences/${id}`, {
      token,
      body: { name: 'Texting regulars', communication_channel_id: '2' },
    });
    expect(changed.body.data).toMatchObject({ name: 'Texting regulars', communication_channel_text_id: 'sms' });
    expect((await t.enterprise('GET', `/audiences/${id}`, { token: enterprise })).body.data).toMatchObject({
      name: 'Texting regulars',
      communication_channel_id: changed.body.data.communication_channel_id,
      state: 1,
    });

    const deactivated = await t.operator('POST', `/audiences/${id}/actions/deactivate`, { token });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.data.state).toBe(0);
    // The contract still lists and reads a deleted audience, with its state.
    expect((await t.enterprise('GET', `/audiences/${id}`, { token: enterprise })).body.data.state).toBe(0);
    const contractList = await t.enterprise('GET', '/audiences', { token: enterprise, query: { name: 'texting' } });
    expect(contractList.body.data.audiences).toEqual([expect.objectContaining({ audience_id: id, state: 0 })]);
    expect((await t.operator('GET', '/audiences', { token, query: { state: '1' } })).body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/audiences/${id}/actions/activate`, { token })).body.data.state).toBe(1);

    const events = await trail('audience', id);
    expect(events.map((event: any) => event.operation)).toEqual([
      'POST /audiences/{audience_id}/actions/activate',
      'POST /audiences/{audience_id}/actions/deactivate',
      'PUT /audiences/{audience_id}',
      'POST /audiences',
    ]);
    expect(events[2].before).toMatchObject({ name: 'Newsletter readers', communication_channel_text_id: 'email' });
    expect(events[2].after).toMatchObject({ name: 'Texting regulars', communication_channel_text_id: 'sms' });
  });

  it('targets one or more segments and counts the customers in any of them once', async () => {
    const [ann, bob, cid] = [await t.createCustomer(), await t.createCustomer(), await t.createCustomer()];
    const segment = async (name: string, customerIds: string[]) => {
      const id = (await t.operator('POST', '/segments', { token, body: { name } })).body.data.segment_id as string;
      await t.operator('POST', `/segments/${id}/members`, { token: owner, body: { customer_ids: customerIds } });
      return id;
    };
    const runners = await segment('Runners', [ann.customerId, bob.customerId]);
    const swimmers = await segment('Swimmers', [bob.customerId, cid.customerId]);
    const created = await t.operator('POST', '/audiences', {
      token,
      body: { name: 'Sporty', communication_channel_id: 'email', segment_ids: [runners, swimmers] },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ segment_ids: [runners, swimmers].sort(), member_count: 3 });
    const narrowed = await t.operator('PUT', `/audiences/${created.body.data.audience_id}`, {
      token,
      body: { name: 'Sporty', communication_channel_id: 'email', segment_ids: [runners] },
    });
    expect(narrowed.body.data).toMatchObject({ segment_ids: [runners], member_count: 2 });
    const refused = await t.operator('POST', '/audiences', {
      token,
      body: { name: 'Nobody', communication_channel_id: 'email', segment_ids: ['no-such-segment'] },
    });
    expect(refused.status).toBe(400);
    expect(invalidParam(refused)).toMatchObject({ name: 'segment_ids', reason: 'not_found' });
  });

  it('lets an audience keep a channel retired since, but refuses a retired one as a new choice', async () => {
    const viber = await t.operator('GET', '/communication-channels/viber', { token });
    const created = await t.operator('POST', '/audiences', { token, body: { name: 'Viber fans', communication_channel_id: 'viber' } });
    const id = created.body.data.audience_id as string;
    await t.operator('POST', '/communication-channels/viber/actions/deactivate', { token });
    try {
      const kept = await t.operator('PUT', `/audiences/${id}`, {
        token,
        body: { name: 'Former Viber fans', communication_channel_id: viber.body.data.communication_channel_id },
      });
      expect(kept.status).toBe(200);
      const before = await count('audit_events');
      const other = await t.operator('POST', `/audiences`, { token, body: { name: 'New Viber fans', communication_channel_id: 'viber' } });
      expect(other.status).toBe(400);
      expect(invalidParam(other)).toMatchObject({ name: 'communication_channel_id', reason: 'not_found' });
      const missingName = await t.operator('PUT', `/audiences/${id}`, { token, body: { name: ' ', communication_channel_id: 'sms' } });
      expect(invalidParam(missingName)).toMatchObject({ name: 'name' });
      expect(await count('audit_events')).toBe(before);
      expect((await t.operator('GET', `/audiences/${id}`, { token })).body.data.name).toBe('Former Viber fans');
    } finally {
      await t.operator('POST', '/communication-channels/viber/actions/activate', { token });
    }
  });
});
