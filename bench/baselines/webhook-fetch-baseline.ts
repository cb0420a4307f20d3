import { Baseline, Measurement } from '../bench-suite';
import { sharedReceiver, WEBHOOK_EVENTS, WEBHOOK_PARALLEL, webhookLikeRequest } from '../webhooks/webhook-receiver';

/** Sends `count` webhook-like POSTs to `url`, `WEBHOOK_PARALLEL` at a time; returns the seconds taken and the statuses. */
async function post(url: string, count: number): Promise<{ seconds: number; statuses: Map<number, number>; latencies: number[] }> {
  const requests = Array.from({ length: count }, (_, k) => webhookLikeRequest(k));
  const statuses = new Map<number, number>();
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: WEBHOOK_PARALLEL }, async () => {
      while (next < count) {
        const request = requests[next++];
        const sent = performance.now();
        const response = await fetch(url, { method: 'POST', headers: request.headers, body: request.body });
        await response.arrayBuffer();
        latencies.push(performance.now() - sent);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, statuses, latencies };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN;

/**
 * Plain `fetch` POSTs of webhook-sized bodies, as many and as parallel as a delivery run sends, to the
 * webhooks suite's receiver: what sending alone costs, without the outbox, signing and bookkeeping.
 */
export const webhookFetchBaseline: Baseline = {
  name: `plain fetch POSTs (${WEBHOOK_EVENTS}, ${WEBHOOK_PARALLEL} in parallel)`,
  async measure() {
    const receiver = await sharedReceiver();
    await post(receiver.url, WEBHOOK_EVENTS);
    const { seconds, statuses, latencies } = await post(receiver.url, WEBHOOK_EVENTS);
    latencies.sort((a, b) => a - b);
    const measurement: Measurement = {
      name: webhookFetchBaseline.name,
      requestsPerSecond: WEBHOOK_EVENTS / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      non2xx: [...statuses].filter(([status]) => status < 200 || status > 299).reduce((sum, [, n]) => sum + n, 0),
      statementsPerRequest: 0,
      statuses: [...statuses].map(([status, n]) => `${status}:${n}`).join(' '),
    };
    return measurement;
  },
};
