import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PropertyValue } from '../property-value';
import { StorePropertyEntity } from './store-property.entity';

@Entity('store_property_records')
export class StorePropertyRecordEntity {
  @PrimaryColumn({ name: 'property_record_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'store_id', type: 'varchar', length: 32 })
  storeId!: string;

  @Column({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ name: 'property_value', type: 'jsonb', nullable: true })
  propertyValue!: PropertyValue | null;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @ManyToOne(() => StorePropertyEntity)
  @JoinColumn({ name: 'property_id' })
  property!: StorePropertyEntity;
}
