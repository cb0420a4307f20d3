import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('store_group_records')
export class StoreGroupRecordEntity {
  @PrimaryColumn({ name: 'store_group_record_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'store_id', type: 'varchar', length: 32 })
  storeId!: string;

  @Column({ name: 'store_group_id', type: 'varchar', length: 32 })
  storeGroupId!: string;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
