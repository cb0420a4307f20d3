import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('customer_sources')
export class CustomerSourceEntity {
  @PrimaryColumn({ name: 'customer_source_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'customer_source_text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
