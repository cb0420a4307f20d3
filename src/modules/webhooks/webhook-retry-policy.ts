/** Retries go on for about three days after a delivery is queued; an endpoint failing that long is disabled. */
export const RETRY_WINDOW_SECONDS = 3 * 24 * 3600;
/** The doubling stops here, so a receiver back after a long outage is tried again within hours. */
const MAX_RETRY_WAIT_SECONDS = 6 * 3600;

/** What one send came to: a 2xx, a 410 Gone, or anything else (another status, no connection, a timeout). */
export type SendResult = 'delivered' | 'gone' | 'retry';

export type DeliveryDecision =
  { status: 'delivered' } | { status: 'failed'; disableEndpoint: boolean } | { status: 'pending'; retryInSeconds: number };

export interface AttemptContext {
  /** Attempts made so far, the one just finished included (1 after the first). */
  attempts: number;
  /** Seconds since the delivery was queued. */
  queuedSecondsAgo: number;
  /** `TESSERA_WEBHOOK_RETRY`: the wait before the first retry. */
  firstRetrySeconds: number;
  /** A number from 0 to 1 (`Math.random()` in production) choosing where in its range the wait falls. */
  jitter: number;
}

/**
 * What follows an attempt. A 410 gives the delivery up and switches the endpoint off; other failures are
 * retried after a wait that doubles per attempt, up to six hours, until the retry window has passed.
 * Each wait is shortened by up to half (jitter), so the retries of many deliveries do not arrive in one burst.
 */
export function decideAfterAttempt(result: SendResult, context: AttemptContext): DeliveryDecision {
  if (result === 'delivered') return { status: 'delivered' };
  if (result === 'gone') return { status: 'failed', disableEndpoint: true };
  if (context.queuedSecondsAgo >= RETRY_WINDOW_SECONDS) return { status: 'failed', disableEndpoint: false };
  const doublings = Math.min(Math.max(context.attempts - 1, 0), 20);
  const wait = Math.min(context.firstRetrySeconds * 2 ** doublings, MAX_RETRY_WAIT_SECONDS);
  return { status: 'pending', retryInSeconds: wait * (0.5 + context.jitter / 2) };
}
