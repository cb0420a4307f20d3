import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** How many events one measured delivery run (and the plain fetch baseline) sends. */
export const WEBHOOK_EVENTS = 2_000;
/** Requests in flight at once in the fetch baseline: the delivery service's claim batch. */
export const WEBHOOK_PARALLEL = 20;
/** The `data` of every bench event, so the delivered bodies and the baseline's have the same size. */
export const WEBHOOK_EVENT_DATA = { total: '14.80', currency: 'EUR', store: 'bench-store', items: 5 };

/** A local HTTP receiver answering 200 to everything, counting the requests and their statuses. */
export class WebhookReceiver {
  received = 0;
  private readonly server: Server = createServer((request, response) => {
    request.on('data', () => undefined);
    request.on('end', () => {
      this.received += 1;
      response.statusCode = 200;
      response.end();
    });
  });

  static async start(): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let shared: Promise<WebhookReceiver> | undefined;

/** The one receiver of a run: the delivery runs and the fetch baseline send to the same server. */
export function sharedReceiver(): Promise<WebhookReceiver> {
  shared ??= WebhookReceiver.start();
  return shared;
}

export async function closeSharedReceiver(): Promise<void> {
  const receiver = shared;
  shared = undefined;
  if (receiver) await (await receiver).close();
}

const hex32 = () => randomBytes(16).toString('hex');

/** A request shaped like one webhook delivery (same body layout and sizes, same headers; a dummy signature). */
export function webhookLikeRequest(k: number): { headers: Record<string, string>; body: string } {
  const eventId = hex32();
  const body = JSON.stringify({
    type: 'purchase',
    timestamp: new Date().toISOString(),
    data: {
      event_id: eventId,
      customer_id: hex32(),
      external_id: `bench-webhook-baseline-${k}`,
      secondary_external_id: null,
      data: WEBHOOK_EVENT_DATA,
    },
  });
  return {
    headers: {
      'content-type': 'application/json',
      'webhook-id': eventId,
      'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
      'webhook-signature': `v1,${randomBytes(32).toString('base64')}`,
    },
    body,
  };
}
