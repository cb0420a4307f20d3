import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Where a write came from: the operator API (scripts), the console (a client of it), or the CLI on the server. */
export type AuditChannel = 'operator_api' | 'console' | 'cli';

/** One write through the operator API, the console or the CLI; the database refuses to change it. */
@Entity('audit_events')
export class AuditEventEntity {
  @PrimaryGeneratedColumn({ name: 'audit_event_id', type: 'bigint' })
  id!: string;

  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'now()' })
  occurredAt!: Date;

  @Column({ type: 'text' })
  channel!: AuditChannel;

  @Column({ name: 'user_id', type: 'varchar', length: 32, nullable: true })
  userId!: string | null;

  /** The API user's login, or for the CLI the OS user and host that ran it. */
  @Column({ type: 'text' })
  actor!: string;

  /** `METHOD /path` of the operator API, or the CLI command line's verb (`reward define`). */
  @Column({ type: 'text' })
  operation!: string;

  @Column({ name: 'target_type', type: 'text' })
  targetType!: string;

  @Column({ name: 'target_id', type: 'text', nullable: true })
  targetId!: string | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  before!: object | null;

  @Column({ type: 'jsonb', nullable: true })
  after!: object | null;
}
