import { ApiInterface } from '@tessera/http';
import { LiveSettings } from '../../src/platform/live-settings';
import { TestApp } from '../support/test-app';

/**
 * Settings through the operator API: kept in the database, applied at once by every instance on it
 * where they can change under a running server, masked and audited.
 */
describe('Operator API: settings', () => {
  let t: TestApp;
  /** A second instance on the same database, as behind a load balancer. */
  let sibling: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await TestApp.create();
    sibling = await t.sibling();
    owner = (await t.operatorToken(['owner'])).token;
  });
  afterAll(async () => {
    await sibling.close();
    await t.close();
  });

  const setting = async (name: string) =>
    (await t.operator('GET', '/settings', { token: owner })).body.data.settings.find((s: any) => s.name === name);
  const put = (name: string, value: string) => t.operator('PUT', `/settings/${name}`, { token: owner, body: { value } });
  const reset = (name: string) => t.operator('POST', `/settings/${name}/actions/reset`, { token: owner });
  const stored = async (name: string) =>
    (await t.dataSource.query(`SELECT value, encrypted FROM operator_settings WHERE name = $1`, [name]))[0] as
      { value: string; encrypted: boolean } | undefined;
  const auditRows = async (name: string) =>
    (await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE target_type = 'setting' AND target_id = $1`, [name]))[0]
      .n as number;
  /** The other instance hears of a change by the change feed, within moments of the commit. */
  const eventually = async (check: () => boolean | Promise<boolean>) => {
    for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
      if (await check()) return;
    }
    throw new Error('the change did not arrive in time');
  };

  it('lists every setting with its value, source and when a change applies', async () => {
    const listed = await t.operator('GET', '/settings', { token: owner });
    expect(listed.status).toBe(200);
    expect(listed.body.data.total_items).toBe(listed.body.data.settings.length);
    expect(await setting('TESSERA_TOKEN_LIFETIME')).toMatchObject({ value: '7h', source: 'default', applies: 'at_once' });
    expect(await setting('PORT')).toMatchObject({ value: '8443', source: 'default', applies: 'restart' });
    expect(await setting('TESSERA_RATE_LIMIT')).toMatchObject({ value: 'off', source: 'env' });
  });

  it('applies a login lock threshold at once on every instance, and the reset too', async () => {
    const applicationId = await sibling.createApplication(ApiInterface.Enterprise);
    await sibling.createApiUser('carol', 'carol-password-1');
    const login = (password: string) =>
      sibling.enterprise('POST', '/users/actions/login', {
        body: { user_external_application_id: applicationId, login: 'carol', password },
      });

    const changed = await put('TESSERA_LOGIN_MAX_FAILURES', '2');
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({
      setting: expect.objectContaining({ name: 'TESSERA_LOGIN_MAX_FAILURES', value: '2', source: 'operator', applies: 'at_once' }),
      restart_required: [],
      overridden_by_environment: [],
    });
    expect(t.config.loginMaxFailures).toBe(2);
    await eventually(() => sibling.config.loginMaxFailures === 2);

    expect((await login('wrong-1')).status).toBe(401);
    expect((await login('wrong-2')).status).toBe(401);
    // The default would allow five failures; the saved two lock the login on the instance that never saw the request.
    expect((await login('carol-password-1')).status).toBe(429);

    const undone = await reset('TESSERA_LOGIN_MAX_FAILURES');
    expect(undone.body.data.setting).toMatchObject({ value: '5', source: 'default', applies: 'at_once' });
    expect(undone.body.data.restart_required).toEqual([]);
    expect(await stored('TESSERA_LOGIN_MAX_FAILURES')).toBeUndefined();
    await eventually(() => sibling.config.loginMaxFailures === 5);
  });

  it('gives tokens issued after a change the new lifetime on every instance', async () => {
    const applicationId = await sibling.createApplication(ApiInterface.Enterprise);
    await sibling.createApiUser('dave', 'dave-password-1');
    expect((await put('TESSERA_TOKEN_LIFETIME', '1h')).status).toBe(200);
    await eventually(() => sibling.config.tokenLifetimeSeconds === 3600);
    const before = Date.now();
    const login = await sibling.enterprise('POST', '/users/actions/login', {
      body: { user_external_application_id: applicationId, login: 'dave', password: 'dave-password-1' },
    });
    const validTo = Date.parse(login.body.data.valid_to.replace(' ', 'T') + 'Z');
    expect(Math.abs(validTo - before - 3600_000)).toBeLessThan(5000);
    await reset('TESSERA_TOKEN_LIFETIME');
    await eventually(() => sibling.config.tokenLifetimeSeconds === 7 * 3600);
  });

  it('switches an operation off and on again at once on every instance', async () => {
    const token = await sibling.enterpriseToken();
    await sibling.grantOperations(await sibling.enterpriseApplicationId(), ['GET /countries']);
    expect((await sibling.enterprise('GET', '/countries', { token })).status).toBe(200);
    expect((await put('TESSERA_DISABLED_OPERATIONS', 'GET /countries')).status).toBe(200);
    await eventually(async () => (await sibling.enterprise('GET', '/countries', { token })).status === 403);
    await reset('TESSERA_DISABLED_OPERATIONS');
    await eventually(async () => (await sibling.enterprise('GET', '/countries', { token })).status === 200);
  });

  it('keeps a setting read at start-up until a restart, and says so', async () => {
    const changed = await put('TESSERA_TIME_ZONE', 'Europe/Prague');
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({
      setting: expect.objectContaining({ name: 'TESSERA_TIME_ZONE', value: 'Europe/Prague', source: 'operator', applies: 'restart' }),
      restart_required: ['TESSERA_TIME_ZONE'],
      overridden_by_environment: [],
    });
    expect(await stored('TESSERA_TIME_ZONE')).toEqual({ value: 'Europe/Prague', encrypted: false });
    // Both instances have heard of the change (the next one proves the feed delivered) and run on as they started.
    await put('TESSERA_OTP_LENGTH', '8');
    await eventually(() => sibling.config.otpLength === 8);
    expect([t.config.timeZone, sibling.config.timeZone]).toEqual(['UTC', 'UTC']);

    const undone = await reset('TESSERA_TIME_ZONE');
    expect(undone.body.data.restart_required).toEqual(['TESSERA_TIME_ZONE']);
    await reset('TESSERA_OTP_LENGTH');
  });

  it('says when the environment outranks the saved value, which then changes nothing', async () => {
    const changed = await put('TESSERA_MESSAGE_POLL', '1s');
    expect(changed.status).toBe(200);
    expect(changed.body.data).toEqual({
      setting: expect.objectContaining({ name: 'TESSERA_MESSAGE_POLL', value: '0', source: 'env' }),
      restart_required: [],
      overridden_by_environment: ['TESSERA_MESSAGE_POLL'],
    });
    expect(await stored('TESSERA_MESSAGE_POLL')).toEqual({ value: '1s', encrypted: false });
    await sibling.app.get(LiveSettings).refresh();
    expect([t.config.messagePollSeconds, sibling.config.messagePollSeconds]).toEqual([0, 0]);
    await reset('TESSERA_MESSAGE_POLL');
  });

  it('audits a change and a reset with the value before and after', async () => {
    await put('TESSERA_OTP_TTL', '10m');
    await reset('TESSERA_OTP_TTL');
    const trail = await t.operator('GET', '/audit-events', {
      token: owner,
      query: { target_type: 'setting', target_id: 'TESSERA_OTP_TTL' },
    });
    const events = trail.body.data.audit_events;
    expect(events.map((event: any) => event.operation)).toEqual(['POST /settings/{name}/actions/reset', 'PUT /settings/{name}']);
    expect(events[1].before).toMatchObject({ value: '1h', source: 'default' });
    expect(events[1].after).toMatchObject({ value: '10m', source: 'operator' });
    expect(events[0].before).toMatchObject({ value: '10m', source: 'operator' });
    expect(events[0].after).toMatchObject({ value: '1h', source: 'default' });
  });

  it('masks secrets in answers and in the audit trail, and stores signing keys encrypted', async () => {
    const secret = `whsec_${Buffer.from('very-secret-value-of-32-bytes!!!').toString('base64')}`;
    const changed = await put('TESSERA_SMS_GATEWAY_SECRET', secret);
    expect(changed.status).toBe(200);
    expect(changed.body.data.setting).toMatchObject({ value: '****', source: 'operator', applies: 'restart' });
    expect((await setting('TESSERA_SMS_GATEWAY_SECRET')).value).toBe('****');
    const row = await stored('TESSERA_SMS_GATEWAY_SECRET');
    expect(row?.encrypted).toBe(true);
    expect(row?.value).not.toContain(secret.slice(6));
    const rows = await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE after::text LIKE '%' || $1 || '%'`, [
      secret.slice(6),
    ]);
    expect(rows[0].n).toBe(0);
    await reset('TESSERA_SMS_GATEWAY_SECRET');

    // A URL setting may carry a password: masked like the database's.
    const gateway = await put('TESSERA_SMS_GATEWAY_URL', 'https://sender:hunter2-sms@sms.example/send');
    expect(gateway.status).toBe(200);
    expect(gateway.body.data.setting.value).toBe('https://sender:****@sms.example/send');
    const leaked = await t.dataSource.query(`SELECT count(*)::int AS n FROM audit_events WHERE after::text LIKE '%hunter2-sms%'`);
    expect(leaked[0].n).toBe(0);
    await reset('TESSERA_SMS_GATEWAY_URL');
  });

  it('refuses a value that does not parse naming the field, and an unknown setting, changing nothing', async () => {
    const bad = await put('TESSERA_LOG_LEVEL', 'loud');
    expect(bad.status).toBe(400);
    expect(bad.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'value' });
    expect(await stored('TESSERA_LOG_LEVEL')).toBeUndefined();
    expect(await auditRows('TESSERA_LOG_LEVEL')).toBe(0);
    expect((await put('NO_SUCH_SETTING', '1')).status).toBe(404);
  });

  it('refuses the settings needed before the database is reached, naming the setting', async () => {
    for (const name of ['DATABASE_URL', 'TESSERA_SECRET_KEY']) {
      const refused = await put(name, name === 'DATABASE_URL' ? 'postgres://elsewhere/db' : Buffer.alloc(32).toString('base64'));
      expect(refused.status).toBe(400);
      expect(refused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'name', value: name });
      expect(await stored(name)).toBeUndefined();
      expect(await auditRows(name)).toBe(0);
    }
  });

  it('lets a programme manager read but not write, and an analyst neither', async () => {
    const manager = (await t.operatorToken(['programme_manager'])).token;
    expect((await t.operator('GET', '/settings', { token: manager })).status).toBe(200);
    expect((await t.operator('PUT', '/settings/TESSERA_LOG_LEVEL', { token: manager, body: { value: 'debug' } })).status).toBe(403);
    const analyst = (await t.operatorToken(['analyst'])).token;
    expect((await t.operator('GET', '/settings', { token: analyst })).status).toBe(403);
  });
});
