import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * A one-time password. Neither the request id nor the code is stored: the key is the request id's
 * hash, and the code's hash is salted with the request id, so the table alone reveals neither.
 */
@Entity('one_time_passwords')
export class OneTimePasswordEntity {
  @PrimaryColumn({ name: 'request_hash', type: 'varchar', length: 64 })
  requestHash!: string;

  @Column({ name: 'external_application_id', type: 'varchar', length: 32 })
  applicationId!: string;

  @Column({ name: 'communication_channel_code', type: 'smallint' })
  channelCode!: number;

  /** As normalised for throttling (e-mail addresses in lower case). */
  @Column({ type: 'text' })
  recipient!: string;

  @Column({ name: 'code_hash', type: 'varchar', length: 64 })
  codeHash!: string;

  @Column({ name: 'message_id', type: 'varchar', length: 32 })
  messageId!: string;

  @Column({ name: 'failed_attempts', type: 'smallint', default: 0 })
  failedAttempts!: number;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
