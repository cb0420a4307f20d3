import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { DeviceTokenService } from '../../auth';
import { CustomerPushService } from '../../customers';
import { ChannelCode } from '../../reference-data';
import { MessageAttachmentEntity } from '../entities/message-attachment.entity';
import { MessageEntity, MessageStatus } from '../entities/message.entity';
import { escapeHtml } from '../template-rendering';
import { ChannelTransports } from './channel-transports.service';
import { DeliveryOutcome, OutgoingMessage } from './outgoing-message';

/** Messages one claim takes: small, so several workers share a burst. */
const CLAIM_BATCH = 20;
/**
 * How long a claimed message is reserved for its worker. A worker that dies mid-attempt leaves the
 * message due again once this passes (the attempt is counted), so nothing acknowledged is lost; the
 * transports' own timeouts end every attempt well before.
 */
const LEASE_SECONDS = 120;

/** The path of the open-tracking pixel (outside the API), with the message's tracking token and `.gif`. */
export const TRACKING_PIXEL_PATH = 'webservice/tracking/messages';

/**
 * The delivery queue: the messages table itself. A message in state 0 (new) or 5 (waiting for a retry)
 * whose `next_attempt_at` has come is due; a worker claims due messages with `FOR UPDATE SKIP LOCKED`
 * (so instances and workers never take the same one), counts the attempt and reserves it for the lease,
 * then records the outcome. Temporary failures wait `TESSERA_MESSAGE_RETRY`, doubled per attempt,
 * until `TESSERA_MESSAGE_MAX_ATTEMPTS`, after which the message is failed (2).
 */
