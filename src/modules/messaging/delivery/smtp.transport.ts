import { createTransport, Transporter } from 'nodemailer';
import { DeliveryOutcome, ChannelTransport, OutgoingMessage } from './outgoing-message';

/** What nodemailer's errors carry: the server's reply code when it answered, otherwise a connection error code. */
interface SmtpError {
  responseCode?: number;
  code?: string;
  message?: string;
}

/**
 * E-mail over SMTP. A 5xx reply refuses the message for good (hard bounce); a 4xx reply, a timeout or a
 * connection failure is temporary.
 */
export class SmtpTransport implements ChannelTransport {
  private readonly transporter: Transporter;

  constructor(
    url: string,
    private readonly defaultFrom: string,
  ) {
    // Short timeouts: a delivery attempt holds its message's lease, and a retry is cheap.
    this.transporter = createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 });
  }

  async deliver(message: OutgoingMessage): Promise<DeliveryOutcome> {
    if (!message.contact) return { result: 'rejected', reason: 'No e-mail address' };
    try {
      await this.transporter.sendMail({
        from: message.sender || this.defaultFrom,
        to: message.contact,
        subject: message.title,
        text: message.plainTextBody,
        html: message.htmlBody || undefined,
        messageId: `<${message.messageId}@tessera>`,
        attachments: message.attachments.map((file) => ({ filename: file.fileName, contentType: file.contentType, content: file.content })),
      });
      return { result: 'sent' };
    } catch (error) {
      const { responseCode, code, message: text } = error as SmtpError;
      const reason = responseCode ? `SMTP ${responseCode}: ${text ?? ''}` : `${code ?? 'error'}: ${text ?? ''}`;
      return responseCode && responseCode >= 500 ? { result: 'rejected', reason } : { result: 'temporary', reason };
    }
  }

  close(): void {
    this.transporter.close();
  }
}
