import { ApiInterface } from '@tessera/http';
import { TestApp } from '../support/test-app';

describe('Enterprise interface: API users and their tokens', () => {
  let t: TestApp;
  let applicationId: string;
  let user: { login: string; password: string; userId: string };

  beforeAll(async () => {
    t = await TestApp.create({ TESSERA_LOGIN_MAX_FAILURES: '3', TESSERA_TIME_ZONE: 'Europe/Prague' });
    applicationId = await t.createApplication(ApiInterface.Enterprise);
    await t.grantOperations(applicationId, ['GET /users']);
    user = await t.createApiUser('alice', 'alice-password-1');
  });
  afterAll(() => t.close());

  const login = (body: Record<string, unknown>) => t.enterprise('POST', '/users/actions/login', { body });

  it('logs in with 200, a token valid for 7 hours and the user', async () => {
    const before = Date.now();
    const response = await login({ user_external_application_id: applicationId, login: 'ALICE', password: 'alice-password-1' });
    expect(response.status).toBe(200);
    const { bearer_token, valid_to, user: body } = response.body.data;
    expect(bearer_token).toMatch(/^[0-9a-f]{64}$/);
    expect(valid_to).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(body).toMatchObject({ user_id: user.userId, login: 'alice', first_name: 'Test', user_role_ids: [expect.any(String)] });
    expect(body.last_login).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const pragueOffsetHours = Number(
      new Intl.DateTimeFormat('en', { timeZone: 'Europe/Prague', timeZoneName: 'shortOffset' }).format(new Date()).split('GMT')[1] || 0,
    );
    const validTo = Date.parse(valid_to.replace(' ', 'T') + 'Z') - pragueOffsetHours * 3600_000;
    expect(validTo - before).toBeGreaterThan(7 * 3600_000 - 5000);
    expect(validTo - before).toBeLessThan(7 * 3600_000 + 5000);
  });

  it('answers 401 for a wrong password and 403 for an unknown or customer application', async () => {
    expect((await login({ user_external_application_id: applicationId, login: 'nobody', password: 'x' })).status).toBe(401);
    const unknown = await login({ user_external_application_id: 'ffff', login: 'alice', password: 'alice-password-1' });
    expect(unknown.status).toBe(403);
    expect(unknown.body.error.type).toBe(unknown.body.error.exception);
    const customerApp = await t.createApplication(ApiInterface.Customer);
    expect((await login({ user_external_application_id: customerApp, login: 'alice', password: 'alice-password-1' })).status).toBe(403);
  });

  it('throttles a login after repeated failures, even with the right password, with 429 and Retry-After', async () => {
    await t.createApiUser('bob', 'bob-password-12');
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ user_external_application_id: applicationId, login: 'bob', password: 'wrong' })).status).toBe(401);
    }
    const locked = await login({ user_external_application_id: applicationId, login: 'bob', password: 'bob-password-12' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.body.error).toMatchObject({
      type: expect.any(String),
      exception: expect.any(String),
      title: expect.any(String),
      detail: expect.any(String),
    });
    // Another login is not affected.
    expect((await login({ user_external_application_id: applicationId, login: 'alice', password: 'alice-password-1' })).status).toBe(200);
  });

  it('answers 401 without a token, with an unknown token, and after logout', async () => {
    expect((await t.enterprise('GET', '/users')).status).toBe(401);
    const unknown = await t.enterprise('GET', '/users', { token: 'deadbeef' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toMatchObject({ exception: 'unauthorized_exception', error_data: {} });

    const token = (await login({ user_external_application_id: applicationId, login: 'alice', password: 'alice-password-1' })).body.data
      .bearer_token;
    expect((await t.enterprise('GET', '/users', { token })).status).toBe(200);
    const wrongToken = await t.enterprise('POST', '/users/actions/logout', {
      token,
      body: { user_external_application_id: applicationId, bearer_token: 'not-a-token' },
    });
    expect(wrongToken.status).toBe(400);
    expect(wrongToken.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'bearer_token', reason: 'not_found' });
    const logout = await t.enterprise('POST', '/users/actions/logout', {
      token,
      body: { user_external_application_id: applicationId, bearer_token: token },
    });
    expect(logout.status).toBe(204);
    expect((await t.enterprise('GET', '/users', { token })).status).toBe(401);
  });

  it('identifies the owner of a token with verify-auth-token', async () => {
    const token = await t.enterpriseToken();
    const other = (await login({ user_external_application_id: applicationId, login: 'alice', password: 'alice-password-1' })).body.data
      .bearer_token;
    const verified = await t.enterprise('POST', '/users/actions/verify-auth-token', { token, body: { auth_token: other } });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ data: { user_id: user.userId } });
    const missing = await t.enterprise('POST', '/users/actions/verify-auth-token', { token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'auth_token', reason: 'required' });
  });

  it('lists users with filters and paging, and reads one user and the roles', async () => {
    const token = await t.enterpriseToken();
    await t.grantOperations(await t.enterpriseApplicationId(), ['GET /users']);
    const all = await t.enterprise('GET', '/users', { token, query: { sort_field: 'login', sort_direction: 'DESC' } });
    expect(all.status).toBe(200);
    expect(all.body.data.total_items).toBe(all.body.data.users.length);
    const logins = all.body.data.users.map((u: { login: string }) => u.login);
    expect(logins).toEqual([...logins].sort().reverse());
    const filtered = await t.enterprise('GET', '/users', { token, query: { login: 'alice' } });
    expect(filtered.body.data).toMatchObject({ total_items: 1, users: [{ user_id: user.userId }] });
    const page = await t.enterprise('GET', '/users', { token, query: { count: '1', offset: '1', sort_field: 'login' } });
    expect(page.body.data.users).toHaveLength(1);
    expect(page.body.data.users[0].login).toBe([...logins].sort()[1]);

    expect((await t.enterprise('GET', `/users/${user.userId}`, { token })).body.data.login).toBe('alice');
    const missing = await t.enterprise('GET', '/users/0000', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.error_data).toEqual({ resource_name: 'users', resource_id: '0000' });

    const roles = await t.enterprise('GET', '/user-roles', { token });
    expect(roles.body.data.total_items).toBeGreaterThanOrEqual(3);
    const roleId = roles.body.data.user_roles[0].user_role_id;
    expect((await t.enterprise('GET', `/user-roles/${roleId}`, { token })).body.data).toEqual(roles.body.data.user_roles[0]);
    expect((await t.enterprise('GET', '/user-roles/nope', { token })).status).toBe(404);
  });

  it('refuses a device token on the Enterprise interface', async () => {
    const deviceToken = await t.deviceToken();
    expect((await t.enterprise('GET', '/users', { token: deviceToken })).status).toBe(401);
  });
});

describe('Enterprise tokens expire after the configured lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.create({ TESSERA_TOKEN_LIFETIME: '1s' });
  });
  afterAll(() => t.close());

  it('answers 401 once the token is older than its lifetime', async () => {
    const token = await t.enterpriseToken();
    expect((await t.enterprise('GET', '/user-roles', { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await t.enterprise('GET', '/user-roles', { token })).status).toBe(401);
  });
});

describe('switched-off operations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.create({ TESSERA_DISABLED_OPERATIONS: 'GET /users' });
  });
  afterAll(() => t.close());

  it('answers 403 operation_not_allowed_exception', async () => {
    const response = await t.enterprise('GET', '/users', { token: await t.enterpriseToken() });
    expect(response.status).toBe(403);
    expect(response.body.error.type).toBe('operation_not_allowed_exception');
    expect((await t.enterprise('GET', '/user-roles', { token: await t.enterpriseToken() })).status).toBe(200);
  });
});
