import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A product that can be reserved; `stock` is what is left to reserve, null for no limit (numeric text). */
@Entity('reservable_products')
export class ReservableProductEntity {
  @PrimaryColumn({ name: 'product_id', type: 'varchar', length: 32 })
  productId!: string;

  @Column({ type: 'numeric', nullable: true })
  stock!: string | null;

  /** 1 reservable, 0 deactivated by the operator: the stock waits for it to be activated again. */
  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz' })
  lastChange!: Date;
}

/** The price of reserving a product, in a currency, in one store or (without a store) in all of them. */
@Entity('product_reservation_prices')
export class ProductReservationPriceEntity {
  @PrimaryColumn({ name: 'product_reservation_price_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'product_id', type: 'varchar', length: 32 })
  productId!: string;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ name: 'currency_id', type: 'varchar', length: 32 })
  currencyId!: string;

  @Column({ type: 'numeric' })
  value!: string;

  @Column({ type: 'smallint' })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz' })
  lastChange!: Date;
}

/** Where reservations come from (e-shop, store); the name in several languages. */
@Entity('product_reservation_sources')
export class ProductReservationSourceEntity {
  @PrimaryColumn({ name: 'product_reservation_source_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'jsonb' })
  names!: Record<string, string>;

  @Column({ type: 'smallint' })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz' })
  lastChange!: Date;
}

/** A kind of external reservation code (web shop, cash desk). */
@Entity('product_reservation_external_list_types')
export class ProductReservationExternalListTypeEntity {
  @PrimaryColumn({ name: 'product_reservation_external_list_type_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'smallint' })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz' })
  lastChange!: Date;
}
