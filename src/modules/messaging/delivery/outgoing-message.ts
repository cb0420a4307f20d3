/** What a transport needs of a message to deliver it. */
export interface OutgoingMessage {
  messageId: string;
  customerId: string | null;
  /** The e-mail address or phone number; null for push. */
  contact: string | null;
  sender: string;
  title: string;
  plainTextBody: string;
  /** For e-mail, with the open-tracking pixel when the server has a public address. */
  htmlBody: string;
  attachments: { fileName: string; contentType: string; content: Buffer }[];
  /** Push only: the customer's device tokens. */
  pushTokens: string[];
}

/**
 * How one attempt ended: delivered; refused for good by the receiving side (the message will not be
 * tried again); or failed for a reason that may pass (tried again with backoff).
 */
export type DeliveryOutcome = { result: 'sent' } | { result: 'rejected'; reason: string } | { result: 'temporary'; reason: string };

/** Delivers messages of one channel. */
export interface ChannelTransport {
  deliver(message: OutgoingMessage): Promise<DeliveryOutcome>;
}
