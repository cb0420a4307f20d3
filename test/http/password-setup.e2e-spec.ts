import { MessageDeliveryService } from '../../src/modules/messaging';
import { TestSmtpServer } from '../support/mail-sinks';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

describe('Password-setup links (HTTP)', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let device: string;
  let jane: TestCustomer;

  const request = (body: Record<string, unknown>, tokenId = device): Promise<TestResponse> =>
    t.customer('POST', `/tokens/${tokenId}/actions/send-password-setup-email`, { token: device, body });
  const redeem = (body: Record<string, unknown>) => t.request('POST', '/webservice/password-setup', { body });
  const tokenCount = async () => (await t.dataSource.query(`SELECT count(*)::int AS n FROM password_setup_tokens`))[0].n;
  const mailedToken = async (address: string): Promise<string> => {
    await t.service(MessageDeliveryService).drain();
    const mail = [...smtp.received].reverse().find((received) => received.to.some((to) => to.toLowerCase() === address.toLowerCase()));
    const match =
      mail &&
      /https:\/\/shop\.example\.test\/password\?lang=en&(?:amp;)?token=([0-9a-f]{64})/.exec(
        mail.raw.replace(/=\r\n/g, '').replace(/=3D/g, '='),
      );
    if (!match) throw new Error(`no link mailed to ${address}`);
    return match[1];
  };

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.create({
      TESSERA_SMTP_URL: smtp.url,
      TESSERA_MESSAGE_POLL: '0',
      TESSERA_PASSWORD_SETUP_URL: 'https://shop.example.test/password?lang=en',
    });
    jane = await t.createCustomer();
    device = await t.deviceToken();
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('mails a single-use link to a known contact; the page redeems it with a new password, which then logs in', async () => {
    const sent = await request({ communication_channel_id: '1', recipient: jane.email.toUpperCase() });
    expect(sent.status).toBe(204);
    const token = await mailedToken(jane.email.toUpperCase());
    expect(JSON.stringify(await t.dataSource.query(`SELECT * FROM password_setup_tokens`))).not.toContain(token);

    const weak = await redeem({ token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'password', reason: 'not_allowed_value' });
    expect((await redeem({ token, password: 'Brand-new-secret-9' })).status).toBe(204);
    const reused = await redeem({ token, password: 'Another-secret-10' });
    expect(reused.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'token', reason: 'not_allowed_value' });

    const login = await t.customer('POST', `/tokens/${device}/actions/login`, {
      token: device,
      body: { login_type: 'email', login_value: jane.email, password: 'Brand-new-secret-9' },
    });
    expect(login.status).toBe(200);
    await t.customer('POST', `/tokens/${device}/actions/logout`, { token: device });
  });

  it('refuses an expired link', async () => {
    await request({ email: jane.email });
    const token = await mailedToken(jane.email);
    await t.dataSource.query(`UPDATE password_setup_tokens SET expires_at = now() - interval '1 second'`);
    expect((await redeem({ token, password: 'Brand-new-secret-11' })).status).toBe(400);
  });

  it('answers an unknown contact the same way and sends nothing', async () => {
    const before = [await tokenCount(), smtp.received.length];
    expect((await request({ communication_channel_id: '1', recipient: 'nobody@example.test' })).status).toBe(204);
    await t.service(MessageDeliveryService).drain();
    expect([await tokenCount(), smtp.received.length]).toEqual(before);
  });

  it('refuses bad requests: no channel, a channel that cannot carry links or is not configured, a foreign token id', async () => {
    const missing = await request({});
    expect(missing.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'communication_channel_id', reason: 'required' });
    const push = await request({ communication_channel_id: '4', recipient: jane.customerId });
    expect(push.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'communication_channel_id', reason: 'not_allowed_value' });
    const sms = await request({ communication_channel_id: '2', recipient: '+420777000111' });
    expect(sms.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'communication_channel_id', reason: 'not_allowed_value' });
    const badEmail = await request({ communication_channel_id: '1', recipient: 'not-an-address' });
    expect(badEmail.body.error.error_data.invalid_params[0]).toMatchObject({ name: 'recipient', reason: 'invalid_value_format' });
    expect((await request({ email: jane.email }, 'f'.repeat(64))).status).toBe(404);
  });
});
