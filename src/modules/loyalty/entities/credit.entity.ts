import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One credit ledger record, shaped like a point record but in money of one currency. */
@Entity('credits')
export class CreditEntity {
  @PrimaryColumn({ name: 'credit_id', type: 'varchar', length: 32 })
  id!: string;

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

  @Column({ name: 'assigned_credits', type: 'numeric' })
  assignedCredits!: string;

  @Column({ name: 'available_credits', type: 'numeric' })
  availableCredits!: string;

  @Column({ name: 'valid_to', type: 'timestamptz', nullable: true })
  validTo!: Date | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
