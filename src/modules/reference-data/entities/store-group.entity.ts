import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('store_groups')
export class StoreGroupEntity {
  @PrimaryColumn({ name: 'store_group_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
