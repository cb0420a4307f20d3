import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A hint assigned to a customer. */
@Entity('customer_hint_records')
export class CustomerHintRecordEntity {
  @PrimaryColumn({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @PrimaryColumn({ name: 'hint_id', type: 'varchar', length: 32 })
  hintId!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
