import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('credit_history')
export class CreditHistoryEntity {
  @PrimaryColumn({ name: 'credit_history_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'credit_id', type: 'varchar', length: 32, nullable: true })
  creditId!: string | null;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'credit_type_id', type: 'varchar', length: 32 })
  creditTypeId!: string;

  @Column({ name: 'partner_id', type: 'varchar', length: 32 })
  partnerId!: string;

  @Column({ name: 'currency_id', type: 'varchar', length: 32 })
  currencyId!: string;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ type: 'numeric' })
  amount!: string;

  @Column({ name: 'operation_type', type: 'text' })
  operationType!: string;

  @Column({ name: 'operation_note', type: 'text', nullable: true })
  operationNote!: string | null;

  // clock_timestamp(): movements of one transaction keep the order they were written in.
  @Column({ name: 'recorded_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  recordedAt!: Date;
}
