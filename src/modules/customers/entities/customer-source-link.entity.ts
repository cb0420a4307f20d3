import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A customer's id in a source system; this context writes these rows (reference data only reads them). */
@Entity('customer_source_records')
export class CustomerSourceLinkEntity {
  @PrimaryColumn({ name: 'customer_source_record_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'customer_source_id', type: 'varchar', length: 32 })
  customerSourceId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'external_id', type: 'text', nullable: true })
  externalId!: string | null;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
