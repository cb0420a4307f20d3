import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A sign-in to the operator API; only the token's hash is kept. */
@Entity('operator_sessions')
export class OperatorSessionEntity {
  @PrimaryColumn({ name: 'session_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 32 })
  userId!: string;

  @Column({ type: 'text', default: 'api' })
  client!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
