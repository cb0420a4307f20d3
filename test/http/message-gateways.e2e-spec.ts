import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { ApiInterface } from '@tessera/http';
import { MessageDeliveryService, MessageTemplateService } from '../../src/modules/messaging';
import { TestGateway } from '../support/mail-sinks';
import { TestApp, TestCustomer } from '../support/test-app';

describe('SMS and push gateways, in-app notifications (HTTP)', () => {
  let t: TestApp;
  let sms: TestGateway;
  let push: TestGateway;
  let token: string;
  let jane: TestCustomer;
  let smsTemplateId: string;
  let pushTemplateId: string;
  let inAppTemplateId: string;
  const smsSecret = `whsec_${randomBytes(32).toString('base64')}`;
  const pushSecret = `whsec_${randomBytes(32).toString('base64')}`;

  const send = (message: Record<string, unknown>) => t.enterprise('POST', '/messages/actions/send-message', { token, body: { message } });
  const drain = () => t.service(MessageDeliveryService).drain();
  const lastMessage = async () => (await t.dataSource.query(`SELECT * FROM messages ORDER BY created_at DESC, message_id LIMIT 1`))[0];

  beforeAll(async () => {
    [sms, push] = [await TestGateway.start(), await TestGateway.start()];
    t = await TestApp.create({
      TESSERA_SMS_GATEWAY_URL: sms.url,
      TESSERA_SMS_GATEWAY_SECRET: smsSecret,
      TESSERA_PUSH_GATEWAY_URL: push.url,
      TESSERA_PUSH_GATEWAY_SECRET: pushSecret,
      TESSERA_MESSAGE_POLL: '0',
      TESSERA_MESSAGE_RETRY: '1h',
    });
    token = await t.enterpriseToken();
    jane = await t.createCustomer({ phone: '+420777123456' });
    const templates = t.service(MessageTemplateService);
    const common = { groupId: 3, consentFree: true };
    smsTemplateId = await templates.create({
      ...common,
      name: 'Pickup SMS',
      channelCode: 2,
      sender: 'SHOP',
      plainTextBody: 'Order {{order}} is ready',
    });
    pushTemplateId = await templates.create({
      ...common,
      name: 'Pickup push',
      channelCode: 4,
      subject: 'Ready',
      plainTextBody: 'Order {{order}} is ready',
    });
    inAppTemplateId = await templates.create({
      ...common,
      name: 'Pickup note',
      channelCode: 5,
      subject: 'Ready',
      plainTextBody: 'Order {{order}} is ready',
    });
  });

  afterAll(async () => {
    await t.close();
    await Promise.all([sms.close(), push.close()]);
  });

  it("posts a signed JSON request to the SMS gateway for the customer's phone and marks the message sent", async () => {
    const data = [{ parameter_name: 'order', value: 'A-1' }];
    expect(
      (await send({ message_template_id: smsTemplateId, customer_id: jane.customerId, communication_channel_id: 2, message_data: data }))
        .status,
    ).toBe(204);
    expect(sms.requests).toHaveLength(0);
    await drain();
    const message = await lastMessage();
    expect(message).toMatchObject({ status: 1, contact: '+420777123456', title: 'Order A-1 is ready' });
    expect(sms.requests).toHaveLength(1);
    const [request] = sms.requests;
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe(message.message_id);
    const verified = new Webhook(smsSecret).verify(request.body, request.headers as Record<string, string>);
    expect(verified).toEqual({
      type: 'sms',
      message_id: message.message_id,
      to: '+420777123456',
      sender: 'SHOP',
      text: 'Order A-1 is ready',
    });
    expect(() => new Webhook(pushSecret).verify(request.body, request.headers as Record<string, string>)).toThrow();
  });

  it('retries when the gateway answers 503 and gives up for good when it answers 400', async () => {
    sms.status = 503;
    await send({ message_template_id: smsTemplateId, customer_id: jane.customerId, communication_channel_id: 2, contact: '+420600000001' });
    await drain();
    expect(await lastMessage()).toMatchObject({ status: 5, attempts: 1, last_error: 'Gateway answered 503' });
    sms.status = 400;
    await t.dataSource.query(`UPDATE messages SET next_attempt_at = now() WHERE status = 5`);
    await drain();
    expect(await lastMessage()).toMatchObject({ status: -1, attempts: 2, next_attempt_at: null });
    // Both attempts of the message carried the same webhook-id, so the gateway can drop a repeat.
    expect(sms.requests.slice(-2).map((request) => request.headers['webhook-id'])).toEqual([
      (await lastMessage()).message_id,
      (await lastMessage()).message_id,
    ]);
    sms.status = 202;
  });

  it("pushes to the customer's registered devices, and refuses a customer without one", async () => {
    await send({ message_template_id: pushTemplateId, customer_id: jane.customerId, communication_channel_id: 4 });
    await drain();
    expect(await lastMessage()).toMatchObject({ status: -1, last_error: 'The customer has no push registration' });
    expect(push.requests).toHaveLength(0);

    const app = await t.createApplication(ApiInterface.Customer);
    await t.dataSource.query(
      `INSERT INTO customer_push_registrations (push_registration_id, customer_id, external_application_id, device_id, device_system, device_name, device_type, push_token)
       VALUES (md5(random()::text), $1, $2, 'phone-1', 'iOS', 'iPhone', 'phone', 'apns-token-1')`,
      [jane.customerId, app],
    );
    await send({
      message_template_id: pushTemplateId,
      customer_id: jane.customerId,
      communication_channel_id: 4,
      message_data: [{ parameter_name: 'order', value: 'B-2' }],
    });
    await drain();
    const message = await lastMessage();
    expect(message.status).toBe(1);
    const verified = new Webhook(pushSecret).verify(push.requests[0].body, push.requests[0].headers as Record<string, string>);
    expect(verified).toEqual({
      type: 'push',
      message_id: message.message_id,
      customer_id: jane.customerId,
      push_tokens: ['apns-token-1'],
      title: 'Ready',
      body: 'Order B-2 is ready',
    });

    // A device token's own push token counts too, while the device allows notifications.
    await t.deviceToken(jane);
    await t.deviceToken(jane);
    await t.dataSource.query(
      `UPDATE device_tokens SET push_token = 'fcm-' || device_token_id, allowed_notifications = (device_token_id = (SELECT min(device_token_id) FROM device_tokens WHERE customer_id = $1))
        WHERE customer_id = $1`,
      [jane.customerId],
    );
    const [allowed] = await t.dataSource.query(`SELECT push_token FROM device_tokens WHERE customer_id = $1 AND allowed_notifications`, [
      jane.customerId,
    ]);
    await send({ message_template_id: pushTemplateId, customer_id: jane.customerId, communication_channel_id: 4 });
    await drain();
    const latest = push.requests[push.requests.length - 1];
    expect(new Webhook(pushSecret).verify(latest.body, latest.headers as Record<string, string>)).toMatchObject({
      push_tokens: ['apns-token-1', allowed.push_token],
    });
  });

  it('stores an in-app notification as sent at once, for the customer to read', async () => {
    const before = sms.requests.length + push.requests.length;
    await send({
      message_template_id: inAppTemplateId,
      customer_id: jane.customerId,
      communication_channel_id: 5,
      message_data: [{ parameter_name: 'order', value: 'C-3' }],
    });
    const message = await lastMessage();
    expect(message).toMatchObject({ status: 1, contact: null, next_attempt_at: null });
    expect(message.send_time).toBeInstanceOf(Date);
    expect(await drain()).toBe(0);
    expect(sms.requests.length + push.requests.length).toBe(before);
    const janeDevice = await t.deviceToken(jane);
    const inbox = await t.customer('GET', '/messages', { token: janeDevice, query: { communication_channel_id: '5' } });
    expect(inbox.body.data.messages.map((row: { title: string }) => row.title)).toEqual(['Ready']);
    const detail = await t.customer('GET', `/messages/${message.message_id}/detail`, { token: janeDevice });
    expect(detail.body.data.plain_text_body).toBe('Order C-3 is ready');
  });
});
