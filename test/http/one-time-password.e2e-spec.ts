import { ApiInterface } from '@tessera/http';
import { MessageDeliveryService } from '../../src/modules/messaging';
import { TestSmtpServer } from '../support/mail-sinks';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

describe('One-time passwords (HTTP)', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let token: string;
  let device: string;
  let applicationId: string;
  let jane: TestCustomer;

  const send = (body: Record<string, unknown>, asDevice = false): Promise<TestResponse> =>
    asDevice
      ? t.customer('POST', '/one-time-password/actions/send', { token: device, body })
      : t.enterprise('POST', '/one-time-password/actions/send', { token, body });
  const verify = (body: Record<string, unknown>): Promise<TestResponse> =>
    t.customer('POST', '/one-time-password/actions/verify', { token: device, body });
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;
  /** Delivers the queue and reads the code from the last mail to `address`. */
  const codeMailedTo = async (address: string): Promise<string> => {
    await t.service(MessageDeliveryService).drain();
    const mail = [...smtp.received].reverse().find((received) => received.to.includes(address));
    const match = mail && /verification code is ([A-Z0-9]+)/.exec(mail.raw);
    if (!match) throw new Error(`no code mailed to ${address}`);
    return match[1];
  };

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.create({ TESSERA_SMTP_URL: smtp.url, TESSERA_MESSAGE_POLL: '0', TESSERA_OTP_LENGTH: '6' });
    token = await t.enterpriseToken();
    applicationId = await t.createApplication(ApiInterface.Customer);
    device = await t.deviceToken(undefined, applicationId);
    jane = await t.createCustomer();
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends a code by e-mail that verifies once, and is refused the second time', async () => {
    const sent = await send(
      { external_application_id: applicationId, communication_channel_id: 1, recipient: 'Ann@Example.test', otp_type: 2 },
      true,
    );
    expect(sent.status).toBe(200);
    const requestId: string = sent.body.data.request_id;
    expect(requestId).toMatch(/^[0-9a-f]{64}$/);
    const code = await codeMailedTo('ann@example.test');
    expect(code).toMatch(/^\d{6}$/);

    // Neither the request id nor the code is stored; the delivered message keeps no code either.
    const [stored] = await t.dataSource.query(
      `SELECT o.*, m.plain_text_body, m.message_data, m.status, m.customer_id FROM one_time_passwords o JOIN messages m USING (message_id)`,
    );
    expect(JSON.stringify(stored)).not.toContain(requestId);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(stored).toMatchObject({ recipient: 'ann@example.test', status: 1, customer_id: null, message_data: [] });

    const wrongApplication = await verify({
      verification_code: code,
      request_id: requestId,
      external_application_id: await t.enterpriseApplicationId(),
    });
    expect(wrongApplication.body).toEqual({ data: { is_valid: false } });
    const first = await verify({ verification_code: code, request_id: requestId, external_application_id: applicationId });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { is_valid: true } });
    const again = await verify({ verification_code: code, request_id: requestId, external_application_id: applicationId });
    expect(again.body).toEqual({ data: { is_valid: false } });
    const unknown = await verify({ verification_code: code, request_id: 'f'.repeat(64), external_application_id: applicationId });
    expect(unknown.body).toEqual({ data: { is_valid: false } });
    const noApplication = await verify({ verification_code: code, request_id: requestId, external_application_id: 'nope' });
    expect(noApplication.status).toBe(400);
    expect(invalidParams(noApplication)[0]).toMatchObject({ name: 'external_application_id', reason: 'not_found' });
  });

  it('refuses a code after it expired', async () => {
    const sent = await send({ external_application_id: applicationId, communication_channel_id: 1, recipient: 'bob@example.test' });
    const code = await codeMailedTo('bob@example.test');
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    await t.dataSource.query(`UPDATE one_time_passwords SET expires_at = now() - interval '1 second' WHERE recipient = 'bob@example.test'`);
    const late = await verify({ verification_code: code, request_id: sent.body.data.request_id, external_application_id: applicationId });
    expect(late.body).toEqual({ data: { is_valid: false } });
  });

  it('expires a code one hour after sending by default', async () => {
    await send({ external_application_id: applicationId, communication_channel_id: 1, recipient: 'eve@example.test' });
    const [row] = await t.dataSource.query(
      `SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM one_time_passwords WHERE recipient = 'eve@example.test'`,
    );
    expect(row.seconds).toBe(3600);
  });

  it('uses a code up after five wrong guesses; letter case does not matter', async () => {
    const sent = await send({ external_application_id: applicationId, communication_channel_id: 1, recipient: 'cy@example.test' });
    const code = await codeMailedTo('cy@example.test');
    const requestId = sent.body.data.request_id;
    const right = await verify({ verification_code: code.toLowerCase(), request_id: requestId, external_application_id: applicationId });
    expect(right.body.data.is_valid).toBe(true);

    const other = await send({ external_application_id: applicationId, communication_channel_id: 1, recipient: 'cy@example.test' });
    const otherCode = await codeMailedTo('cy@example.test');
    for (let guess = 0; guess < 5; guess++) {
      const wrong = await verify({
        verification_code: 'WRONG1',
        request_id: other.body.data.request_id,
        external_application_id: applicationId,
      });
      expect(wrong.body.data.is_valid).toBe(false);
    }
    const tooLate = await verify({
      verification_code: otherCode,
      request_id: other.body.data.request_id,
      external_application_id: applicationId,
    });
    expect(tooLate.body.data.is_valid).toBe(false);
  });

  it('answers 429 with Retry-After to the sixth send to one recipient within an hour', async () => {
    for (let sendNumber = 0; sendNumber < 5; sendNumber++) {
      expect(
        (await send({ external_application_id: applicationId, communication_channel_id: 1, recipient: 'dan@example.test' })).status,
      ).toBe(200);
    }
    const sixth = await send({ external_application_id: applicationId, communication_channel_id: 1, recipient: 'DAN@example.test' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.exception).toBe('too_many_requests_exception');
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(3500);
    const [{ count }] = await t.dataSource.query(`SELECT count(*)::int FROM one_time_passwords WHERE recipient = 'dan@example.test'`);
    expect(count).toBe(5);
  });

  it('refuses bad input with 400s and stores nothing', async () => {
    const before = await t.dataSource.query(
      `SELECT count(*)::int AS otps, (SELECT count(*)::int FROM messages) AS messages FROM one_time_passwords`,
    );
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { external_application_id: 'nope', communication_channel_id: 1, recipient: 'x@example.test' },
        'external_application_id',
        'not_found',
      ],
      [
        { external_application_id: applicationId, communication_channel_id: 2, recipient: '+420777000111' },
        'communication_channel_id',
        'not_allowed_value',
      ],
      [
        { external_application_id: applicationId, communication_channel_id: 3, recipient: 'x@example.test' },
        'communication_channel_id',
        'not_allowed_value',
      ],
      [
        { external_application_id: applicationId, communication_channel_id: 1, recipient: '+420777000111' },
        'recipient',
        'invalid_value_format',
      ],
      [
        { external_application_id: applicationId, communication_channel_id: 5, recipient: 'x@example.test' },
        'recipient',
        'invalid_value_format',
      ],
      [{ external_application_id: applicationId, communication_channel_id: 5, recipient: 'abcdef' }, 'recipient', 'not_found'],
      [
        { external_application_id: applicationId, communication_channel_id: 1, recipient: 'x@example.test', message_template_id: 'nope' },
        'message_template_id',
        'not_found',
      ],
      [
        { external_application_id: applicationId, communication_channel_id: 1, recipient: 'x@example.test', otp_type: 3 },
        'otp_type',
        'not_allowed_value',
      ],
    ];
    for (const [body, name, reason] of cases) {
      const response = await send(body);
      expect({ name, status: response.status, param: invalidParams(response)[0] }).toMatchObject({
        name,
        status: 400,
        param: { name, reason },
      });
    }
    const smsTemplate = (
      await t.dataSource.query(
        `SELECT message_template_id FROM message_templates WHERE purpose = 'one_time_password' AND communication_channel_code = 2`,
      )
    )[0];
    const otherChannel = await send({
      external_application_id: applicationId,
      communication_channel_id: 1,
      recipient: 'x@example.test',
      message_template_id: smsTemplate.message_template_id,
    });
    expect(invalidParams(otherChannel)[0]).toMatchObject({ name: 'message_template_id', reason: 'not_allowed_value' });
    const after = await t.dataSource.query(
      `SELECT count(*)::int AS otps, (SELECT count(*)::int FROM messages) AS messages FROM one_time_passwords`,
    );
    expect(after).toEqual(before);
  });

  it('sends an in-app code to a customer, who reads it on the Customer interface; the Enterprise interface does not show it', async () => {
    const sent = await send({ external_application_id: applicationId, communication_channel_id: 5, recipient: jane.customerId });
    expect(sent.status).toBe(200);
    const janeDevice = await t.deviceToken(jane);
    const own = await t.customer('GET', '/messages', { token: janeDevice });
    expect(own.body.data.messages).toHaveLength(1);
    expect(own.body.data.messages[0]).toMatchObject({ status: 1, communication_channel_id: 5, customer_id: jane.customerId });
    const detail = await t.customer('GET', `/messages/${own.body.data.messages[0].message_id}/detail`, { token: janeDevice });
    const code = /code is ([A-Z0-9]+)/.exec(detail.body.data.plain_text_body)?.[1];
    expect(code).toMatch(/^[A-Z2-9]{6}$/);
    expect((await t.enterprise('GET', '/messages', { token, query: { customer_id: jane.customerId } })).body.data.total_items).toBe(0);
    const ok = await verify({ verification_code: code, request_id: sent.body.data.request_id, external_application_id: applicationId });
    expect(ok.body.data.is_valid).toBe(true);
  });
});
