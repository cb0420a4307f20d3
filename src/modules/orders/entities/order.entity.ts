import { Column, Entity, PrimaryColumn } from 'typeorm';
import { OrderState, OrderStatus } from '../order-status';

/** The billing person of an order, kept as the API sent it. */
export interface OrderInvoicingPerson {
  [field: string]: unknown;
}

/** The shipping details of an order, kept as the API sent them. */
export interface OrderShippingDetails {
  shipping_id: string;
  [field: string]: unknown;
}

/** An e-shop order of a customer. Money is numeric, read as text and written out as a number. */
@Entity('orders')
export class OrderEntity {
  @PrimaryColumn({ name: 'order_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'order_number', type: 'text' })
  orderNumber!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'currency_id', type: 'varchar', length: 32 })
  currencyId!: string;

  @Column({ name: 'total_price', type: 'numeric' })
  totalPrice!: string;

  @Column({ name: 'discount_codes', type: 'text', array: true, default: () => "'{}'" })
  discountCodes!: string[];

  @Column({ name: 'payment_type_id', type: 'varchar', length: 32 })
  paymentTypeId!: string;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ name: 'invoicing_person', type: 'jsonb', nullable: true })
  invoicingPerson!: OrderInvoicingPerson | null;

  @Column({ type: 'jsonb', nullable: true })
  shipping!: OrderShippingDetails | null;

  @Column({ name: 'customer_note', type: 'text', nullable: true })
  customerNote!: string | null;

  @Column({ name: 'order_status', type: 'text' })
  orderStatus!: OrderStatus;

  /** A calendar day (`YYYY-MM-DD`). */
  @Column({ name: 'shipping_date', type: 'date', nullable: true })
  shippingDate!: string | null;

  @Column({ name: 'program_ranking', type: 'integer' })
  programRanking!: number;

  @Column({ name: 'invoice_document_url', type: 'text', nullable: true })
  invoiceDocumentUrl!: string | null;

  @Column({ type: 'smallint' })
  state!: OrderState;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz' })
  lastChange!: Date;
}

/** One line of an order. */
@Entity('order_items')
export class OrderItemEntity {
  @PrimaryColumn({ name: 'order_item_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'order_id', type: 'varchar', length: 32 })
  orderId!: string;

  @Column({ type: 'integer' })
  position!: number;

  @Column({ name: 'product_variant_id', type: 'text' })
  productVariantId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ type: 'numeric' })
  amount!: string;

  @Column({ name: 'unit_price', type: 'numeric' })
  unitPrice!: string;

  @Column({ name: 'vat_rate', type: 'numeric' })
  vatRate!: string;
}
