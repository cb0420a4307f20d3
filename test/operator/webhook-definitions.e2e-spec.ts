import { TestApp } from '../support/test-app';

/** Webhooks' lifecycle through the operator API: the integrator's, with the secret shown once and audited nowhere. */
describe('Operator API: webhooks', () => {
  let t: TestApp;
  let token: string;

  // A public address: the private ones are refused unless the operator allows them.
  const url = 'https://93.184.215.14/hooks';

  beforeAll(async () => {
    t = await TestApp.create();
    token = (await t.operatorToken(['integrator'])).token;
  });
  afterAll(() => t.close());

  it('creates, lists, shows, changes, rotates, deactivates and activates a webhook, auditing each write without its secret', async () => {
    const created = await t.operator('POST', '/webhooks', { token, body: { url, event_types: ['purchase'] } });
    expect(created.status).toBe(201);
    const id = created.body.data.webhook_id as string;
    expect(created.body.data).toMatchObject({
      url,
      event_types: ['purchase'],
      state: 1,
      secret_set: true,
      secret: expect.stringMatching(/^whsec_/),
    });
    const secret = created.body.data.secret as string;

    const shown = await t.operator('GET', `/webhooks/${id}`, { token });
    expect(shown.body.data).toMatchObject({ webhook_id: id, secret_set: true });
    expect(JSON.stringify(shown.body)).not.toContain('whsec_');
    expect(
      (await t.operator('GET', '/webhooks', { token, query: { q: 'purchase' } })).body.data.webhooks.map((w: any) => w.webhook_id),
    ).toEqual([id]);

    const changed = await t.operator('PUT', `/webhooks/${id}`, {
      token,
      body: { url: `${url}/v2`, event_types: ['purchase', 'purchase'] },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ url: `${url}/v2`, event_types: ['purchase'], secret_set: true });

    const rotated = await t.operator('POST', `/webhooks/${id}/actions/rotate-secret`, { token });
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(secret);
    expect(rotated.body.data.previous_secret_until).toEqual(expect.any(String));

    expect((await t.operator('POST', `/webhooks/${id}/actions/deactivate`, { token })).body.data.state).toBe(0);
    expect((await t.operator('GET', '/webhooks', { token, query: { state: '1' } })).body.data.total_items).toBe(0);
    expect((await t.operator('POST', `/webhooks/${id}/actions/activate`, { token })).body.data.state).toBe(1);
    const replayed = await t.operator('POST', `/webhooks/${id}/actions/replay`, { token, body: { since: '2000-01-01 00:00:00' } });
    expect(replayed.body.data).toMatchObject({ webhook: { webhook_id: id, state: 1 }, queued: 0 });
    expect((await t.operator('GET', `/webhooks/${id}/deliveries`, { token })).body.data).toEqual([]);

    const trail = await t.operator('GET', '/audit-events', {
      token: (await t.operatorToken(['owner'])).token,
      query: { target_type: 'webhook', target_id: id },
    });
    expect(trail.body.data.audit_events.map((event: any) => event.operation)).toEqual([
      'POST /webhooks/{webhook_id}/actions/replay',
      'POST /webhooks/{webhook_id}/actions/activate',
      'POST /webhooks/{webhook_id}/actions/deactivate',
      'POST /webhooks/{webhook_id}/actions/rotate-secret',
      'PUT /webhooks/{webhook_id}',
      'POST /webhooks',
    ]);
    expect(trail.body.data.audit_events[4].before.url).toBe(url);
    expect(JSON.stringify(trail.body)).not.toContain('whsec_');
    const stored = await t.dataSource.query(
      `SELECT before::text || after::text AS rows FROM audit_events WHERE target_id = $1 AND before IS NOT NULL`,
      [id],
    );
    for (const row of stored) expect(row.rows).not.toContain('whsec_');
  });

  it('names the field in a refusal and changes nothing', async () => {
    const count = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_endpoints`))[0].n;
    const before = await count();
    const internal = await t.operator('POST', '/webhooks', { token, body: { url: 'http://127.0.0.1:9/hook' } });
    expect(internal.status).toBe(400);
    expect(internal.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'url', reason: 'not_allowed_value' });
    const unknown = await t.operator('POST', '/webhooks', { token, body: { url, event_types: ['no_such_type'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'event_types', reason: 'not_found' });
    const secret = await t.operator('POST', '/webhooks', { token, body: { url, secret: 'whsec_mine' } });
    expect(secret.status).toBe(400);
    expect(await count()).toBe(before);
    expect((await t.operator('GET', '/webhooks/no-such-webhook', { token })).status).toBe(404);
  });

  it('is the integrator’s: a programme manager may not read webhooks', async () => {
    const manager = (await t.operatorToken(['programme_manager'])).token;
    expect((await t.operator('GET', '/webhooks', { token: manager })).status).toBe(403);
  });
});
