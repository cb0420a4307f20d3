import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Webhook } from 'standardwebhooks';
import { WebhookDefinitionRepository, WebhookDeliveryService, WebhookEndpointService } from '../../src/modules/webhooks';
import { startBackgroundWorker } from '../../src/worker/background-worker';
import { purchaseSetting, teaPurchase } from '../support/tea-purchase';
import { TestApp } from '../support/test-app';
import { WebhookReceiver } from '../support/webhook-receiver';
import { writeOutboxEvent } from '../../src/platform/outbox';

const SETTINGS = {
  TESSERA_SECRET_KEY: randomBytes(32).toString('base64'),
  TESSERA_WEBHOOK_PRIVATE_TARGETS: 'true',
  TESSERA_WEBHOOK_RETRY: '0',
};

describe('webhooks', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  const endpoints = () => t.service(WebhookEndpointService);
  const webhook = (endpointId: string) => t.service(WebhookDefinitionRepository).find(endpointId, t.dataSource.manager);
  const drain = () => t.service(WebhookDeliveryService).drain();

  async function event(customerId: string): Promise<string> {
    return t.dataSource.transaction((manager) =>
      writeOutboxEvent(manager, {
        type: 'purchase',
        customerId,
        externalId: `bill-${randomBytes(4).toString('hex')}`,
        data: { total: '40.00' },
      }),
    );
  }

  const deliveryRow = async (eventId: string) =>
    (await t.dataSource.query(`SELECT status, attempts, last_status_code FROM webhook_deliveries WHERE event_id = $1`, [eventId]))[0];

  beforeAll(async () => {
    t = await TestApp.create(SETTINGS);
    receiver = await WebhookReceiver.start();
  });

  afterEach(() => t.dataSource.query(`DELETE FROM webhook_endpoints`));
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('delivers an event signed so that an independent verifier accepts it, and stamps the outbox row', async () => {
    const { secret } = await endpoints().add(receiver.url, ['purchase']);
    const customer = await t.createCustomer();
    const eventId = await event(customer.customerId);
    receiver.requests.length = 0;
    expect(await drain()).toBe(1);
    expect(receiver.requests).toHaveLength(1);
    const [request] = receiver.requests;
    expect(request.headers['webhook-id']).toBe(eventId);
    const payload = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Record<string, any>;
    expect(payload).toMatchObject({
      type: 'purchase',
      data: { event_id: eventId, customer_id: customer.customerId, data: { total: '40.00' }, resource_type: 'purchase', resource: null },
    });
    expect(await deliveryRow(eventId)).toEqual({ status: 1, attempts: 1, last_status_code: 200 });
    const [{ delivered_at: deliveredAt }] = await t.dataSource.query(`SELECT delivered_at FROM customer_events WHERE event_id = $1`, [
      eventId,
    ]);
    expect(deliveredAt).not.toBeNull();
    expect(await drain()).toBe(0);
  });

  it('sends in the same run an event written just before it, however soon the run follows', async () => {
    // The run's start used to pass through a JS Date, losing its microseconds: a delivery queued by the
    // fan-out in the same millisecond looked due after the start and waited for the next run.
    await endpoints().add(receiver.url, ['purchase']);
    const customer = await t.createCustomer();
    const late: number[] = [];
    for (let round = 0; round < 60; round++) {
      await event(customer.customerId);
      if ((await drain()) !== 1) late.push(round);
    }
    expect(late).toEqual([]);
  });

  it('delivers the event of a purchase sent through the API', async () => {
    const { secret } = await endpoints().add(receiver.url, ['purchase']);
    const customer = await t.createCustomer();
    const billId = `bill-${randomBytes(6).toString('hex')}`;
    const sent = await t.enterprise('POST', '/purchases/actions/send-purchase', {
      token: await t.enterpriseToken(),
      body: teaPurchase(await purchaseSetting(t.dataSource), customer.customerId, { bill_id: billId }),
    });
    expect(sent.status).toBe(201);
    receiver.requests.length = 0;
    expect(await drain()).toBe(1);
    const [request] = receiver.requests;
    const payload = new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as Record<string, any>;
    expect(payload).toMatchObject({ type: 'purchase', data: { customer_id: customer.customerId, external_id: billId } });
    const [{ event_id: eventId }] = await t.dataSource.query(`SELECT event_id FROM customer_events WHERE external_id = $1`, [billId]);
    expect(request.headers['webhook-id']).toBe(eventId);
    // The purchase itself, as the Enterprise interface's GET answers it.
    const read = await t.enterprise('GET', `/purchases/${sent.body.data.purchase_id}`, { token: await t.enterpriseToken() });
    expect(payload.data.resource_type).toBe('purchase');
    expect(payload.data.resource).toEqual(read.body.data);
  });

  it('retries after a 500 with the same webhook-id and delivers exactly once more', async () => {
    await endpoints().add(receiver.url, []);
    const eventId = await event((await t.createCustomer()).customerId);
    receiver.requests.length = 0;
    receiver.script = [500, 200];
    expect(await drain()).toBe(1);
    expect(await deliveryRow(eventId)).toEqual({ status: 0, attempts: 1, last_status_code: 500 });
    expect(await drain()).toBe(1);
    expect(await drain()).toBe(0);
    expect(receiver.requests.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(await deliveryRow(eventId)).toEqual({ status: 1, attempts: 2, last_status_code: 200 });
  });

  it('disables an endpoint answering 410', async () => {
    const warn = jest.spyOn(Logger.prototype, 'warn');
    const { endpointId } = await endpoints().add(receiver.url, []);
    const customer = await t.createCustomer();
    const first = await event(customer.customerId);
    await event(customer.customerId);
    receiver.requests.length = 0;
    receiver.script = [410];
    await drain();
    expect(receiver.requests).toHaveLength(1);
    expect(await deliveryRow(first)).toMatchObject({ status: 2, last_status_code: 410 });
    expect(await webhook(endpointId)).toMatchObject({ state: 2 });
    // One line naming the endpoint; a poll that disables nothing logs none (it once logged "undefined" twice).
    const disabledLines = warn.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('Webhook endpoint'));
    expect(disabledLines).toEqual([expect.stringMatching(new RegExp(`^Webhook endpoint ${endpointId} disabled: `))]);
    warn.mockClear();
    await drain();
    expect(warn.mock.calls.map(([line]) => String(line)).filter((line) => line.startsWith('Webhook endpoint'))).toEqual([]);
    warn.mockRestore();
  });

  it('replay resends the events with their ids', async () => {
    const { endpointId } = await endpoints().add(receiver.url, ['purchase']);
    const customer = await t.createCustomer();
    const ids = [await event(customer.customerId), await event(customer.customerId)];
    await drain();
    receiver.requests.length = 0;
    expect(await t.dataSource.transaction((manager) => endpoints().replay(endpointId, undefined, manager))).toBeGreaterThanOrEqual(2);
    await drain();
    const resent = receiver.requests.map((request) => request.headers['webhook-id']);
    // In order for the customer: the first event before the second.
    expect(resent.filter((id) => ids.includes(id as string))).toEqual(ids);
  });

  it('drops finished deliveries older than the log retention without queueing their events again', async () => {
    const { endpointId } = await endpoints().add(receiver.url, []);
    const eventId = await event((await t.createCustomer()).customerId);
    await drain();
    await t.dataSource.query(`UPDATE webhook_endpoints SET created_at = now() - interval '40 days' WHERE endpoint_id = $1`, [endpointId]);
    await t.dataSource.query(
      `UPDATE customer_events SET created_at = now() - interval '31 days', recorded_at = now() - interval '31 days', delivered_at = NULL WHERE event_id = $1`,
      [eventId],
    );
    await t.dataSource.query(`UPDATE webhook_deliveries SET created_at = now() - interval '31 days' WHERE event_id = $1`, [eventId]);
    receiver.requests.length = 0;
    expect(await drain()).toBe(0);
    expect(receiver.requests).toHaveLength(0);
    expect(await t.dataSource.query(`SELECT * FROM webhook_deliveries WHERE event_id = $1`, [eventId])).toEqual([]);
  });

  it('two instances draining at once deliver each event exactly once', async () => {
    const sibling = await t.sibling(SETTINGS);
    try {
      await endpoints().add(receiver.url, []);
      const customers = [await t.createCustomer(), await t.createCustomer(), await t.createCustomer()];
      const ids: string[] = [];
      for (let round = 0; round < 10; round++) for (const customer of customers) ids.push(await event(customer.customerId));
      receiver.requests.length = 0;
      await Promise.all([drain(), sibling.app.get(WebhookDeliveryService).drain()]);
      const received = receiver.requests.map((request) => request.headers['webhook-id'] as string);
      expect([...received].sort()).toEqual([...ids].sort());
      // Per customer, in the order the events were written.
      for (const customer of customers) {
        const own = ids.filter((_, index) => index % 3 === customers.indexOf(customer));
        expect(received.filter((id) => own.includes(id))).toEqual(own);
      }
    } finally {
      await sibling.close();
    }
  });

  it('a server polling in the background sends by itself', async () => {
    const polling = await t.sibling({ ...SETTINGS, TESSERA_WEBHOOK_POLL: '1s' });
    try {
      await endpoints().add(receiver.url, []);
      receiver.requests.length = 0;
      const eventId = await event((await t.createCustomer()).customerId);
      const deadline = Date.now() + 10_000;
      while (receiver.requests.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.requests.map((request) => request.headers['webhook-id'])).toEqual([eventId]);
    } finally {
      await polling.close();
    }
  });

  it('refuses a private target at add and at delivery unless allowed', async () => {
    const strict = await t.sibling({ ...SETTINGS, TESSERA_WEBHOOK_PRIVATE_TARGETS: 'false' });
    try {
      await expect(strict.app.get(WebhookEndpointService).add(receiver.url, [])).rejects.toThrow();
      expect(await t.dataSource.query(`SELECT * FROM webhook_endpoints`)).toEqual([]);
      await endpoints().add(receiver.url, []);
      const eventId = await event((await t.createCustomer()).customerId);
      receiver.requests.length = 0;
      await strict.app.get(WebhookDeliveryService).drain();
      expect(receiver.requests).toHaveLength(0);
      const [row] = await t.dataSource.query(`SELECT status, last_error FROM webhook_deliveries WHERE event_id = $1`, [eventId]);
      expect(row.status).toBe(0);
      expect(row.last_error).toMatch(/private/);
    } finally {
      await strict.close();
    }
  });

  it('gives a delivery up three days after it was queued and disables an endpoint that failed all that time', async () => {
    const { endpointId } = await endpoints().add(receiver.url, []);
    const eventId = await event((await t.createCustomer()).customerId);
    receiver.status = 500;
    try {
      await drain();
      expect(await deliveryRow(eventId)).toEqual({ status: 0, attempts: 1, last_status_code: 500 });
      // Three days pass: the delivery was queued, and the endpoint has been failing, since then.
      await t.dataSource.query(
        `UPDATE webhook_deliveries SET created_at = now() - interval '3 days 1 minute', next_attempt_at = now() WHERE event_id = $1`,
        [eventId],
      );
      await t.dataSource.query(`UPDATE webhook_endpoints SET failing_since = now() - interval '3 days 1 minute' WHERE endpoint_id = $1`, [
        endpointId,
      ]);
      await drain();
    } finally {
      receiver.status = 200;
    }
    expect(await deliveryRow(eventId)).toEqual({ status: 2, attempts: 2, last_status_code: 500 });
    expect(await webhook(endpointId)).toMatchObject({ state: 2, disabled_reason: 'It has failed for three days' });
  });

  it('is sent by a background worker without HTTP (tessera worker) while the server sends none', async () => {
    const worker = await startBackgroundWorker(
      { ...t.config, webhookPollSeconds: 1 },
      (t.dataSource.options as { url: string }).url,
      false,
    );
    try {
      const { secret } = await endpoints().add(receiver.url, []);
      receiver.requests.length = 0;
      const eventId = await event((await t.createCustomer()).customerId);
      const deadline = Date.now() + 10_000;
      while (receiver.requests.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(receiver.requests.map((request) => request.headers['webhook-id'])).toEqual([eventId]);
      const [request] = receiver.requests;
      expect(new Webhook(secret).verify(request.body, request.headers as Record<string, string>)).toMatchObject({ type: 'purchase' });
    } finally {
      await worker.close();
    }
  });
});
