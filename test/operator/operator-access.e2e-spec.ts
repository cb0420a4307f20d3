import { authenticator } from 'otplib';
import { AuditTrail } from '../../src/modules/audit';
import { TestApp } from '../support/test-app';

/** Signing in to the operator API, roles and their permissions, the second factor and the audit trail. */
describe('Operator API: sign-in, roles and the audit trail', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await TestApp.create();
  });
  afterAll(() => t.close());

  it('signs an operator in and tells who they are and what they may do', async () => {
    const { token, login } = await t.operatorToken(['customer_care']);
    const me = await t.operator('GET', '/sessions/current', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.user.login).toBe(login);
    expect(me.body.data.permissions).toEqual(['customers:read', 'customers:write', 'definitions:read']);
  });

  it('refuses a wrong password with 401, an API user without an operator role with 403, and no token with 401', async () => {
    const user = await t.createApiUser(undefined, undefined, ['owner']);
    expect((await t.operator('POST', '/sessions', { body: { login: user.login, password: 'wrong password' } })).status).toBe(401);
    const till = await t.createApiUser();
    const refused = await t.operator('POST', '/sessions', { body: { login: till.login, password: till.password } });
    expect(refused.status).toBe(403);
    expect(refused.body.error.exception).toBe('operation_not_allowed_exception');
    expect((await t.operator('GET', '/users')).status).toBe(401);
  });

  it('locks a login after five failed sign-ins', async () => {
    const user = await t.createApiUser(undefined, undefined, ['owner']);
    for (let i = 0; i < 5; i++) await t.operator('POST', '/sessions', { body: { login: user.login, password: 'wrong password' } });
    const locked = await t.operator('POST', '/sessions', { body: { login: user.login, password: user.password } });
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('refuses what a role does not grant with 403, and an Enterprise token on the operator API with 401', async () => {
    const analyst = await t.operatorToken(['analyst']);
    const refused = await t.operator('GET', '/users', { token: analyst.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.detail).toContain('users:read');
    expect((await t.operator('GET', '/audit-events', { token: analyst.token })).status).toBe(200);
    expect((await t.operator('GET', '/users', { token: await t.enterpriseToken() })).status).toBe(401);
  });

  it('ends a sign-in at sign-out', async () => {
    const { token } = await t.operatorToken(['analyst']);
    expect((await t.operator('DELETE', '/sessions/current', { token })).status).toBe(204);
    expect((await t.operator('GET', '/sessions/current', { token })).status).toBe(401);
  });

  it('asks for a TOTP code once a second factor is confirmed, and refuses a wrong one', async () => {
    const user = await t.createApiUser(undefined, undefined, ['analyst']);
    const signIn = (body: Record<string, unknown>) =>
      t.operator('POST', '/sessions', { body: { login: user.login, password: user.password, ...body } });
    const token = (await signIn({})).body.data.token as string;
    const enrolment = await t.operator('POST', '/sessions/current/second-factor', { token });
    expect(enrolment.status).toBe(201);
    const secret = enrolment.body.data.secret as string;
    expect(enrolment.body.data.otpauth_url).toContain(`secret=${secret}`);
    // Not in force until confirmed.
    expect((await signIn({})).status).toBe(201);
    expect(
      (await t.operator('POST', '/sessions/current/second-factor/actions/confirm', { token, body: { totp_code: '000000' } })).status,
    ).toBe(400);
    const confirmedAt = Date.now();
    const confirmCode = authenticator.clone({ epoch: confirmedAt }).generate(secret);
    const confirm = await t.operator('POST', '/sessions/current/second-factor/actions/confirm', {
      token,
      body: { totp_code: confirmCode },
    });
    expect(confirm.status).toBe(204);

    const withoutCode = await signIn({});
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.body.error.error_data).toEqual({ second_factor: 'totp' });
    expect((await signIn({ totp_code: authenticator.generate(secret) === '123456' ? '654321' : '123456' })).status).toBe(401);
    // The confirmation used this step's code: each code signs in once, so the next step's (within the
    // window an authenticator's clock may be off) is the one that works now.
    expect((await signIn({ totp_code: confirmCode })).status).toBe(401);
    const nextCode = authenticator.clone({ epoch: confirmedAt + 30_000 }).generate(secret);
    const signedIn = await signIn({ totp_code: nextCode });
    expect(signedIn.status).toBe(201);
    expect((await signIn({ totp_code: nextCode })).status).toBe(401);
    // A second enrolment cannot push the factor in force aside.
    expect((await t.operator('POST', '/sessions/current/second-factor', { token: signedIn.body.data.token })).status).toBe(400);
    expect((await signIn({})).status).toBe(401);
    const stored = await t.dataSource.query(`SELECT totp_secret FROM api_users WHERE user_id = $1`, [user.userId]);
    expect(stored[0].totp_secret).not.toContain(secret);
  });

  it('manages users and roles, and a role change applies to its holders at once', async () => {
    const owner = await t.operatorToken(['owner']);
    const role = await t.operator('POST', '/user-roles', {
      token: owner.token,
      body: { text_id: 'store_lead', name: 'Store lead', permissions: ['figures:read'] },
    });
    expect(role.status).toBe(201);
    const created = await t.operator('POST', '/users', { token: owner.token, body: { login: 'lead-one', roles: ['store_lead'] } });
    expect(created.status).toBe(201);
    const password = created.body.data.password as string;
    expect(password.length).toBeGreaterThanOrEqual(10);
    const lead = (await t.operator('POST', '/sessions', { body: { login: 'lead-one', password } })).body.data.token as string;
    expect((await t.operator('GET', '/audit-events', { token: lead })).status).toBe(403);

    const changed = await t.operator('PUT', '/user-roles/store_lead', {
      token: owner.token,
      body: { text_id: 'store_lead', name: 'Store lead', permissions: ['figures:read', 'audit:read'] },
    });
    expect(changed.body.data.permissions).toEqual(['audit:read', 'figures:read']);
    expect((await t.operator('GET', '/audit-events', { token: lead })).status).toBe(200);

    const deactivated = await t.operator('POST', '/user-roles/store_lead/actions/deactivate', { token: owner.token });
    expect(deactivated.body.data.state).toBe(0);
    expect((await t.operator('GET', '/audit-events', { token: lead })).status).toBe(403);

    const disabled = await t.operator('POST', '/users/lead-one/actions/disable', { token: owner.token });
    expect(disabled.body.data.state).toBe(0);
    expect((await t.operator('GET', '/sessions/current', { token: lead })).status).toBe(401);

    // The lists page and filter on the server, as every operator list does.
    const leads = await t.operator('GET', '/users', { token: owner.token, query: { q: 'lead-', state: '0', count: '1' } });
    expect(leads.body.data).toEqual({
      users: [expect.objectContaining({ login: 'lead-one', roles: ['store_lead'], state: 0 })],
      total_items: 1,
    });
    const active = await t.operator('GET', '/users', { token: owner.token, query: { q: 'lead-', state: '1' } });
    expect(active.body.data).toEqual({ users: [], total_items: 0 });
    const roles = await t.operator('GET', '/user-roles', { token: owner.token, query: { q: 'store_l' } });
    expect(roles.body.data.user_roles).toEqual([
      expect.objectContaining({ text_id: 'store_lead', permissions: ['audit:read', 'figures:read'], state: 0 }),
    ]);
    const everyRole = await t.operator('GET', '/user-roles', { token: owner.token, query: { count: '1', offset: '1' } });
    expect(everyRole.body.data.user_roles).toHaveLength(1);
    expect(everyRole.body.data.total_items).toBeGreaterThan(2);

    const bad = await t.operator('POST', '/user-roles', {
      token: owner.token,
      body: { text_id: 'x', name: 'X', permissions: ['everything'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.error_data.invalid_params[0].name).toMatch(/^permissions/);
  });

  it('audits every write with who, what and before and after, filterable by target', async () => {
    const owner = await t.operatorToken(['owner']);
    const role = await t.operator('POST', '/user-roles', {
      token: owner.token,
      body: { text_id: 'auditor', name: 'Auditor', permissions: ['audit:read'] },
    });
    const roleId = role.body.data.user_role_id as string;
    await t.operator('PUT', `/user-roles/${roleId}`, {
      token: owner.token,
      body: { text_id: 'auditor', name: 'Auditors', permissions: ['audit:read'] },
    });
    const trail = await t.operator('GET', '/audit-events', { token: owner.token, query: { target_type: 'user_role', target_id: roleId } });
    expect(trail.status).toBe(200);
    const events = trail.body.data.audit_events;
    expect(events.map((event: any) => event.operation)).toEqual(['PUT /user-roles/{role_key}', 'POST /user-roles']);
    expect(events[0]).toMatchObject({ channel: 'operator_api', user_id: owner.userId, actor: owner.login });
    expect(events[0].before.name).toBe('Auditor');
    expect(events[0].after.name).toBe('Auditors');
    const one = await t.operator('GET', `/audit-events/${events[0].audit_event_id}`, { token: owner.token });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(events[0]);
    for (const missing of ['999999999', 'abc'])
      expect((await t.operator('GET', `/audit-events/${missing}`, { token: owner.token })).status).toBe(404);
  });

  it('keeps the audit trail append-only in the database itself', async () => {
    await t.operatorToken(['owner']);
    await expect(t.dataSource.query(`UPDATE audit_events SET actor = 'someone else'`)).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query(`DELETE FROM audit_events`)).rejects.toThrow(/append-only/);
    await expect(t.dataSource.query(`TRUNCATE audit_events`)).rejects.toThrow(/append-only/);
    // The erasure's exception blanks a reason and nothing else, and only for the customer it names.
    await t.dataSource.query(
      `INSERT INTO audit_events (channel, actor, operation, target_type, target_id, reason) VALUES ('cli', 'x', 'test', 'customer', 'c1', 'Call Jana')`,
    );
    await expect(
      t.dataSource.transaction(async (m) => {
        await m.query(`SELECT set_config('tessera.audit_erased_customer', 'c1', true)`);
        await m.query(`UPDATE audit_events SET reason = '[erased]', actor = 'y' WHERE target_id = 'c1'`);
      }),
    ).rejects.toThrow(/append-only/);
    await expect(
      t.dataSource.transaction(async (m) => {
        await m.query(`SELECT set_config('tessera.audit_erased_customer', 'c2', true)`);
        await m.query(`UPDATE audit_events SET reason = '[erased]' WHERE target_id = 'c1'`);
      }),
    ).rejects.toThrow(/append-only/);
  });

  it('purges audit rows older than the retention setting, and only those', async () => {
    const kept = await TestApp.create({ TESSERA_AUDIT_RETENTION: '30d' });
    try {
      await kept.dataSource.query(
        `INSERT INTO audit_events (channel, actor, operation, target_type, occurred_at) VALUES
           ('cli', 'old', 'test', 'tag', now() - interval '31 days'), ('cli', 'recent', 'test', 'tag', now() - interval '29 days')`,
      );
      expect(await kept.service(AuditTrail).purgeExpired()).toBe(1);
      const actors = await kept.dataSource.query(`SELECT actor FROM audit_events WHERE operation = 'test'`);
      expect(actors).toEqual([{ actor: 'recent' }]);
    } finally {
      await kept.close();
    }
  });

  it('serves its own API document, every operation described with an example answer', async () => {
    const document = await t.request('GET', '/admin/api/v1/docs/openapi.json');
    expect(document.status).toBe(200);
    const paths = Object.keys(JSON.parse(document.text).paths as object);
    expect(paths).toContain('/admin/api/v1/sessions');
    expect(paths.some((path) => path.includes('enterprise-interface'))).toBe(false);
    const operations = Object.entries(JSON.parse(document.text).paths as Record<string, Record<string, any>>).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
    );
    const undescribed = operations.filter(({ operation }) => !operation.summary || !operation.description).map(({ key }) => key);
    expect(undescribed).toEqual([]);
  });
});
