import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('currencies')
export class CurrencyEntity {
  @PrimaryColumn({ name: 'currency_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'varchar', length: 3 })
  code!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'minor_units', type: 'smallint', nullable: true })
  minorUnits!: number | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
