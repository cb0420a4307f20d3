import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A short-lived, single-use token that signs a customer in to another external application. */
@Entity('customer_auth_tokens')
export class CustomerAuthTokenEntity {
  @PrimaryColumn({ name: 'token_request_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'issuing_application_id', type: 'varchar', length: 32, nullable: true })
  issuingApplicationId!: string | null;

  @Column({ name: 'target_application_id', type: 'varchar', length: 32 })
  targetApplicationId!: string;

  @Column({ name: 'token_type', type: 'smallint' })
  tokenType!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
