import { ApiInterface } from '@tessera/http';
import { TestApp, TestCustomer } from '../support/test-app';

const device = (deviceId: string) => ({
  device: { device_id: deviceId, device_system: 'iOS 19', device_name: 'iPhone', device_type: 'phone' },
  setup: { language_id: 'cs', allowed_gps: true, allowed_notifications: false },
});

describe('Customer interface: device tokens and customer login', () => {
  let t: TestApp;
  let applicationId: string;
  let customer: TestCustomer;

  beforeAll(async () => {
    t = await TestApp.create({ TESSERA_LOGIN_MAX_FAILURES: '3' });
    applicationId = await t.createApplication(ApiInterface.Customer);
    customer = await t.createCustomer({ phone: '420777123456' });
  });
  afterAll(() => t.close());

  const createToken = async (deviceId: string, appId = applicationId) =>
    t.customer('POST', '/tokens', { body: { ...device(deviceId), external_application_id: appId } });

  it('creates a token with 201; a new token for the same device and application revokes the old one', async () => {
    const first = await createToken('phone-1');
    expect(first.status).toBe(201);
    const firstToken = first.body.data.token_id;
    expect(firstToken).toMatch(/^[0-9a-f]{64}$/);
    expect((await t.customer('POST', `/tokens/${firstToken}/actions/logout`, { token: firstToken })).status).toBe(204);

    const otherApp = await t.createApplication(ApiInterface.Customer);
    const otherAppToken = (await createToken('phone-1', otherApp)).body.data.token_id;
    const second = (await createToken('phone-1')).body.data.token_id;
    expect((await t.customer('POST', `/tokens/${firstToken}/actions/logout`, { token: firstToken })).status).toBe(401);
    expect((await t.customer('POST', `/tokens/${second}/actions/logout`, { token: second })).status).toBe(204);
    // Same device, other application: untouched.
    expect((await t.customer('POST', `/tokens/${otherAppToken}/actions/logout`, { token: otherAppToken })).status).toBe(204);
  });

  it('refuses unknown or enterprise applications with 403 and bad bodies with 400', async () => {
    expect((await createToken('phone-2', 'ffff')).status).toBe(403);
    expect((await createToken('phone-2', await t.createApplication(ApiInterface.Enterprise))).status).toBe(403);
    const bad = await t.customer('POST', '/tokens', {
      body: { ...device('phone-2'), setup: { language_id: 'czech', allowed_gps: 'yes' }, external_application_id: applicationId },
    });
    expect(bad.status).toBe(400);
    const names = bad.body.error.error_data.invalid_params.map((p: { name: string }) => p.name).sort();
    expect(names).toEqual(['setup.allowed_gps', 'setup.allowed_notifications', 'setup.language_id']);
  });

  it('updates the setup with PUT', async () => {
    const token = (await createToken('phone-3')).body.data.token_id;
    const update = await t.customer('PUT', `/tokens/${token}`, {
      token,
      body: { setup: { language_id: 'en', allowed_gps: false, allowed_notifications: true }, push_token: 'push-1' },
    });
    expect(update.status).toBe(204);
    const [row] = await t.dataSource.query(
      'SELECT language_id, allowed_notifications, push_token FROM device_tokens WHERE push_token = $1',
      ['push-1'],
    );
    expect(row).toEqual({ language_id: 'en', allowed_notifications: true, push_token: 'push-1' });
    expect((await t.customer('PUT', `/tokens/${token}`, { token, body: { push_token: 'x' } })).status).toBe(400);
  });

  it("answers 404 when the path names another token than the caller's", async () => {
    const mine = (await createToken('phone-4')).body.data.token_id;
    const theirs = (await createToken('phone-5')).body.data.token_id;
    const response = await t.customer('POST', `/tokens/${theirs}/actions/logout`, { token: mine });
    expect(response.status).toBe(404);
    expect(response.body.error.error_data.resource_name).toBe('tokens');
  });

  it.each([
    ['email', (c: TestCustomer) => c.email.toUpperCase()],
    ['phone', () => '420777123456'],
    ['card', (c: TestCustomer) => c.cardNumber],
  ])('logs a customer in by %s and out again', async (loginType, value) => {
    const token = (await createToken(`phone-login-${loginType}`)).body.data.token_id;
    const login = await t.customer('POST', `/tokens/${token}/actions/login`, {
      token,
      body: { login_type: loginType, login_value: value(customer), password: customer.password },
    });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ data: { customer_id: customer.customerId } });
    const [bound] = await t.dataSource.query('SELECT customer_id FROM device_tokens WHERE customer_id IS NOT NULL AND revoked_at IS NULL');
    expect(bound.customer_id).toBe(customer.customerId);
    expect((await t.customer('POST', `/tokens/${token}/actions/logout`, { token })).status).toBe(204);
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM device_tokens WHERE customer_id IS NOT NULL');
    expect(count).toBe(0);
    // The token stays a valid device token.
    expect((await t.customer('POST', `/tokens/${token}/actions/logout`, { token })).status).toBe(204);
  });

  it('refuses wrong credentials with the same 400 whether or not the login exists, then throttles', async () => {
    const token = (await createToken('phone-6')).body.data.token_id;
    const attempt = (value: string, password: string) =>
      t.customer('POST', `/tokens/${token}/actions/login`, { token, body: { login_type: 'email', login_value: value, password } });
    const unknown = await attempt('nobody@example.test', 'whatever');
    const wrong = await attempt(customer.email, 'wrong-password');
    expect(unknown.status).toBe(400);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.error_data.invalid_params).toEqual([
      { name: 'password', reason: 'not_allowed_value', message: expect.any(String) },
    ]);
    expect(unknown.body).toEqual(wrong.body);
    await attempt(customer.email, 'wrong-again');
    await attempt(customer.email, 'wrong-thrice');
    const locked = await attempt(customer.email, customer.password);
    expect(locked.status).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
  });

  it('does not log in a deleted customer', async () => {
    const gone = await t.createCustomer();
    await t.dataSource.query('UPDATE customers SET state = 0 WHERE customer_id = $1', [gone.customerId]);
    const token = (await createToken('phone-7')).body.data.token_id;
    const response = await t.customer('POST', `/tokens/${token}/actions/login`, {
      token,
      body: { login_type: 'email', login_value: gone.email, password: gone.password },
    });
    expect(response.status).toBe(400);
  });

  it('carries a customer to another application with a single-use authentication token', async () => {
    const traveller = await t.createCustomer();
    const target = await t.createApplication(ApiInterface.Customer);
    const sourceToken = await t.deviceToken(traveller, applicationId);
    const anonymous = await t.deviceToken(undefined, applicationId);
    const notLoggedIn = await t.customer('GET', `/tokens/${anonymous}/actions/auth-token`, {
      token: anonymous,
      query: { external_application_id: target, token_type: '1' },
    });
    expect(notLoggedIn.status).toBe(403);
    expect(notLoggedIn.body.error.type).toBe('customer_not_logged_in_exception');

    const issued = await t.customer('GET', `/tokens/${sourceToken}/actions/auth-token`, {
      token: sourceToken,
      query: { external_application_id: target, token_type: '2' },
    });
    expect(issued.status).toBe(200);
    const { authentication_token, token_request_id, valid_to } = issued.body.data;
    expect(authentication_token).toMatch(/^\d{8}$/);
    expect(valid_to).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    const targetToken = await t.deviceToken(undefined, target);
    const body = { application_id: target, token: authentication_token, token_request_id };
    const wrongApp = await t.customer('POST', `/tokens/${targetToken}/actions/authentication-token-login`, {
      token: targetToken,
      body: { ...body, application_id: applicationId },
    });
    expect(wrongApp.status).toBe(403);
    const login = await t.customer('POST', `/tokens/${targetToken}/actions/authentication-token-login`, { token: targetToken, body });
    expect(login.status).toBe(200);
    expect(login.body.data.customer_id).toBe(traveller.customerId);
    const again = await t.customer('POST', `/tokens/${targetToken}/actions/authentication-token-login`, { token: targetToken, body });
    expect(again.status).toBe(400);
    expect(again.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'token', reason: 'not_allowed_value' });

    const badType = await t.customer('GET', `/tokens/${sourceToken}/actions/auth-token`, {
      token: sourceToken,
      query: { external_application_id: target, token_type: '3' },
    });
    expect(badType.status).toBe(400);
  });

  it('answers 403 for login-test-customer when no test customer is configured', async () => {
    const token = await t.deviceToken();
    const response = await t.customer('POST', `/tokens/${token}/actions/login-test-customer`, { token });
    expect(response.status).toBe(403);
    expect(response.body.error.type).toBe('operation_not_allowed_exception');
  });
});

describe('login-test-customer with a configured test customer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await TestApp.create();
  });
  afterAll(() => t.close());

  it('logs the configured customer in, and refuses a deleted one', async () => {
    const testCustomer = await t.createCustomer();
    await t.restart({ TESSERA_TEST_CUSTOMER_ID: testCustomer.customerId });
    const token = await t.deviceToken();
    const response = await t.customer('POST', `/tokens/${token}/actions/login-test-customer`, { token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { customer_id: testCustomer.customerId } });

    await t.dataSource.query('UPDATE customers SET state = 0 WHERE customer_id = $1', [testCustomer.customerId]);
    const refused = await t.customer('POST', `/tokens/${token}/actions/login-test-customer`, { token });
    expect(refused.status).toBe(403);
  });
});
