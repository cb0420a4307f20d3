import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { writeOutboxEvent } from '../../src/platform/outbox';
import { WebhookDeliveryService } from '../../src/modules/webhooks';
import { ConsoleBrowser, describeInBrowser } from '../support/console-browser';
import { WebhookReceiver } from '../support/webhook-receiver';

/** A webhook subscribed in the console to a receiver in the test, an event delivered to it, and the delivery in its log. */
describeInBrowser('Console: webhooks', () => {
  let b: ConsoleBrowser;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    b = await ConsoleBrowser.start({
      TESSERA_SECRET_KEY: randomBytes(32).toString('base64'),
      TESSERA_WEBHOOK_PRIVATE_TARGETS: 'true',
      TESSERA_WEBHOOK_RETRY: '0',
    });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await receiver?.close();
  }, 120_000);

  it('subscribes a webhook and shows its signing secret once, shows the delivery of an event in its log, and replays it', async () => {
    const { page, context } = await b.signedIn(['owner']);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await page.getByRole('link', { name: 'Create' }).click();
    await page.getByLabel('URL').fill('not a url');
    await page.getByText('An address starting with http:// or https://').waitFor();
    await page.getByLabel('URL').fill(receiver.url);
    await page.getByRole('button', { name: 'Save' }).click();

    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await shown.getByText('it will not be shown again').waitFor();
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied').waitFor();
    expect(
      await page.evaluate(() =>
        (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText(),
      ),
    ).toBe(secret);
    await b.screenshot(page, 'webhook-secret-once');
    await shown.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('cell', { name: receiver.url }).waitFor();

    const customer = await b.t.createCustomer();
    const eventId = await b.t.dataSource.transaction((manager) =>
      writeOutboxEvent(manager, {
        type: 'purchase',
        customerId: customer.customerId,
        externalId: 'bill-console',
        data: { total: '40.00' },
      }),
    );
    receiver.requests.length = 0;
    expect(await b.t.service(WebhookDeliveryService).drain()).toBe(1);
    expect(receiver.requests.map((request) => request.headers['webhook-id'])).toEqual([eventId]);
    // The secret the page showed is the one the deliveries are signed with.
    const [delivered] = receiver.requests;
    expect(() => new Webhook(secret).verify(delivered.body, delivered.headers as Record<string, string>)).not.toThrow();

    await page.getByRole('cell', { name: receiver.url }).click();
    const log = page.getByRole('table', { name: 'Deliveries' });
    await log.getByRole('cell', { name: 'Delivered' }).waitFor();
    await log.getByRole('cell', { name: 'purchase' }).waitFor();
    await log.getByRole('cell', { name: '200' }).waitFor();
    await b.screenshot(page, 'webhook-deliveries');

    await page.getByRole('button', { name: 'Replay' }).click();
    await page.getByText('1 event queued again').waitFor();
    await log.getByRole('cell', { name: 'Pending' }).waitFor();
    expect(await b.t.service(WebhookDeliveryService).drain()).toBe(1);
    expect(receiver.requests.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);

    // A new secret is shown once too, and signs what is delivered from then on.
    await page.getByRole('button', { name: 'New signing secret' }).click();
    const rotated = page.getByRole('dialog', { name: 'Signing secret' });
    const next = await rotated.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(next).toMatch(/^whsec_/);
    expect(next).not.toBe(secret);
    await rotated.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('button', { name: 'Replay' }).click();
    await log.getByRole('cell', { name: 'Pending' }).waitFor();
    expect(await b.t.service(WebhookDeliveryService).drain()).toBe(1);
    const redelivered = receiver.requests[receiver.requests.length - 1];
    expect(() => new Webhook(next).verify(redelivered.body, redelivered.headers as Record<string, string>)).not.toThrow();
    expect(b.errors()).toEqual([]);
    await context.close();
  });
});
