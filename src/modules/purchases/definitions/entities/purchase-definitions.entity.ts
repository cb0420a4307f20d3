import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('purchase_types')
export class PurchaseTypeEntity {
  @PrimaryColumn({ name: 'purchase_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  /** 1 active, 0 deactivated: still answered by id, offered for nothing new. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** An item type; its flags decide what loyalty does with the item (the text id and name are the operator's). */
@Entity('purchase_item_types')
export class PurchaseItemTypeEntity {
  @PrimaryColumn({ name: 'purchase_item_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'collects_points', type: 'boolean' })
  collectsPoints!: boolean;

  @Column({ name: 'rewards_apply', type: 'boolean' })
  rewardsApply!: boolean;

  @Column({ name: 'payable_by_points', type: 'boolean' })
  payableByPoints!: boolean;

  @Column({ name: 'points_payment_only', type: 'boolean' })
  pointsPaymentOnly!: boolean;

  /** 1 active, 0 deactivated: still answered by id, offered for nothing new. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** S, A, C and D by default; the flags decide points, overall discounts and credit payment. */
@Entity('payment_types')
export class PaymentTypeEntity {
  @PrimaryColumn({ name: 'payment_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'collects_points', type: 'boolean' })
  collectsPoints!: boolean;

  @Column({ name: 'overall_discounts', type: 'boolean' })
  overallDiscounts!: boolean;

  @Column({ name: 'pays_by_credits', type: 'boolean' })
  paysByCredits!: boolean;

  /** 1 active, 0 deactivated: still answered by id, offered for nothing new. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
