import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The API's `state` of an entrance. */
export enum EntranceState {
  Cancelled = 0,
  Active = 1,
}

/** The point-of-sale systems entrances come from (the API's `pos_id`). */
export const ENTRANCE_POS_IDS = [3, 6, 9, 11] as const;
/** Season, one-day and multi-day tickets (the API's `entrance_type_id`). */
export const ENTRANCE_TYPE_IDS = [0, 1, 2] as const;

/**
 * A charged entrance as imported from its point-of-sale system. `cancelled_at` is set for every
 * cancelled entrance; `deactivated_at` too when the API switched it off rather than its own system.
 */
@Entity('entrances')
export class EntranceEntity {
  @PrimaryColumn({ name: 'entrance_id', type: 'varchar', length: 64 })
  id!: string;

  @Column({ name: 'pos_id', type: 'smallint' })
  posId!: number;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ name: 'customer_id', type: 'varchar', length: 32, nullable: true })
  customerId!: string | null;

  @Column({ name: 'card_id', type: 'varchar', length: 32 })
  cardId!: string;

  @Column({ name: 'resort_name', type: 'text', nullable: true })
  resortName!: string | null;

  @Column({ name: 'customer_category_name', type: 'text', nullable: true })
  customerCategoryName!: string | null;

  @Column({ name: 'external_order_id', type: 'text', nullable: true })
  externalOrderId!: string | null;

  @Column({ name: 'external_entrance_id', type: 'text', nullable: true })
  externalEntranceId!: string | null;

  @Column({ name: 'external_turnstile_permission_id', type: 'text', nullable: true })
  externalTurnstilePermissionId!: string | null;

  @Column({ name: 'entrance_type_id', type: 'smallint', nullable: true })
  entranceTypeId!: number | null;

  @Column({ name: 'order_item_id', type: 'text', nullable: true })
  orderItemId!: string | null;

  @Column({ name: 'product_id', type: 'text', nullable: true })
  productId!: string | null;

  @Column({ name: 'charged_price', type: 'numeric', nullable: true })
  chargedPrice!: string | null;

  @Column({ name: 'charge_date', type: 'timestamptz', nullable: true })
  chargeDate!: Date | null;

  /** First and last day of use (`YYYY-MM-DD`); open-ended when absent. */
  @Column({ name: 'valid_from', type: 'date', nullable: true })
  validFrom!: string | null;

  @Column({ name: 'valid_to', type: 'date', nullable: true })
  validTo!: string | null;

  @Column({ type: 'smallint' })
  state!: EntranceState;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'cancelled_at', type: 'timestamptz', nullable: true })
  cancelledAt!: Date | null;

  @Column({ name: 'deactivated_at', type: 'timestamptz', nullable: true })
  deactivatedAt!: Date | null;

  @Column({ name: 'last_change', type: 'timestamptz' })
  lastChange!: Date;
}
