import { Column, Entity, JoinColumn, ManyToOne, OneToMany, PrimaryColumn } from 'typeorm';
import { PropertyDataType } from '../../reference-data';

@Entity('customer_properties')
export class CustomerPropertyEntity {
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

  @OneToMany(() => CustomerPropertyItemEntity, (item) => item.property)
  items!: CustomerPropertyItemEntity[];
}

@Entity('customer_property_items')
export class CustomerPropertyItemEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'resource_record_id', type: 'text', nullable: true })
  resourceRecordId!: string | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @ManyToOne(() => CustomerPropertyEntity, (property) => property.items)
  @JoinColumn({ name: 'property_id' })
  property!: CustomerPropertyEntity;
}

@Entity('customer_property_records')
export class CustomerPropertyRecordEntity {
  @PrimaryColumn({ name: 'property_record_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ name: 'property_value', type: 'jsonb', nullable: true })
  propertyValue!: unknown;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @ManyToOne(() => CustomerPropertyEntity)
  @JoinColumn({ name: 'property_id' })
  property!: CustomerPropertyEntity;
}
