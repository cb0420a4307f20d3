import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { StorePropertyEntity } from './store-property.entity';

@Entity('store_property_items')
export class StorePropertyItemEntity {
  @PrimaryColumn({ type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'resource_record_id', type: 'text', nullable: true })
  resourceRecordId!: string | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @ManyToOne(() => StorePropertyEntity, (property) => property.items)
  @JoinColumn({ name: 'property_id' })
  property!: StorePropertyEntity;
}
