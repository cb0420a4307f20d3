import { parentPort, workerData } from 'node:worker_threads';
import { WebhookReceiver } from './webhook-receiver';

/** The thread of a `ThreadedWebhookReceiver`: a receiver counting into the shared counter it was given, its URL sent back. */
const counter = new Int32Array(workerData as SharedArrayBuffer);
void WebhookReceiver.start(() => Atomics.add(counter, 0, 1)).then((receiver) => parentPort?.postMessage(receiver.url));
