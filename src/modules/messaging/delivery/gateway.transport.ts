import { Webhook } from 'standardwebhooks';
import { DeliveryOutcome, ChannelTransport, OutgoingMessage } from './outgoing-message';

/** The JSON body a gateway receives: one message for the operator's SMS or push provider. */
export type GatewayPayload =
  | { type: 'sms'; message_id: string; to: string; sender: string; text: string }
  | { type: 'push'; message_id: string; customer_id: string | null; push_tokens: string[]; title: string; body: string };

const GATEWAY_TIMEOUT_MS = 15_000;

/**
 * SMS or mobile push through the operator's HTTP gateway: one signed JSON POST per message (Standard
 * Webhooks headers; `webhook-id` is the message id on every attempt, so the gateway can drop repeats).
 * A 2xx answer delivered the message; 408, 429, 5xx or no answer are temporary; any other 4xx refuses
 * it for good.
 */
export class GatewayTransport implements ChannelTransport {
  private readonly signer: Webhook;

  constructor(
    private readonly kind: 'sms' | 'push',
    private readonly url: string,
    secret: string,
  ) {
    this.signer = new Webhook(secret);
  }

  async deliver(message: OutgoingMessage): Promise<DeliveryOutcome> {
    const payload = this.payloadOf(message);
    if (payload.type === 'sms' && !payload.to) return { result: 'rejected', reason: 'No phone number' };
    if (payload.type === 'push' && payload.push_tokens.length === 0)
      return { result: 'rejected', reason: 'The customer has no push registration' };
    const body = JSON.stringify(payload);
    const sentAt = new Date();
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': message.messageId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': this.signer.sign(message.messageId, sentAt, body),
        },
        body,
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        redirect: 'error',
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { result: 'sent' };
      const reason = `Gateway answered ${response.status}`;
      const temporary = response.status === 408 || response.status === 429 || response.status >= 500;
      return temporary ? { result: 'temporary', reason } : { result: 'rejected', reason };
    } catch (error) {
      return { result: 'temporary', reason: `Gateway unreachable: ${(error as Error).message}` };
    }
  }

  private payloadOf(message: OutgoingMessage): GatewayPayload {
    if (this.kind === 'sms') {
      return { type: 'sms', message_id: message.messageId, to: message.contact ?? '', sender: message.sender, text: message.plainTextBody };
    }
    return {
      type: 'push',
      message_id: message.messageId,
      customer_id: message.customerId,
      push_tokens: message.pushTokens,
      title: message.title,
      body: message.plainTextBody,
    };
  }
}
