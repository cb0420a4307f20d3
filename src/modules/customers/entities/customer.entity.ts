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

  @Column({ type: 'text', nullable: true })
  salutation!: string | null;

  @Column({ type: 'smallint', nullable: true })
  gender!: number | null;

  @Column({ name: 'pre_nominals', type: 'text', nullable: true })
  preNominals!: string | null;

  @Column({ name: 'post_nominals', type: 'text', nullable: true })
  postNominals!: string | null;

  /** `YYYY-MM-DD`; kept as text so no time zone can shift the day. */
  @Column({ type: 'date', nullable: true })
  birthdate!: string | null;

  @Column({ name: 'language_id', type: 'varchar', length: 8, nullable: true })
  languageId!: string | null;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ type: 'text', nullable: true }) address1!: string | null;
  @Column({ type: 'text', nullable: true }) address2!: string | null;
  @Column({ type: 'text', nullable: true }) address3!: string | null;
  @Column({ type: 'text', nullable: true }) address4!: string | null;
  @Column({ type: 'text', nullable: true }) address5!: string | null;
  @Column({ type: 'text', nullable: true }) address6!: string | null;
  @Column({ type: 'text', nullable: true }) address7!: string | null;
  @Column({ type: 'text', nullable: true }) zip!: string | null;
  @Column({ type: 'text', nullable: true }) city!: string | null;

  @Column({ name: 'country_code', type: 'varchar', length: 2, nullable: true })
  countryCode!: string | null;

  @Column({ name: 'social_network_id', type: 'text', nullable: true })
  socialNetworkId!: string | null;

  @Column({ name: 'social_network_token_hash', type: 'varchar', length: 64, nullable: true })
  socialNetworkTokenHash!: string | null;

  @Column({ name: 'doi_email', type: 'timestamptz', nullable: true })
  doiEmail!: Date | null;

  @Column({ name: 'doi_phone', type: 'timestamptz', nullable: true })
  doiPhone!: Date | null;

  @Column({ type: 'smallint', default: CustomerState.Active })
  state!: CustomerState;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
