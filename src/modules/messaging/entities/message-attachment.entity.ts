import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A file sent with a message, in the order the request gave them. */
@Entity('message_attachments')
export class MessageAttachmentEntity {
  @PrimaryColumn({ name: 'message_id', type: 'varchar', length: 32 })
  messageId!: string;

  @PrimaryColumn({ type: 'smallint' })
  position!: number;

  @Column({ name: 'file_name', type: 'text' })
  fileName!: string;

  @Column({ name: 'content_type', type: 'text' })
  contentType!: string;

  /** Null once dropped: after the last delivery attempt, or after `keepUntil` when the request asked to keep it. */
  @Column({ type: 'bytea', nullable: true })
  content!: Buffer | null;

  @Column({ name: 'keep_until', type: 'timestamptz', nullable: true })
  keepUntil!: Date | null;
}
