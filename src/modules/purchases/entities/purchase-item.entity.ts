import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One bill line. Product names are those at the time of the purchase. */
@Entity('purchase_items')
export class PurchaseItemEntity {
  @PrimaryColumn({ name: 'purchase_item_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'purchase_id', type: 'varchar', length: 32 })
  purchaseId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ name: 'bill_item_id', type: 'text' })
  billItemId!: string;

  @Column({ name: 'product_id', type: 'varchar', length: 32 })
  productId!: string;

  @Column({ name: 'product_name', type: 'text', nullable: true })
  productName!: string | null;

  @Column({ name: 'product_group_id', type: 'varchar', length: 32, nullable: true })
  productGroupId!: string | null;

  @Column({ name: 'product_group_name', type: 'text', nullable: true })
  productGroupName!: string | null;

  @Column({ name: 'product_brand_id', type: 'varchar', length: 32, nullable: true })
  productBrandId!: string | null;

  @Column({ name: 'product_brand_name', type: 'text', nullable: true })
  productBrandName!: string | null;

  @Column({ name: 'external_id', type: 'text', nullable: true })
  externalId!: string | null;

  @Column({ name: 'purchase_item_type_id', type: 'varchar', length: 32 })
  purchaseItemTypeId!: string;

  @Column({ type: 'numeric' })
  price!: string;

  @Column({ name: 'paid_amount', type: 'numeric' })
  paidAmount!: string;

  /** The quantity. */
  @Column({ type: 'numeric' })
  amount!: string;

  @Column({ name: 'vat_rate', type: 'numeric' })
  vatRate!: string;

  @Column({ name: 'loyalty_off', type: 'boolean', default: false })
  loyaltyOff!: boolean;

  /** What vouchers and discounts took off this line. */
  @Column({ type: 'numeric', default: 0 })
  discount!: string;

  @Column({ name: 'earned_points', type: 'numeric', default: 0 })
  earnedPoints!: string;
}
