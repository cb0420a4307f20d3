import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A single-use password-setup link's token, stored as its hash. */
@Entity('password_setup_tokens')
export class PasswordSetupTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'message_id', type: 'varchar', length: 32 })
  messageId!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
