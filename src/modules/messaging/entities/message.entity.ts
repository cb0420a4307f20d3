import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ChannelCode } from '../../reference-data';
import { MessageParameter } from './message-template.entity';

/** The API's message `status`. */
export enum MessageStatus {
  /** Accepted and waiting for its first delivery attempt. */
  Queued = 0,
  Sent = 1,
  /** Refused for good by the receiving side (hard bounce). */
  Rejected = -1,
  /** Reported undeliverable for now by the receiving side after it was sent (soft bounce). */
  SoftBounce = -2,
  /** Every attempt failed. */
  Failed = 2,
  /** Not sent: the customer has not consented to the channel. */
  NoConsent = 4,
  /** An attempt failed for a passing reason; it is tried again. */
  RetryWaiting = 5,
}

/**
 * Why a message exists: sent through the API, or carrying a one-time password or a password-setup
 * link. The last two hold a secret, so the Enterprise interface does not show them.
 */
export type MessageKind = 'message' | 'one_time_password' | 'password_setup';

/** One delivery of a template to one recipient. The row is also its own delivery job. */
@Entity('messages')
export class MessageEntity {
  @PrimaryColumn({ name: 'message_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  kind!: MessageKind;

  @Column({ name: 'message_template_id', type: 'varchar', length: 32 })
  templateId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32, nullable: true })
  customerId!: string | null;

  @Column({ name: 'communication_channel_code', type: 'smallint' })
  channelCode!: ChannelCode;

  /** The address or phone number the message goes to; none for push and in-app messages. */
  @Column({ type: 'text', nullable: true })
  contact!: string | null;

  @Column({ type: 'smallint' })
  status!: MessageStatus;

  @Column({ type: 'text', default: '' })
  sender!: string;

  @Column({ type: 'text', default: '' })
  title!: string;

  @Column({ name: 'plain_text_body', type: 'text', default: '' })
  plainTextBody!: string;

  @Column({ name: 'html_body', type: 'text', default: '' })
  htmlBody!: string;

  @Column({ name: 'message_data', type: 'jsonb', default: () => "'[]'" })
  messageData!: MessageParameter[];

  @Column({ type: 'smallint', default: 0 })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt!: Date | null;

  /** The last delivery failure, for the operator; never shown by the API. */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** The open-tracking pixel's key. */
  @Column({ name: 'tracking_token', type: 'varchar', length: 64, nullable: true })
  trackingToken!: string | null;

  @Column({ name: 'send_time', type: 'timestamptz', nullable: true })
  sendTime!: Date | null;

  @Column({ name: 'opened_time', type: 'timestamptz', nullable: true })
  openedTime!: Date | null;

  @Column({ name: 'mail_client_user_agent', type: 'text', nullable: true })
  mailClientUserAgent!: string | null;

  @Column({ name: 'mail_client_language', type: 'text', nullable: true })
  mailClientLanguage!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
