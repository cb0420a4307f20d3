import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('device_tokens')
export class DeviceTokenEntity {
  @PrimaryColumn({ name: 'device_token_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'token_hash', type: 'varchar', length: 64 })
  tokenHash!: string;

  @Column({ name: 'external_application_id', type: 'varchar', length: 32 })
  applicationId!: string;

  @Column({ name: 'device_id', type: 'text' })
  deviceId!: string;

  @Column({ name: 'device_system', type: 'text' })
  deviceSystem!: string;

  @Column({ name: 'device_name', type: 'text' })
  deviceName!: string;

  @Column({ name: 'device_type', type: 'text' })
  deviceType!: string;

  @Column({ name: 'language_id', type: 'varchar', length: 8 })
  languageId!: string;

  @Column({ name: 'allowed_gps', type: 'boolean' })
  allowedGps!: boolean;

  @Column({ name: 'allowed_notifications', type: 'boolean' })
  allowedNotifications!: boolean;

  @Column({ name: 'push_token', type: 'text', nullable: true })
  pushToken!: string | null;

  @Column({ name: 'customer_id', type: 'varchar', length: 32, nullable: true })
  customerId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;
}
