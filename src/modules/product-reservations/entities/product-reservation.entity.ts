import { Column, Entity, PrimaryColumn } from 'typeorm';
import { ReservationProgress } from '../reservation-progress';

/** A customer's reservation of products for pickup in a store. Amounts are numeric text, as PostgreSQL sends them. */
@Entity('product_reservations')
export class ProductReservationEntity {
  @PrimaryColumn({ name: 'product_reservation_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'store_id', type: 'varchar', length: 32 })
  storeId!: string;

  @Column({ name: 'product_reservation_source_id', type: 'varchar', length: 32 })
  sourceId!: string;

  /** The code the platform generated, the one entry of `reservation_codes`. */
  @Column({ name: 'reservation_code', type: 'varchar', length: 7 })
  reservationCode!: string;

  @Column({ name: 'benefit_codes', type: 'text', array: true })
  benefitCodes!: string[];

  @Column({ name: 'customers_note', type: 'text', nullable: true })
  customersNote!: string | null;

  @Column({ name: 'total_price', type: 'numeric', nullable: true })
  totalPrice!: string | null;

  @Column({ name: 'currency_id', type: 'varchar', length: 32, nullable: true })
  currencyId!: string | null;

  @Column({ name: 'external_purchase_id', type: 'text', nullable: true })
  externalPurchaseId!: string | null;

  @Column({ type: 'jsonb', nullable: true })
  utm!: { utm_source?: string; utm_medium?: string; utm_campaign?: string } | null;

  @Column({ name: 'actual_state', type: 'smallint' })
  actualState!: ReservationProgress;

  /** Set on delivery. */
  @Column({ name: 'pickup_date', type: 'date', nullable: true })
  pickupDate!: string | null;

  @Column({ type: 'smallint' })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz' })
  lastChange!: Date;
}

@Entity('product_reservation_items')
export class ProductReservationItemEntity {
  @PrimaryColumn({ name: 'product_reservation_id', type: 'varchar', length: 32 })
  reservationId!: string;

  @PrimaryColumn({ type: 'integer' })
  position!: number;

  @Column({ name: 'product_id', type: 'varchar', length: 32 })
  productId!: string;

  @Column({ type: 'numeric' })
  amount!: string;

  @Column({ name: 'unit_price', type: 'numeric', nullable: true })
  unitPrice!: string | null;

  @Column({ name: 'vat_rate', type: 'numeric', nullable: true })
  vatRate!: string | null;
}

/** A code an external system (web shop, cash desk) gave the reservation: one per external list type. */
@Entity('product_reservation_external_codes')
export class ProductReservationExternalCodeEntity {
  @PrimaryColumn({ name: 'product_reservation_id', type: 'varchar', length: 32 })
  reservationId!: string;

  @PrimaryColumn({ name: 'product_reservation_external_list_type_id', type: 'varchar', length: 32 })
  listTypeId!: string;

  @Column({ type: 'text' })
  value!: string;
}

/** One entry of a reservation's progress history. */
@Entity('product_reservation_progress')
export class ProductReservationProgressEntity {
  @PrimaryColumn({ name: 'reservation_progress_entry_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'product_reservation_id', type: 'varchar', length: 32 })
  reservationId!: string;

  @Column({ type: 'smallint' })
  progress!: ReservationProgress;

  @Column({ name: 'changed_at', type: 'timestamptz' })
  changedAt!: Date;
}
