import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { MessageDeliveryService, MessageTemplateService } from '../../src/modules/messaging';
import { TestSmtpServer } from '../support/mail-sinks';
import { TestApp, TestCustomer, TestResponse } from '../support/test-app';

describe('Messages and message templates (HTTP)', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let token: string;
  let jane: TestCustomer;
  let max: TestCustomer;
  let janeDevice: string;
  let newsletterId: string;
  let receiptId: string;
  let smsTemplateId: string;

  const send = (message: Record<string, unknown>): Promise<TestResponse> =>
    t.enterprise('POST', '/messages/actions/send-message', { token, body: { message } });
  const drain = () => t.service(MessageDeliveryService).drain();
  const rows = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params);
  const messagesOf = async (customerId: string) =>
    rows(`SELECT * FROM messages WHERE customer_id = $1 ORDER BY created_at, message_id`, [customerId]);
  const invalidParams = (response: TestResponse) => response.body.error.error_data.invalid_params;
  const consentTo = async (customerId: string, value: number) => {
    await rows(
      `INSERT INTO customer_consents (customer_id, agreement_id, consent_value)
       SELECT $1, agreement_id, $2 FROM agreements WHERE text_id = 'marketing_communication'
       ON CONFLICT (customer_id, agreement_id) DO UPDATE SET consent_value = EXCLUDED.consent_value`,
      [customerId, value],
    );
  };

  beforeAll(async () => {
    smtp = await TestSmtpServer.start();
    t = await TestApp.create({
      TESSERA_SMTP_URL: smtp.url,
      TESSERA_MAIL_FROM: 'Shop <shop@example.test>',
      // The tests deliver by draining the queue themselves.
      TESSERA_MESSAGE_POLL: '0',
      TESSERA_MESSAGE_RETRY: '1h',
      TESSERA_MESSAGE_MAX_ATTEMPTS: '3',
      TESSERA_PUBLIC_URL: 'https://crm.example.test',
      // The attachment test serves its files on the loopback address.
      TESSERA_ATTACHMENT_PRIVATE_HOSTS: 'true',
    });
    token = await t.enterpriseToken();
    jane = await t.createCustomer({ firstName: 'Jane' });
    max = await t.createCustomer({ firstName: 'Max' });
    janeDevice = await t.deviceToken(jane);
    const templates = t.service(MessageTemplateService);
    newsletterId = await templates.create({
      name: 'Spring newsletter',
      channelCode: 1,
      groupId: 1,
      subject: 'Hello {{first_name}}',
      plainTextBody: 'Dear {{first_name}}, spring is here. {{offer}}',
      htmlBody: '<html><body><p>Dear {{first_name}}</p><p>{{offer}}</p></body></html>',
      templateData: [{ parameter_name: 'offer', value: 'No offer today.' }],
    });
    receiptId = await templates.create({
      name: 'Order receipt',
      channelCode: 1,
      groupId: 3,
      consentFree: true,
      sender: 'Orders <orders@example.test>',
      subject: 'Your order {{order}}',
      plainTextBody: 'Thank you for order {{order}}.',
    });
    smsTemplateId = await templates.create({ name: 'Spring SMS', channelCode: 2, groupId: 1, plainTextBody: 'Spring sale!' });
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  describe('templates', () => {
    it('lists the active templates with the seeded defaults, filtered by channel and name', async () => {
      const all = await t.enterprise('GET', '/message-templates', { token, query: { sort_field: 'name' } });
      expect(all.status).toBe(200);
      const names = all.body.data.message_templates.map((template: { name: string }) => template.name);
      expect(names).toEqual(expect.arrayContaining(['One-time password (e-mail)', 'One-time password (SMS)', 'Password setup (e-mail)']));
      expect(all.body.data.total_items).toBe(9);

      const emailChannel = (await rows(`SELECT communication_channel_id FROM communication_channels WHERE code = 1`))[0]
        .communication_channel_id;
      const byChannel = await t.customer('GET', '/message-templates', {
        token: janeDevice,
        query: { communication_channel_id: emailChannel, name: 'SPRING' },
      });
      expect(
        byChannel.body.data.message_templates.map((template: { message_template_id: string }) => template.message_template_id),
      ).toEqual([newsletterId]);
      const byCode = await t.enterprise('GET', '/message-templates', { token, query: { communication_channel_id: '2', name: 'spring' } });
      expect(byCode.body.data.message_templates.map((template: { message_template_id: string }) => template.message_template_id)).toEqual([
        smsTemplateId,
      ]);
      const unknownChannel = await t.enterprise('GET', '/message-templates', { token, query: { communication_channel_id: 'nope' } });
      expect(unknownChannel.status).toBe(400);
      expect(invalidParams(unknownChannel)[0]).toMatchObject({ name: 'communication_channel_id', reason: 'not_found' });
    });

    it('shows one template in the MessageTemplate shape; a removed or unknown one is 404', async () => {
      const one = await t.enterprise('GET', `/message-templates/${receiptId}`, { token });
      expect(one.status).toBe(200);
      expect(one.body.data).toEqual({
        message_template_id: receiptId,
        consent_free_template: true,
        subject: 'Your order {{order}}',
        sender: 'Orders <orders@example.test>',
        name: 'Order receipt',
        message_template_group_id: 3,
        communication_channel_id: 1,
        template_data: [],
        last_change: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
      const gone = await t.service(MessageTemplateService).create({ name: 'Gone', channelCode: 5, groupId: 2 });
      await t.dataSource.query(`UPDATE message_templates SET state = 0 WHERE message_template_id = $1`, [gone]);
      expect((await t.customer('GET', `/message-templates/${gone}`, { token: janeDevice })).status).toBe(404);
      expect((await t.enterprise('GET', '/message-templates/0123456789abcdef0123456789abcdef', { token })).status).toBe(404);
    });
  });

  describe('POST /messages/actions/send-message over SMTP', () => {
    it('queues the rendered message in state 0, then the queue delivers it to the SMTP server and marks it sent', async () => {
      await consentTo(jane.customerId, 1);
      const sent = await send({
        message_template_id: newsletterId,
        customer_id: jane.customerId,
        communication_channel_id: 1,
        message_data: [{ parameter_name: 'first_name', value: 'Jane <3' }],
        status: 1,
      });
      expect(sent.status).toBe(204);
      const [queued] = await messagesOf(jane.customerId);
      expect(queued).toMatchObject({ status: 0, kind: 'message', contact: jane.email, title: 'Hello Jane <3', attempts: 0 });
      expect(queued.html_body).toBe('<html><body><p>Dear Jane &lt;3</p><p>No offer today.</p></body></html>');
      expect(smtp.received).toHaveLength(0);

      expect(await drain()).toBe(1);
      const [delivered] = await messagesOf(jane.customerId);
      expect(delivered).toMatchObject({ status: 1, attempts: 1, next_attempt_at: null, last_error: null });
      expect(delivered.send_time).toBeInstanceOf(Date);
      expect(smtp.received).toHaveLength(1);
      const [mail] = smtp.received;
      expect(mail.to).toEqual([jane.email]);
      expect(mail.from).toBe('shop@example.test');
      expect(mail.raw).toContain('Subject: Hello Jane <3');
      expect(mail.raw).toContain('Dear Jane <3, spring is here. No offer today.');
      // The HTML part carries the open-tracking pixel; the stored body does not.
      expect(mail.raw.replace(/=\r\n/g, '')).toContain(
        `https://crm.example.test/webservice/tracking/messages/${delivered.tracking_token}.gif`,
      );
      expect(await drain()).toBe(0);
    });

    it('records a message to a customer without consent in state 4 and queues nothing; a consent-free template goes out', async () => {
      await consentTo(max.customerId, 0);
      expect((await send({ message_template_id: newsletterId, customer_id: max.customerId, communication_channel_id: 1 })).status).toBe(
        204,
      );
      expect(
        (
          await send({
            message_template_id: receiptId,
            customer_id: max.customerId,
            communication_channel_id: 1,
            message_data: [{ parameter_name: 'order', value: 'A-17' }],
          })
        ).status,
      ).toBe(204);
      const before = smtp.received.length;
      await drain();
      const [newsletter, receipt] = await messagesOf(max.customerId);
      expect(newsletter).toMatchObject({ status: 4, attempts: 0, next_attempt_at: null });
      expect(receipt).toMatchObject({ status: 1, title: 'Your order A-17', attempts: 1 });
      expect(smtp.received.slice(before).map((mail) => mail.from)).toEqual(['orders@example.test']);
    });

    it('marks a permanently refused address -1 and a temporarily refused one 5, retried with backoff until it fails (2)', async () => {
      await send({
        message_template_id: receiptId,
        customer_id: max.customerId,
        communication_channel_id: 1,
        contact: 'bounce@example.test',
      });
      await send({
        message_template_id: receiptId,
        customer_id: max.customerId,
        communication_channel_id: 1,
        contact: 'busy@example.test',
      });
      await drain();
      const find = async (contact: string) => (await rows(`SELECT * FROM messages WHERE contact = $1`, [contact]))[0];
      expect(await find('bounce@example.test')).toMatchObject({ status: -1, attempts: 1, next_attempt_at: null });
      const waiting = await find('busy@example.test');
      expect(waiting).toMatchObject({ status: 5, attempts: 1 });
      expect(waiting.last_error).toContain('451');
      // The first retry waits TESSERA_MESSAGE_RETRY (1h), the next one twice that.
      const firstWait = (waiting.next_attempt_at.getTime() - Date.now()) / 1000;
      expect(firstWait).toBeGreaterThan(3500);
      expect(firstWait).toBeLessThanOrEqual(3600);
      expect(await drain()).toBe(0);

      await rows(`UPDATE messages SET next_attempt_at = now() WHERE message_id = $1`, [waiting.message_id]);
      await drain();
      const second = await find('busy@example.test');
      expect(second).toMatchObject({ status: 5, attempts: 2 });
      expect((second.next_attempt_at.getTime() - Date.now()) / 1000).toBeGreaterThan(7100);

      await rows(`UPDATE messages SET next_attempt_at = now() WHERE message_id = $1`, [waiting.message_id]);
      await drain();
      expect(await find('busy@example.test')).toMatchObject({ status: 2, attempts: 3, next_attempt_at: null });
    });

    it('refuses a channel this server cannot deliver, a template of another channel and a contact that does not fit, storing nothing', async () => {
      const count = async () => Number((await rows(`SELECT count(*) FROM messages`))[0].count);
      const before = await count();
      const sms = await send({ message_template_id: smsTemplateId, customer_id: jane.customerId, communication_channel_id: 2 });
      expect(sms.status).toBe(400);
      expect(invalidParams(sms)[0]).toMatchObject({ name: 'message.communication_channel_id', reason: 'not_allowed_value' });
      expect(invalidParams(sms)[0].message).toContain('SMS delivery is not configured');

      const mismatch = await send({ message_template_id: smsTemplateId, customer_id: jane.customerId, communication_channel_id: 1 });
      expect(invalidParams(mismatch)[0]).toMatchObject({ name: 'message.communication_channel_id', reason: 'not_allowed_value' });
      const viber = await send({ message_template_id: newsletterId, customer_id: jane.customerId, communication_channel_id: 9 });
      expect(invalidParams(viber)[0]).toMatchObject({ name: 'message.communication_channel_id', reason: 'not_allowed_value' });
      const contact = await send({
        message_template_id: newsletterId,
        customer_id: jane.customerId,
        communication_channel_id: 1,
        contact: '+420777',
      });
      expect(invalidParams(contact)[0]).toMatchObject({ name: 'message.contact', reason: 'invalid_value_format' });
      const unknown = await send({ message_template_id: 'nope', customer_id: jane.customerId, communication_channel_id: 1 });
      expect(invalidParams(unknown)[0]).toMatchObject({ name: 'message.message_template_id', reason: 'not_found' });
      const nobody = await send({ message_template_id: newsletterId, customer_id: 'nobody', communication_channel_id: 1 });
      expect(invalidParams(nobody)[0]).toMatchObject({ name: 'message.customer_id', reason: 'not_found' });
      const extra = await send({
        message_template_id: newsletterId,
        customer_id: jane.customerId,
        communication_channel_id: 1,
        priority: 1,
      });
      expect(invalidParams(extra)[0]).toMatchObject({ name: 'message.priority', reason: 'not_allowed_value' });
      expect(await count()).toBe(before);
    });

    it('is delivered in the background by another instance polling the same database', async () => {
      const deliverer = await t.sibling({ TESSERA_SMTP_URL: smtp.url, TESSERA_MESSAGE_POLL: '1s' });
      try {
        await send({
          message_template_id: receiptId,
          customer_id: jane.customerId,
          communication_channel_id: 1,
          contact: 'later@example.test',
        });
        const deadline = Date.now() + 10_000;
        let status: number | undefined;
        while (Date.now() < deadline) {
          status = (await rows(`SELECT status FROM messages WHERE contact = 'later@example.test'`))[0].status;
          if (status === 1) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe(1);
        expect(smtp.received.some((mail) => mail.to.includes('later@example.test'))).toBe(true);
      } finally {
        await deliverer.app.close();
      }
    });

    it('attaches base64 and fetched files to an e-mail, lists their names in the detail and drops their content after delivery', async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('picture')]);
      const files = createServer((request, response) => {
        if (request.url === '/terms.pdf') response.end(Buffer.from('%PDF-1.4 terms'));
        else if (request.url === '/big.pdf') response.end(Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(1024 * 1024)]));
        else response.end('plain text');
      });
      await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
      const base = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
      try {
        const message = (attachments: unknown[]) => ({
          message_template_id: receiptId,
          customer_id: jane.customerId,
          communication_channel_id: 1,
          contact: 'files@example.test',
          attachments,
        });
        const refused = [
          [{ upload_method: 'base64', file_data: Buffer.from('just text').toString('base64') }],
          [{ upload_method: 'url', file_data: `${base}/notes.txt` }],
          [{ upload_method: 'url', file_data: `${base}/big.pdf` }],
          [{ upload_method: 'url', file_data: 'ftp://example.test/terms.pdf' }],
        ];
        for (const attachments of refused) {
          const response = await send(message(attachments));
          expect(invalidParams(response)[0]).toMatchObject({ name: 'message.attachments[0].file_data', reason: 'not_allowed_value' });
        }
        // By default a URL may not reach the server's own network, nor redirect there.
        const guarded = await t.sibling({ TESSERA_SMTP_URL: smtp.url, TESSERA_MESSAGE_POLL: '0' });
        try {
          for (const address of [`${base}/terms.pdf`, 'http://[::1]:9/terms.pdf', 'http://10.1.2.3/terms.pdf']) {
            const response = await guarded.enterprise('POST', '/messages/actions/send-message', {
              token,
              body: { message: message([{ upload_method: 'url', file_data: address }]) },
            });
            expect(invalidParams(response)[0]).toMatchObject({
              name: 'message.attachments[0].file_data',
              reason: 'not_allowed_value',
              message: 'Attachments are fetched from public addresses only',
            });
          }
        } finally {
          await guarded.app.close();
        }
        const sent = await send(
          message([
            { upload_method: 'base64', file_data: Buffer.concat([png, Buffer.alloc(300 * 1024)]).toString('base64') },
            { upload_method: 'url', file_data: `${base}/terms.pdf`, cache_for: 60 },
          ]),
        );
        expect(sent.status).toBe(204);
        await drain();
        const [row] = await rows(`SELECT * FROM messages WHERE contact = 'files@example.test'`);
        expect(row.status).toBe(1);
        const mail = smtp.received.find((received) => received.to.includes('files@example.test'));
        expect(mail?.raw).toContain('filename=attachment-1.png');
        expect(mail?.raw).toContain('filename=terms.pdf');
        const stored = await rows(
          `SELECT file_name, content IS NULL AS dropped FROM message_attachments WHERE message_id = $1 ORDER BY position`,
          [row.message_id],
        );
        expect(stored).toEqual([
          { file_name: 'attachment-1.png', dropped: true },
          { file_name: 'terms.pdf', dropped: false },
        ]);
        const detail = await t.enterprise('GET', `/messages/${row.message_id}/detail`, { token });
        expect(detail.body.data.attachments).toEqual([{ attachment_format: 'attachment-1.png' }, { attachment_format: 'terms.pdf' }]);
      } finally {
        await new Promise((resolve) => files.close(resolve));
      }
    });

    it('refuses attachments on channels other than e-mail', async () => {
      const inApp = await t.service(MessageTemplateService).create({ name: 'Note', channelCode: 5, groupId: 3, consentFree: true });
      const response = await send({
        message_template_id: inApp,
        customer_id: jane.customerId,
        communication_channel_id: 5,
        attachments: [{ upload_method: 'base64', file_data: 'JVBERi0=' }],
      });
      expect(invalidParams(response)[0]).toMatchObject({ name: 'message.attachments', reason: 'not_allowed_value' });
      expect(await rows(`SELECT * FROM messages WHERE message_template_id = $1`, [inApp])).toEqual([]);
    });

    it('is Enterprise-only', async () => {
      const response = await t.customer('POST', '/messages/actions/send-message', {
        token: janeDevice,
        body: { message: { message_template_id: receiptId, customer_id: jane.customerId, communication_channel_id: 1 } },
      });
      expect(response.status).toBe(403);
      expect(response.body.error.type).toBe('interface_not_allowed_exception');
    });
  });

  describe('reads', () => {
    const ids = (response: TestResponse) => response.body.data.messages.map((message: { message_id: string }) => message.message_id);

    it('lists messages with filters, sorting and paging on the Enterprise interface', async () => {
      const janes = await messagesOf(jane.customerId);
      const maxes = await messagesOf(max.customerId);
      const all = await t.enterprise('GET', '/messages', { token });
      expect(all.status).toBe(200);
      expect(all.body.data.total_items).toBe(janes.length + maxes.length);

      const mine = await t.enterprise('GET', '/messages', { token, query: { customer_id: jane.customerId } });
      expect(ids(mine)).toEqual(janes.map((row: { message_id: string }) => row.message_id));
      expect(mine.body.data.messages[0]).toEqual({
        message_id: janes[0].message_id,
        status: 1,
        message_template_id: newsletterId,
        customer_id: jane.customerId,
        contact: jane.email,
        title: 'Hello Jane <3',
        send_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        communication_channel_id: 1,
        message_data: [{ parameter_name: 'first_name', value: 'Jane <3' }],
        last_change: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });

      const byContact = await t.enterprise('GET', '/messages', { token, query: { contact: 'BOUNCE@example.test' } });
      expect(byContact.body.data.messages.map((message: { status: number }) => message.status)).toEqual([-1]);
      const byChannel = await t.enterprise('GET', '/messages', { token, query: { communication_channel_id: '2' } });
      expect(byChannel.body.data.total_items).toBe(0);
      const sentSince = await t.enterprise('GET', '/messages', {
        token,
        query: { send_time_from: '2000-01-01T00:00:00Z', sort_field: 'status', sort_direction: 'DESC' },
      });
      const [{ sent }] = await rows(`SELECT count(*)::int AS sent FROM messages WHERE send_time IS NOT NULL`);
      expect(sent).toBeGreaterThan(2);
      expect(sentSince.body.data.messages.map((message: { status: number }) => message.status)).toEqual(Array(sent).fill(1));
      const future = await t.enterprise('GET', '/messages', { token, query: { send_time_to: '2000-01-01 00:00:00' } });
      expect(future.body.data.total_items).toBe(0);
      const page = await t.enterprise('GET', '/messages', { token, query: { count: '2', offset: '1' } });
      expect(ids(page)).toEqual(ids(all).slice(1, 3));
      const badTime = await t.enterprise('GET', '/messages', { token, query: { send_time_from: 'yesterday' } });
      expect(invalidParams(badTime)[0]).toMatchObject({ name: 'send_time_from', reason: 'invalid_value_format' });
      const badSort = await t.enterprise('GET', '/messages', { token, query: { sort_field: 'html_body' } });
      expect(badSort.status).toBe(400);
    });

    it("shows the logged-in customer's own messages only on the Customer interface", async () => {
      const janes = await messagesOf(jane.customerId);
      const [maxFirst] = await messagesOf(max.customerId);
      const own = await t.customer('GET', '/messages', { token: janeDevice });
      expect(ids(own)).toEqual(janes.map((row: { message_id: string }) => row.message_id));
      const foreign = await t.customer('GET', '/messages', { token: janeDevice, query: { customer_id: max.customerId } });
      expect(invalidParams(foreign)[0]).toMatchObject({ name: 'customer_id', reason: 'not_belong_to_logged_in_customer' });
      expect((await t.customer('GET', `/messages/${maxFirst.message_id}`, { token: janeDevice })).status).toBe(404);
      expect((await t.customer('GET', `/messages/${maxFirst.message_id}/detail`, { token: janeDevice })).status).toBe(404);
      expect((await t.customer('GET', `/messages/${janes[0].message_id}`, { token: janeDevice })).body.data.message_id).toBe(
        janes[0].message_id,
      );
      const anonymous = await t.deviceToken();
      const noCustomer = await t.customer('GET', '/messages', { token: anonymous });
      expect(noCustomer.status).toBe(403);
      expect(noCustomer.body.error.type).toBe('customer_not_logged_in_exception');
    });

    it('shows the rendered bodies in the detail; an unknown message is 404', async () => {
      const [first] = await messagesOf(jane.customerId);
      const detail = await t.enterprise('GET', `/messages/${first.message_id}/detail`, { token });
      expect(detail.status).toBe(200);
      expect(detail.body.data).toEqual({
        plain_text_body: 'Dear Jane <3, spring is here. No offer today.',
        html_body: '<html><body><p>Dear Jane &lt;3</p><p>No offer today.</p></body></html>',
        attachments: [],
        last_change: expect.any(String),
      });
      const missing = await t.enterprise('GET', '/messages/0123456789abcdef0123456789abcdef', { token });
      expect(missing.status).toBe(404);
      expect(missing.body.error.error_data).toMatchObject({ resource_name: 'messages' });
    });
  });

  describe('open tracking', () => {
    it('records the first load of the pixel with the mail client, answers the same GIF to any name, and shows it in the message', async () => {
      const [first] = await messagesOf(jane.customerId);
      const load = (file: string, agent: string) =>
        t.request('GET', `/webservice/tracking/messages/${file}`, { headers: { 'user-agent': agent, 'accept-language': 'cs,en;q=0.5' } });
      const opened = await load(`${first.tracking_token}.gif`, 'Thunderbird/128');
      expect(opened.status).toBe(200);
      expect(opened.headers['content-type']).toBe('image/gif');
      expect(opened.headers['cache-control']).toBe('no-store');
      const again = await load(`${first.tracking_token}.gif`, 'Outlook');
      expect(again.text).toBe(opened.text);
      expect((await load(`${'0'.repeat(64)}.gif`, 'Probe')).text).toBe(opened.text);
      expect((await load('not-a-token', 'Probe')).status).toBe(200);

      const [tracked] = await messagesOf(jane.customerId);
      expect(tracked).toMatchObject({ mail_client_user_agent: 'Thunderbird/128', mail_client_language: 'cs,en;q=0.5' });
      expect(tracked.opened_time).toBeInstanceOf(Date);
      const shown = await t.enterprise('GET', `/messages/${first.message_id}`, { token });
      expect(shown.body.data).toMatchObject({
        opened_time: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
        mail_client_user_agent: 'Thunderbird/128',
        mail_client_language: 'cs,en;q=0.5',
      });
    });
  });
});
