import { Column, Entity, PrimaryColumn } from 'typeorm';

export interface OpeningDay {
  day_id: string;
  time_intervals: { from: string; to: string }[];
}

@Entity('stores')
export class StoreEntity {
  @PrimaryColumn({ name: 'store_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'store_code', type: 'text' })
  storeCode!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'partner_id', type: 'varchar', length: 32 })
  partnerId!: string;

  @Column({ name: 'system_id', type: 'text' })
  systemId!: string;

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

  @Column({ name: 'contact_email', type: 'text', nullable: true })
  contactEmail!: string | null;

  @Column({ name: 'manager_name', type: 'text', nullable: true })
  managerName!: string | null;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ name: 'gps_longitude', type: 'numeric', precision: 10, scale: 7, nullable: true })
  gpsLongitude!: string | null;

  @Column({ name: 'gps_latitude', type: 'numeric', precision: 10, scale: 7, nullable: true })
  gpsLatitude!: string | null;

  @Column({ name: 'url_address', type: 'text', nullable: true })
  urlAddress!: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  opening!: OpeningDay[];

  @Column({ name: 'image_urls', type: 'text', array: true, default: () => "'{}'" })
  imageUrls!: string[];

  @Column({ name: 'visibility_for_customer', type: 'smallint', default: 1 })
  visibilityForCustomer!: number;

  @Column({ name: 'short_description', type: 'text', nullable: true })
  shortDescription!: string | null;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'registration_id', type: 'text', nullable: true })
  registrationId!: string | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
