import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A purchase's value of a purchase property. */
@Entity('purchase_property_records')
export class PurchasePropertyRecordEntity {
  @PrimaryColumn({ name: 'purchase_id', type: 'varchar', length: 32 })
  purchaseId!: string;

  @PrimaryColumn({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ type: 'text', default: 'purchase' })
  resource!: 'purchase';

  @Column({ name: 'property_value', type: 'jsonb', nullable: true })
  propertyValue!: unknown;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** A purchase item's value of a purchase item property. */
@Entity('purchase_item_property_records')
export class PurchaseItemPropertyRecordEntity {
  @PrimaryColumn({ name: 'purchase_item_id', type: 'varchar', length: 32 })
  purchaseItemId!: string;

  @PrimaryColumn({ name: 'property_id', type: 'varchar', length: 64 })
  propertyId!: string;

  @Column({ type: 'text', default: 'purchase_item' })
  resource!: 'purchase_item';

  @Column({ name: 'property_value', type: 'jsonb', nullable: true })
  propertyValue!: unknown;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
