import { postSigned } from '../../../platform/signed-post';
import { DeliveryOutcome, ChannelTransport, OutgoingMessage } from './outgoing-message';

/** The JSON body a gateway receives: one message for the operator's SMS or push provider. */
export type GatewayPayload =
  | { type: 'sms'; message_id: string; to: string; sender: string; text: string }
  | { type: 'push'; message_id: string; customer_id: string | null; push_tokens: string[]; title: string; body: string };

/**
 * SMS or mobile push through the operator's HTTP gateway: one signed JSON POST per message (Standard
 * Webhooks headers; `webhook-id` is the message id on every attempt, so the gateway can drop repeats).
 * A 2xx answer delivered the message; 408, 429, 5xx or no answer are temporary; any other 4xx refuses
 * it for good.
 */
export class GatewayTransport implements ChannelTransport {
  constructor(
    private readonly kind: 'sms' | 'push',
    private readonly url: string,
    private readonly secret: string,
  ) {}

  async deliver(message: OutgoingMessage): Promise<DeliveryOutcome> {
    const payload = this.payloadOf(message);
    if (payload.type === 'sms' && !payload.to) return { result: 'rejected', reason: 'No phone number' };
    if (payload.type === 'push' && payload.push_tokens.length === 0)
      return { result: 'rejected', reason: 'The customer has no push registration' };
    const answer = await postSigned(this.url, message.messageId, JSON.stringify(payload), [this.secret]);
    if ('unreachable' in answer) return { result: 'temporary', reason: `Gateway unreachable: ${answer.unreachable}` };
    if (answer.status >= 200 && answer.status < 300) return { result: 'sent' };
    const reason = `Gateway answered ${answer.status}`;
    const temporary = answer.status === 408 || answer.status === 429 || answer.status >= 500;
    return temporary ? { result: 'temporary', reason } : { result: 'rejected', reason };
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
