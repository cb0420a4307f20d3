import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('api_user_sessions')
export class ApiUserSessionEntity {
  @PrimaryColumn({ name: 'session_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'varchar', length: 32 })
  userId!: string;

  @Column({ name: 'external_application_id', type: 'varchar', length: 32 })
  applicationId!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
