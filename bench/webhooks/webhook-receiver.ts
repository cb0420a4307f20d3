import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** How many events one measured delivery run (and the plain fetch baseline) sends. */
export const WEBHOOK_EVENTS = 2_000;
/** Requests in flight at once in the fetch baseline: the delivery service's claim batch. */
export const WEBHOOK_PARALLEL = 20;
/** The `data` of every bench event, so the delivered bodies and the baseline's have the same size. */
export const WEBHOOK_EVENT_DATA = { total: '14.80', currency: 'EUR', store: 'bench-store', items: 5 };

/** A local HTTP receiver answering 200 to everything, counting the requests (and telling `onReceived` of each). */
export class WebhookReceiver {
  received = 0;
  private readonly server: Server = createServer((request, response) => {
    request.on('data', () => undefined);
    request.on('end', () => {
      this.received += 1;
      this.onReceived();
      response.statusCode = 200;
      response.end();
    });
  });

  private constructor(private readonly onReceived: () => void) {}

  static async start(onReceived: () => void = () => undefined): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver(onReceived);
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

/**
 * A `WebhookReceiver` in a worker thread of its own, as a subscriber runs on a machine of its own: answering
 * the deliveries takes nothing from the event loop of the server under load. It counts into shared memory.
 */
export class ThreadedWebhookReceiver {
  private constructor(
    private readonly worker: Worker,
    private readonly counter: Int32Array,
    readonly url: string,
  ) {}

  static async start(): Promise<ThreadedWebhookReceiver> {
    const counter = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    const worker = new Worker(join(__dirname, 'webhook-receiver.thread.js'), { workerData: counter });
    const url = await new Promise<string>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    return new ThreadedWebhookReceiver(worker, new Int32Array(counter), url);
  }

  get received(): number {
    return Atomics.load(this.counter, 0);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
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