@Injectable()
export class MessageDeliveryService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly transports: ChannelTransports,
    private readonly push: CustomerPushService,
    private readonly deviceTokens: DeviceTokenService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Delivers every message due now, batch after batch, until none is left; returns the attempts made. */
  async drain(): Promise<number> {
    await this.dropExpiredAttachments();
    let attempts = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) {
        await this.dropSpentSecrets();
        return attempts;
      }
      attempts += claimed.length;
      await Promise.all(claimed.map((message) => this.attempt(message)));
    }
  }

  private async claim(): Promise<MessageEntity[]> {
    const [rows]: [{ message_id: string }[], number] = await this.dataSource.query(
      `UPDATE messages m SET attempts = m.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
        WHERE m.message_id IN (SELECT message_id FROM messages
                                WHERE status IN (${MessageStatus.Queued}, ${MessageStatus.RetryWaiting}) AND next_attempt_at <= now()
                                ORDER BY next_attempt_at, message_id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING m.message_id`,
      [CLAIM_BATCH, LEASE_SECONDS],
    );
    if (rows.length === 0) return [];
    return this.dataSource.getRepository(MessageEntity).find({ where: { id: In(rows.map((row) => row.message_id)) } });
  }

  private async attempt(message: MessageEntity): Promise<void> {
    const outcome = await this.deliver(message);
    const maxAttempts = this.config.messageMaxAttempts;
    let status: MessageStatus;
    let retryInSeconds: number | null = null;
    if (outcome.result === 'sent') status = MessageStatus.Sent;
    else if (outcome.result === 'rejected') status = MessageStatus.Rejected;
    else if (message.attempts >= maxAttempts) status = MessageStatus.Failed;
    else {
      status = MessageStatus.RetryWaiting;
      retryInSeconds = this.config.messageRetrySeconds * 2 ** (message.attempts - 1);
    }
    // Only while the claim is still this worker's: a lease that ran out belongs to whoever claimed it next.
    await this.dataSource.query(
      `UPDATE messages SET status = $3::smallint,
              send_time = CASE WHEN $3::smallint = ${MessageStatus.Sent} THEN now() ELSE send_time END,
              next_attempt_at = CASE WHEN $4::float8 IS NULL THEN NULL ELSE now() + make_interval(secs => $4::float8) END,
              last_error = $5, last_change = now()
        WHERE message_id = $1 AND attempts = $2`,
      [message.id, message.attempts, status, retryInSeconds, outcome.result === 'sent' ? null : outcome.reason.slice(0, 1000)],
    );
    if (status !== MessageStatus.RetryWaiting) {
      await this.dataSource.query(
        `UPDATE message_attachments SET content = NULL WHERE message_id = $1 AND content IS NOT NULL AND (keep_until IS NULL OR keep_until <= now())`,
        [message.id],
      );
    }
  }

  /**
   * A one-time password or a password-setup link stays in its message only while it is needed: until
   * its delivery ends, and for an in-app message (which the customer reads through the API) until the
   * secret expires. After that the message keeps its record and title, without the bodies or values.
   */
  private async dropSpentSecrets(): Promise<void> {
    await this.dataSource.query(
      `UPDATE messages SET plain_text_body = '', html_body = '', message_data = '[]', last_change = now()
        WHERE kind <> 'message' AND message_data <> '[]' AND status NOT IN (${MessageStatus.Queued}, ${MessageStatus.RetryWaiting})
          AND (communication_channel_code <> ${ChannelCode.InternalNotification}
               OR created_at <= now() - make_interval(secs => CASE kind WHEN 'one_time_password' THEN $1::float8 ELSE $2::float8 END))`,
      [this.config.otpTtlSeconds, this.config.passwordSetupTtlSeconds],
    );
  }

  /** Files kept for a while (`cache_for`) after their message's delivery ended are dropped once that while is over. */
  private async dropExpiredAttachments(): Promise<void> {
    await this.dataSource.query(
      `UPDATE message_attachments a SET content = NULL FROM messages m
        WHERE m.message_id = a.message_id AND a.content IS NOT NULL AND a.keep_until <= now()
          AND m.status NOT IN (${MessageStatus.Queued}, ${MessageStatus.RetryWaiting})`,
    );
  }

  private async deliver(message: MessageEntity): Promise<DeliveryOutcome> {
    // A message left behind by a worker that died on its last attempt is not tried once more.
    if (message.attempts > this.config.messageMaxAttempts) return { result: 'temporary', reason: 'No attempts left' };
    const transport = this.transports.transportFor(message.channelCode);
    if (!transport) return { result: 'temporary', reason: this.transports.unavailableReason(message.channelCode) };
    return transport.deliver(await this.outgoing(message));
  }

  /** Where a push goes: the app's push registrations and the push tokens its device tokens carry. */
  private async pushTokensOf(customerId: string): Promise<string[]> {
    const [registered, devices] = await Promise.all([this.push.pushTokensOf(customerId), this.deviceTokens.pushTokensOf(customerId)]);
    return [...new Set([...registered, ...devices])].sort();
  }

  private async outgoing(message: MessageEntity): Promise<OutgoingMessage> {
    const attachments = await this.dataSource
      .getRepository(MessageAttachmentEntity)
      .find({ where: { messageId: message.id }, order: { position: 'ASC' } });
    const pushTokens =
      message.channelCode === ChannelCode.MobilePush && message.customerId ? await this.pushTokensOf(message.customerId) : [];
    return {
      messageId: message.id,
      customerId: message.customerId,
      contact: message.contact,
      sender: message.sender,
      title: message.title,
      plainTextBody: message.plainTextBody,
      htmlBody: this.withTrackingPixel(message),
      attachments: attachments.flatMap((file) =>
        file.content ? [{ fileName: file.fileName, contentType: file.contentType, content: file.content }] : [],
      ),
      pushTokens,
    };
  }

  /** The HTML body with the open-tracking pixel, when this server knows its public address. */
  private withTrackingPixel(message: MessageEntity): string {
    const base = this.config.publicUrl;
    if (!message.htmlBody || !base || !message.trackingToken) return message.htmlBody;
    const pixel = `<img src="${escapeHtml(`${base}/${TRACKING_PIXEL_PATH}/${message.trackingToken}.gif`)}" width="1" height="1" alt="" style="display:none">`;
    const end = message.htmlBody.search(/<\/body>/i);
    return end < 0 ? message.htmlBody + pixel : message.htmlBody.slice(0, end) + pixel + message.htmlBody.slice(end);
  }
}
