import { Column, Entity, JoinTable, ManyToMany, PrimaryColumn } from 'typeorm';
import { UserRoleEntity } from './user-role.entity';

@Entity('api_users')
export class ApiUserEntity {
  @PrimaryColumn({ name: 'user_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  login!: string;

  @Column({ name: 'password_hash', type: 'text' })
  passwordHash!: string;

  @Column({ name: 'first_name', type: 'text', default: '' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text', default: '' })
  lastName!: string;

  @Column({ type: 'text', default: '' })
  email!: string;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ name: 'last_login', type: 'timestamptz', nullable: true })
  lastLogin!: Date | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  /** The operator's second-factor key, encrypted; in force once `totpConfirmedAt` is set. */
  @Column({ name: 'totp_secret', type: 'text', nullable: true, select: false })
  totpSecret!: string | null;

  @Column({ name: 'totp_confirmed_at', type: 'timestamptz', nullable: true })
  totpConfirmedAt!: Date | null;

  /** The last time step a code was accepted for: each step's code works once (bigint, read as text). */
  @Column({ name: 'totp_last_step', type: 'bigint', nullable: true, select: false })
  totpLastStep!: string | null;

  @ManyToMany(() => UserRoleEntity)
  @JoinTable({
    name: 'api_user_role_records',
    joinColumn: { name: 'user_id', referencedColumnName: 'id' },
    inverseJoinColumn: { name: 'user_role_id', referencedColumnName: 'id' },
  })
  roles!: UserRoleEntity[];

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
