import { MessageDeliveryService, MessageTemplateService } from '../../src/modules/messaging';
import { cliWorkspace } from '../support/cli-run';
import { TestSmtpServer } from '../support/mail-sinks';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

/** Mailings: a template sent to an audience's members who consented, and the delivery report. */
describe('Operator API: mailings', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let token: string;
  let owner: string;
  let newsletterId: string;
  let smsTemplateId: string;

  const rows = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params);
  const count = async (table: string): Promise<number> => Number((await rows(`SELECT count(*) FROM ${table}`))[0].count);
  const invalidParam = (response: TestResponse) => response.body.error.error_data.invalid_params[0];
  const messagesOf = (customerId: string) => rows(`SELECT * FROM messages WHERE customer_id = $1`, [customerId]);
  const consentTo = (customerId: string, value: number) =>
    rows(
      `INSERT INTO customer_consents (customer_id, agreement_id, consent_value)
       SELECT $1, agreement_id, $2 FROM agreements WHERE text_id = 'marketing_communication'
       ON CONFLICT (customer_id, agreement_id) DO UPDATE SET consent_value = EXCLUDED.consent_value`,
      [customerId, value],
    );
  const segment = async (name: string, members: TestCustomer[]) => {
    const id = (await t.operator('POST', '/segments', { token, body: { name } })).body.data.segment_id as string;
    const added = await t.operator('POST', `/segments/${id}/members`, {
      token: owner,
      body: { customer_ids: members.map((member) => member.customerId) },
    });
    expect(added.status).toBeLessThan(300);
    return id;
  };
  const audience = async (name: string, channel: string, segmentIds: string[]) =>
    (await t.operator('POST', '/audiences', { token, body: { name, communication_channel_id: channel, segment_ids: segmentIds } })).body
      .data.audience_id as string;

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.create({
      TESSERA_SMTP_URL: smtp.url,
      TESSERA_MAIL_FROM: 'Shop <shop@example.test>',
      TESSERA_MESSAGE_POLL: '0',
      TESSERA_MESSAGE_RETRY: '1h',
    });
    token = (await t.operatorToken(['programme_manager'])).token;
    owner = (await t.operatorToken(['owner'])).token;
    const templates = t.service(MessageTemplateService);
    newsletterId = await templates.create({
      name: 'Winter newsletter',
      channelCode: 1,
      groupId: 1,
      subject: 'Winter at {{shop}}',
      plainTextBody: 'Winter is here at {{shop}}.',
      templateData: [{ parameter_name: 'shop', value: 'the shop' }],
    });
    smsTemplateId = await templates.create({ name: 'Winter SMS', channelCode: 2, groupId: 1, plainTextBody: 'Winter sale!' });
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('queues one message per consenting member, skips the others, and reports the delivery', async () => {
    const ann = await t.createCustomer({ firstName: 'Ann' });
    const bob = await t.createCustomer({ firstName: 'Bob' });
    const cid = await t.createCustomer({ firstName: 'Cid' });
    const dee = await t.createCustomer({ firstName: 'Dee' });
    const bounced = await t.createCustomer({ email: `bounce-${Date.now()}@example.test` });
    const outsider = await t.createCustomer({ firstName: 'Out' });
    for (const customer of [ann, bob, dee, bounced, outsider]) await consentTo(customer.customerId, 1);
    await consentTo(cid.customerId, 0);
    // Bob is in both segments; Dee consented but has no e-mail address.
    await rows(`UPDATE customers SET email = NULL WHERE customer_id = $1`, [dee.customerId]);
    const runners = await segment('Winter runners', [ann, bob, cid]);
    const skaters = await segment('Winter skaters', [bob, dee, bounced]);
    const audienceId = await audience('Winter sports', 'email', [runners, skaters]);

    const sent = await t.operator('POST', '/mailings', {
      token,
      body: { audience_id: audienceId, message_template_id: newsletterId, message_data: [{ parameter_name: 'shop', value: 'Tessera' }] },
    });
    expect(sent.status).toBe(201);
    const mailingId = sent.body.data.mailing_id as string;
    expect(sent.body.data).toEqual({
      mailing_id: mailingId,
      audience_id: audienceId,
      message_template_id: newsletterId,
      communication_channel_id: 1,
      created_at: expect.any(String),
      member_count: 5,
      skipped_without_consent: 1,
      skipped_without_contact: 1,
      queued_count: 3,
      delivery: { waiting: 3, sent: 0, failed: 0, bounced: 0, opened: 0 },
    });
    const annMessages = await messagesOf(ann.customerId);
    expect(annMessages).toEqual([
      expect.objectContaining({ status: 0, mailing_id: mailingId, title: 'Winter at Tessera', contact: ann.email, kind: 'message' }),
    ]);
    expect(annMessages[0].tracking_token).toMatch(/^[0-9a-f]{64}$/);
    expect(await messagesOf(bob.customerId)).toHaveLength(1);
    for (const skipped of [cid, dee, outsider]) expect(await messagesOf(skipped.customerId)).toEqual([]);

    await t.service(MessageDeliveryService).drain();
    const report = await t.operator('GET', `/mailings/${mailingId}`, { token });
    expect(report.status).toBe(200);
    expect(report.body.data).toEqual({ ...sent.body.data, delivery: { waiting: 0, sent: 2, failed: 0, bounced: 1, opened: 0 } });
    expect(smtp.received.flatMap((mail) => mail.to).sort()).toEqual(expect.arrayContaining([ann.email, bob.email]));

    const [event] = (await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'mailing', target_id: mailingId } }))
      .body.data.audit_events;
    expect(event).toMatchObject({
      operation: 'POST /mailings',
      after: { audience_id: audienceId, message_template_id: newsletterId, member_count: 5, queued_count: 3 },
    });
  });

  it('refuses an unknown template, a template of another channel, an unknown or inactive audience, and changes nothing', async () => {
    const eve = await t.createCustomer();
    await consentTo(eve.customerId, 1);
    const audienceId = await audience('Eve alone', 'email', [await segment('Just Eve', [eve])]);
    const labelOnly = await audience('No segments', 'email', []);
    const before = [await count('messages'), await count('mailings'), await count('audit_events')];
    const refuse = async (body: Record<string, string>, field: string, reason: string) => {
      const refused = await t.operator('POST', '/mailings', { token, body });
      expect(refused.status).toBe(400);
      expect(invalidParam(refused)).toMatchObject({ name: field, reason });
    };
    await refuse({ audience_id: audienceId, message_template_id: 'no-such-template' }, 'message_template_id', 'not_found');
    await refuse({ audience_id: audienceId, message_template_id: smsTemplateId }, 'message_template_id', 'not_allowed_value');
    await refuse({ audience_id: 'no-such-audience', message_template_id: newsletterId }, 'audience_id', 'not_found');
    await refuse({ audience_id: labelOnly, message_template_id: newsletterId }, 'audience_id', 'not_allowed_value');
    expect([await count('messages'), await count('mailings'), await count('audit_events')]).toEqual(before);
    await t.operator('POST', `/audiences/${audienceId}/actions/deactivate`, { token });
    const deactivated = [await count('messages'), await count('mailings'), await count('audit_events')];
    await refuse({ audience_id: audienceId, message_template_id: newsletterId }, 'audience_id', 'not_allowed_value');
    expect([await count('messages'), await count('mailings'), await count('audit_events')]).toEqual(deactivated);
    expect(await messagesOf(eve.customerId)).toEqual([]);
    expect((await t.operator('GET', '/mailings/0123456789abcdef0123456789abcdef', { token })).status).toBe(404);
    const missing = await t.operator('POST', '/mailings', { token, body: { audience_id: audienceId } });
    expect(missing.status).toBe(400);
  });

  it('sends and reports through `tessera audience send-message` and `mailing`, an in-app note stored as sent', async () => {
    const [fay, gus] = [await t.createCustomer(), await t.createCustomer()];
    await consentTo(fay.customerId, 1);
    const noteId = await t.service(MessageTemplateService).create({ name: 'Winter note', channelCode: 5, groupId: 1, plainTextBody: 'Hi' });
    const audienceId = await audience('In-app winter', 'internal_notification', [await segment('Fay and Gus', [fay, gus])]);
    const workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'mailings');
    try {
      const sent = await workspace.run(['audience', 'send-message', audienceId, noteId, '--json']);
      expect(sent).toMatchObject({ code: 0, stderr: '' });
      const report = JSON.parse(sent.stdout);
      expect(report).toMatchObject({ member_count: 2, skipped_without_consent: 1, queued_count: 1, delivery: { sent: 1, waiting: 0 } });
      expect(await messagesOf(fay.customerId)).toEqual([expect.objectContaining({ status: 1, contact: null, title: 'Hi' })]);
      expect(await messagesOf(gus.customerId)).toEqual([]);
      const shown = await workspace.run(['audience', 'mailing', report.mailing_id]);
      expect(shown.code).toBe(0);
      expect(shown.stdout).toMatch(/skipped without consent\s+1\n/);
      const [event] = (
        await t.operator('GET', '/audit-events', { token: owner, query: { target_type: 'mailing', target_id: report.mailing_id } })
      ).body.data.audit_events;
      expect(event).toMatchObject({ operation: 'audience send-message' });
      const refused = await workspace.run(['audience', 'send-message', audienceId, newsletterId]);
      expect(refused.code).not.toBe(0);
    } finally {
      workspace.remove();
    }
  });
});
