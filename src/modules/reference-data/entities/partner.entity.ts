import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A company in the project's loyalty programme; stores belong to one, customers are related to several. */
@Entity('partners')
export class PartnerEntity {
  @PrimaryColumn({ name: 'partner_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true }) address1!: string | null;
  @Column({ type: 'text', nullable: true }) address2!: string | null;
  @Column({ type: 'text', nullable: true }) address3!: string | null;
  @Column({ type: 'text', nullable: true }) address4!: string | null;
  @Column({ type: 'text', nullable: true }) address5!: string | null;
  @Column({ type: 'text', nullable: true }) address6!: string | null;
  @Column({ type: 'text', nullable: true }) address7!: string | null;
  @Column({ type: 'text', nullable: true }) zip!: string | null;
  @Column({ type: 'text', nullable: true }) city!: string | null;
  @Column({ name: 'country_code', type: 'varchar', length: 2, nullable: true }) countryCode!: string | null;
  @Column({ name: 'registration_id', type: 'text', nullable: true }) registrationId!: string | null;
  @Column({ name: 'vat_id', type: 'text', nullable: true }) vatId!: string | null;
  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ type: 'text', nullable: true }) phone!: string | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
