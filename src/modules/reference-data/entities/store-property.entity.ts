import { Column, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import { PropertyDataType } from '../property-value';
import { StorePropertyItemEntity } from './store-property-item.entity';

@Entity('store_properties')
export class StorePropertyEntity {
  @PrimaryColumn({ name: 'property_id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'data_type', type: 'text' })
  dataType!: PropertyDataType;

  @Column({ name: 'is_required', type: 'boolean', default: false })
  isRequired!: boolean;

  @Column({ name: 'is_unique', type: 'boolean', default: false })
  isUnique!: boolean;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @OneToMany(() => StorePropertyItemEntity, (item) => item.property)
  items!: StorePropertyItemEntity[];
}
