import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { PropertyDataType } from '../property-value';

@Entity('partner_properties')
export class PartnerPropertyEntity {
  @PrimaryColumn({ name: 'property_id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

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
}

@Entity('partner_property_records')
export class PartnerPropertyRecordEntity {
  @PrimaryColumn({ name: 'property_record_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'partner_id', type: 'varchar', length: 32 })
  partnerId!: string;

  @Column({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ name: 'property_value', type: 'jsonb', nullable: true })
  propertyValue!: unknown;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @ManyToOne(() => PartnerPropertyEntity)
  @JoinColumn({ name: 'property_id' })
  property!: PartnerPropertyEntity;
}
