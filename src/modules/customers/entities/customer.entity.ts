import { Column, Entity, PrimaryColumn } from 'typeorm';

export enum CustomerState {
  Deleted = 0,
  Active = 1,
  NonActive = 2,
}

@Entity('customers')
export class CustomerEntity {
  @PrimaryColumn({ name: 'customer_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ type: 'text', nullable: true })
  phone!: string | null;

  @Column({ name: 'first_name', type: 'text', nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'text', nullable: true })
  lastName!: string | null;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ type: 'smallint', default: CustomerState.Active })
  state!: CustomerState;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
