import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A closed bill. Amounts are numeric text; `canceledPurchaseId` marks a cancellation and names what it reversed. */
@Entity('purchases')
export class PurchaseEntity {
  @PrimaryColumn({ name: 'purchase_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'external_purchase_id', type: 'text' })
  externalPurchaseId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32, nullable: true })
  customerId!: string | null;

  @Column({ name: 'card_number', type: 'text', nullable: true })
  cardNumber!: string | null;

  @Column({ name: 'store_id', type: 'varchar', length: 32 })
  storeId!: string;

  @Column({ name: 'cashdesk_number', type: 'text' })
  cashdeskNumber!: string;

  @Column({ name: 'purchase_type_id', type: 'varchar', length: 32 })
  purchaseTypeId!: string;

  @Column({ name: 'payment_type_id', type: 'varchar', length: 32 })
  paymentTypeId!: string;

  @Column({ name: 'currency_id', type: 'varchar', length: 32 })
  currencyId!: string;

  @Column({ name: 'payment_time', type: 'timestamptz' })
  paymentTime!: Date;

  @Column({ name: 'total_price', type: 'numeric' })
  totalPrice!: string;

  @Column({ name: 'items_count', type: 'integer' })
  itemsCount!: number;

  @Column({ name: 'bill_number', type: 'text', nullable: true })
  billNumber!: string | null;

  @Column({ name: 'created_by', type: 'text', nullable: true })
  createdBy!: string | null;

  @Column({ type: 'boolean', default: false })
  canceled!: boolean;

  @Column({ name: 'canceled_purchase_id', type: 'varchar', length: 32, nullable: true })
  canceledPurchaseId!: string | null;

  @Column({ name: 'earned_points', type: 'numeric', default: 0 })
  earnedPoints!: string;

  /** Points paid towards the bill. */
  @Column({ name: 'used_points', type: 'numeric', default: 0 })
  usedPoints!: string;

  /** Points spent on rewards applied by their code at the purchase. */
  @Column({ name: 'voucher_points', type: 'numeric', default: 0 })
  voucherPoints!: string;

  @Column({ name: 'used_credits', type: 'numeric', default: 0 })
  usedCredits!: string;

  @Column({ type: 'jsonb', nullable: true })
  utm!: Record<string, string> | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
