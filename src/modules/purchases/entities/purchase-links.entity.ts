import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Why a purchase wrote a points record. */
export enum PurchasePointRole {
  Earned = 'earned',
  Paid = 'paid',
  Reward = 'reward',
  Reversal = 'reversal',
}

export enum PurchaseCreditRole {
  Paid = 'paid',
  Reversal = 'reversal',
}

@Entity('purchase_points')
export class PurchasePointEntity {
  @PrimaryColumn({ name: 'purchase_id', type: 'varchar', length: 32 })
  purchaseId!: string;

  @PrimaryColumn({ name: 'point_id', type: 'varchar', length: 32 })
  pointId!: string;

  @Column({ type: 'text' })
  role!: PurchasePointRole;
}

@Entity('purchase_credits')
export class PurchaseCreditEntity {
  @PrimaryColumn({ name: 'purchase_id', type: 'varchar', length: 32 })
  purchaseId!: string;

  @PrimaryColumn({ name: 'credit_id', type: 'varchar', length: 32 })
  creditId!: string;

  @Column({ type: 'text' })
  role!: PurchaseCreditRole;
}

@Entity('purchase_vouchers')
export class PurchaseVoucherEntity {
  @PrimaryColumn({ name: 'purchase_id', type: 'varchar', length: 32 })
  purchaseId!: string;

  @PrimaryColumn({ name: 'voucher_id', type: 'varchar', length: 32 })
  voucherId!: string;

  @Column({ name: 'discount_value', type: 'numeric', default: 0 })
  discountValue!: string;

  /** Gift cards: what the purchase took off the balance. */
  @Column({ name: 'balance_used', type: 'numeric', nullable: true })
  balanceUsed!: string | null;

  /** Issued by the purchase for a reward applied by its code. */
  @Column({ name: 'created_by_purchase', type: 'boolean', default: false })
  createdByPurchase!: boolean;
}
