import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('credit_types')
export class CreditTypeEntity {
  @PrimaryColumn({ name: 'credit_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  /** The currency of credits of this type when a request names none. */
  @Column({ name: 'currency_id', type: 'varchar', length: 32 })
  currencyId!: string;

  /** Used when a request names no credit type (one type at most). */
  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  /** 1 active, 0 deactivated by the operator: kept for the records of its type, offered for no new ones. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
