import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { WebhookDeliveryService } from '../../src/modules/webhooks';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';
import { TestApp } from '../support/test-app';
import { writeOutboxEvent } from '../../src/platform/outbox';

describe('tessera webhook', () => {
  let t: TestApp;
  let sender: TestApp;
  let workspace: CliWorkspace;
  let server: Server;
  let url: string;
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const cli = (argv: string[]) => workspace.run(argv);

  async function event(customerId: string): Promise<string> {
    return t.dataSource.transaction((manager) =>
      writeOutboxEvent(manager, { type: 'purchase', customerId, externalId: `bill-${randomBytes(4).toString('hex')}`, data: {} }),
    );
  }

  beforeAll(async () => {
    t = await TestApp.create();
    workspace = cliWorkspace((t.dataSource.options as { url: string }).url, 'webhook');
    // The server sending the webhooks shares the CLI's data directory, and so its generated key file.
    sender = await t.sibling({ TESSERA_DATA_DIR: workspace.dataDir, TESSERA_WEBHOOK_PRIVATE_TARGETS: 'true', TESSERA_WEBHOOK_RETRY: '0' });
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await sender.close();
    await t.close();
    workspace.remove();
  });

  it('manages a webhook from add to remove', async () => {
    const refused = await cli(['webhook', 'add', url]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('url: The URL reaches a loopback, private or link-local address');
    expect(await t.dataSource.query(`SELECT * FROM webhook_endpoints`)).toEqual([]);

    workspace.env.TESSERA_WEBHOOK_PRIVATE_TARGETS = 'true';
    const unknown = await cli(['webhook', 'add', url, '--events', 'purchase,no_such_type']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no_such_type');

    const added = await cli(['webhook', 'add', url, '--events', 'purchase']);
    expect(added).toEqual({ code: 0, stdout: expect.stringMatching(/^[0-9a-f]{32}\nSecret \(shown once\): whsec_\S+\n$/), stderr: '' });
    const [endpointId, secretLine] = added.stdout.trim().split('\n');
    const secret = secretLine.split(': ')[1];
    const keyFile = join(workspace.dataDir, 'secret.key');
    expect(existsSync(keyFile)).toBe(true);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const [stored] = await t.dataSource.query(`SELECT secret, event_types FROM webhook_endpoints WHERE endpoint_id = $1`, [endpointId]);
    expect(stored.event_types).toEqual(['purchase']);
    expect(stored.secret).not.toContain(secret.slice('whsec_'.length));

    const list = await cli(['webhook', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(new RegExp(`${endpointId}\\s+1\\s+purchase\\s+${url.replace(/[.]/g, '\\.')}`));

    const customer = await t.createCustomer();
    const first = await event(customer.customerId);
    await sender.app.get(WebhookDeliveryService).drain();
    expect(received.map((request) => request.headers['webhook-id'])).toEqual([first]);
    expect(() => new Webhook(secret).verify(received[0].body, received[0].headers as Record<string, string>)).not.toThrow();

    const rotated = await cli(['webhook', 'rotate-secret', endpointId]);
    expect(rotated.code).toBe(0);
    const newSecret = /whsec_\S+/.exec(rotated.stdout)![0];
    expect(newSecret).not.toBe(secret);
    const second = await event(customer.customerId);
    await sender.app.get(WebhookDeliveryService).drain();
    expect(received[1].headers['webhook-id']).toBe(second);
    // During the rotation both secrets sign the request.
    for (const key of [secret, newSecret]) {
      expect(() => new Webhook(key).verify(received[1].body, received[1].headers as Record<string, string>)).not.toThrow();
    }

    const deliveries = await cli(['webhook', 'deliveries', endpointId]);
    expect(deliveries.code).toBe(0);
    expect(deliveries.stdout).toMatch(new RegExp(`${second}\\s+purchase\\s+delivered\\s+1\\s+200`));
    expect(deliveries.stdout.indexOf(second)).toBeLessThan(deliveries.stdout.indexOf(first));

    expect((await cli(['webhook', 'replay', endpointId, '--since', 'yesterday'])).code).toBe(1);
    expect(await cli(['webhook', 'replay', endpointId, '--since', '2000-01-01 00:00:00'])).toEqual({
      code: 0,
      stdout: `2 events queued for webhook ${endpointId}\n`,
      stderr: '',
    });
    await sender.app.get(WebhookDeliveryService).drain();
    expect(received.slice(2).map((request) => request.headers['webhook-id'])).toEqual([first, second]);

    const shown = await cli(['webhook', 'show', endpointId]);
    expect(JSON.parse(shown.stdout)).toMatchObject({ webhook_id: endpointId, url, event_types: ['purchase'], state: 1, secret_set: true });
    expect(shown.stdout).not.toContain('whsec_');

    expect(await cli(['webhook', 'remove', endpointId])).toEqual({
      code: 0,
      stdout: `Deactivated webhook ${endpointId} (state 0)\n`,
      stderr: '',
    });
    await event(customer.customerId);
    await sender.app.get(WebhookDeliveryService).drain();
    expect(received).toHaveLength(4);
    // Deactivated, not deleted: its delivery log stays.
    const [{ n }] = await t.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1`, [endpointId]);
    expect(n).toBe(2);
    expect((await cli(['webhook', 'remove', 'no-such-webhook'])).code).toBe(1);

    const audit = await t.dataSource.query(
      `SELECT operation, coalesce(before::text, '') || after::text AS rows FROM audit_events WHERE target_id = $1 ORDER BY occurred_at`,
      [endpointId],
    );
    expect(audit.map((row: { operation: string }) => row.operation)).toEqual([
      'webhook add',
      'webhook rotate-secret',
      'webhook replay',
      'webhook remove',
    ]);
    for (const row of audit) expect(row.rows).not.toContain('whsec_');
  });
});
