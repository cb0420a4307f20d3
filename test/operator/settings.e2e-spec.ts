import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestApp } from '../support/test-app';

/** Settings through the operator API: read, changed and reset, masked and audited. */
describe('Operator API: settings', () => {
  let t: TestApp;
  let owner: string;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-settings-'));
    t = await TestApp.create({ TESSERA_DATA_DIR: dataDir });
    owner = (await t.operatorToken(['owner'])).token;
  });
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const setting = async (name: string) =>
    (await t.operator('GET', '/settings', { token: owner })).body.data.settings.find((s: any) => s.name === name);

  it('lists every setting with its value, source and when a change applies', async () => {
    const listed = await t.operator('GET', '/settings', { token: owner });
    expect(listed.status).toBe(200);
    expect(listed.body.data.total_items).toBe(listed.body.data.settings.length);
    expect(await setting('TESSERA_TOKEN_LIFETIME')).toMatchObject({ value: '7h', source: 'default', applies: 'restart' });
  });

  it('saves a value, answers that it needs a restart, resets it, and audits both', async () => {
    const changed = await t.operator('PUT', '/settings/TESSERA_TOKEN_LIFETIME', { token: owner, body: { value: '2h' } });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({
      setting: expect.objectContaining({ name: 'TESSERA_TOKEN_LIFETIME', value: '2h', source: 'file', applies: 'restart' }),
      restart_required: ['TESSERA_TOKEN_LIFETIME'],
    });
    expect(JSON.parse(readFileSync(join(dataDir, 'tessera.json'), 'utf8'))).toEqual({ TESSERA_TOKEN_LIFETIME: '2h' });
    expect(await setting('TESSERA_TOKEN_LIFETIME')).toMatchObject({ value: '2h', source: 'file' });

    const reset = await t.operator('POST', '/settings/TESSERA_TOKEN_LIFETIME/actions/reset', { token: owner });
    expect(reset.body.data.setting).toMatchObject({ value: '7h', source: 'default' });
    expect(reset.body.data.restart_required).toEqual(['TESSERA_TOKEN_LIFETIME']);

    const trail = await t.operator('GET', '/audit-events', {
      token: owner,
      query: { target_type: 'setting', target_id: 'TESSERA_TOKEN_LIFETIME' },
    });
    const events = trail.body.data.audit_events;
    expect(events.map((event: any) => event.operation)).toEqual(['POST /settings/{name}/actions/reset', 'PUT /settings/{name}']);
    expect(events[1].before).toMatchObject({ value: '7h', source: 'default' });
    expect(events[1].after).toMatchObject({ value: '2h', source: 'file' });
  });

  it('masks secrets in answers and in the audit trail', async () => {
    const secret = `whsec_${Buffer.from('very-secret-value-of-32-bytes!!!').toString('base64')}`;
    const changed = await t.operator('PUT', '/settings/TESSERA_SMS_GATEWAY_SECRET', { token: owner, body: { value: secret } });
    expect(changed.status).toBe(200);
    expect(changed.body.data.setting.value).toBe('****');
    expect((await setting('TESSERA_SMS_GATEWAY_SECRET')).value).toBe('****');
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE after::text LIKE '%' || $1 || '%'`, [
      secret.slice(6),
    ]);
    expect(rows[0].n).toBe(0);

    // A URL setting may carry a password: masked like the database's.
    const gateway = await t.operator('PUT', '/settings/TESSERA_SMS_GATEWAY_URL', {
      token: owner,
      body: { value: 'https://sender:hunter2-sms@sms.example/send' },
    });
    expect(gateway.status).toBe(200);
    expect(gateway.body.data.setting.value).toBe('https://sender:****@sms.example/send');
    const leaked = await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE after::text LIKE '%hunter2-sms%'`);
    expect(leaked[0].n).toBe(0);
    await t.operator('POST', '/settings/TESSERA_SMS_GATEWAY_URL/actions/reset', { token: owner });
  });

  it('refuses a value that does not parse naming the field, and an unknown setting, changing nothing', async () => {
    const bad = await t.operator('PUT', '/settings/TESSERA_LOG_LEVEL', { token: owner, body: { value: 'loud' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'value' });
    expect((await setting('TESSERA_LOG_LEVEL')).source).not.toBe('file');
    expect((await t.operator('PUT', '/settings/NO_SUCH_SETTING', { token: owner, body: { value: '1' } })).status).toBe(404);
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE target_id = 'TESSERA_LOG_LEVEL'`);
    expect(rows[0].n).toBe(0);
  });

  it('lets a programme manager read but not write, and an analyst neither', async () => {
    const manager = (await t.operatorToken(['programme_manager'])).token;
    expect((await t.operator('GET', '/settings', { token: manager })).status).toBe(200);
    expect((await t.operator('PUT', '/settings/TESSERA_LOG_LEVEL', { token: manager, body: { value: 'debug' } })).status).toBe(403);
    const analyst = (await t.operatorToken(['analyst'])).token;
    expect((await t.operator('GET', '/settings', { token: analyst })).status).toBe(403);
  });
});
