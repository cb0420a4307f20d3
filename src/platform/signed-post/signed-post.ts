import { Webhook } from 'standardwebhooks';

/** How long a receiver may take to answer a signed POST. */
const SEND_TIMEOUT_MS = 15_000;

/** What a signed POST came to: the receiver's HTTP status, or why no answer came (refused, timed out, redirected). */
export type SignedPostResult = { status: number } | { unreachable: string };

/**
 * One JSON POST signed by the Standard Webhooks scheme: `webhook-id` (the receiver's key for dropping
 * repeats), `webhook-timestamp` and a `v1,` signature per secret (several during a rotation, so the
 * receiver verifies with either). No redirect is followed and the answer's body is read and dropped.
 */
export async function postSigned(url: string, id: string, body: string, secrets: readonly string[]): Promise<SignedPostResult> {
  const sentAt = new Date();
  const signature = secrets.map((secret) => new Webhook(secret).sign(id, sentAt, body)).join(' ');
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: 'error',
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status };
  } catch (error) {
    return { unreachable: (error as Error).message };
  }
}
