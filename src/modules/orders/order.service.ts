import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { fetchPage, groupBy, isUniqueViolation, newId } from '@tessera/core';
import {
  Actor,
  CommonException,
  InvalidReason,
  Page,
  PageRequest,
  customerFilterInScope,
  customerInScope,
  optionalRequestDateTime,
  postalAddressColumns,
  toPostalAddressDto,
  visibleRecord,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService } from '../customers';
import { PaymentTypeService } from '../purchases';
import { CurrencyService } from '../reference-data';
import { OrderInputDto, OrderPersonalInformationInputDto, OrderShippingInputDto } from './dto/order.dto';
import { OrderEntity, OrderInvoicingPerson, OrderItemEntity, OrderShippingDetails } from './entities/order.entity';
import { INITIAL_ORDER_STATUS, moveOrderStatus, OrderState, OrderStatus } from './order-status';
import { writeOutboxEvent } from '../../platform/outbox';

const ORDER_SORT_COLUMNS = {
  order_id: 'o.id',
  order_number: 'o.orderNumber',
  customer_id: 'o.customerId',
  currency_id: 'o.currencyId',
  total_price: 'o.totalPrice',
  order_status: 'o.orderStatus',
  shipping_date: 'o.shippingDate',
  program_ranking: 'o.programRanking',
  last_change: 'o.lastChange',
} as const;
export type OrderSortField = keyof typeof ORDER_SORT_COLUMNS;
export const ORDER_SORT_FIELDS = Object.keys(ORDER_SORT_COLUMNS) as OrderSortField[];

export interface OrderFilter {
  customer_id?: string;
  state?: number;
}

/** An order with its items in the order they were sent. */
export interface OrderView {
  order: OrderEntity;
  items: OrderItemEntity[];
}

/** What a status move did: the status before and after. */
export interface OrderMoveOutcome {
  from: OrderStatus;
  to: OrderStatus;
}

/**
 * E-shop orders: created through the API, read by the customer and the enterprise, and moved along
 * their statuses by the operator or an e-shop integration (`tessera order move`). Creating an order
 * and each move write their customer event in the same transaction.
 */
@Injectable()
export class OrderService {
  constructor(
    @InjectRepository(OrderEntity) private readonly orders: Repository<OrderEntity>,
    @InjectRepository(OrderItemEntity) private readonly items: Repository<OrderItemEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerAccountService,
    private readonly currencies: CurrencyService,
    private readonly paymentTypes: PaymentTypeService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Oldest first unless sorted; on the Customer interface the logged-in customer's only. */
  async list(actor: Actor, filter: OrderFilter, page: PageRequest<OrderSortField>): Promise<Page<OrderView>> {
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const query = this.orders.createQueryBuilder('o');
    if (customerId !== undefined) query.andWhere('o.customer_id = :customerId', { customerId });
    if (filter.state !== undefined) query.andWhere('o.state = :state', { state: filter.state });
    const found = await fetchPage(query, page, ORDER_SORT_COLUMNS, 'o.id', { defaultOrder: 'o.createdAt' });
    return { items: await this.withItems(found.items), total: found.total };
  }

  async get(actor: Actor, orderId: string): Promise<OrderView> {
    const order = visibleRecord(actor, await this.orders.findOne({ where: { id: orderId } }), (o) => o.customerId, 'orders', orderId);
    const [view] = await this.withItems([order]);
    return view;
  }

  async create(actor: Actor, input: OrderInputDto): Promise<string> {
    const customerId = customerInScope(actor, input.customer_id, 'order.customer_id');
    await this.customers.requireCustomer(customerId, { field: 'order.customer_id' });
    await this.currencies.requireCurrency(input.currency_id, 'order.currency_id');
    const paymentId = input.invoicing_data.payment_id;
    if (!(await this.paymentTypes.find(paymentId))) {
      throw CommonException.invalid('order.invoicing_data.payment_id', InvalidReason.NotFound, 'No payment type has this id', paymentId);
    }
    const paidAt = optionalRequestDateTime(input.invoicing_data.paid_date, 'order.invoicing_data.paid_date', this.config.timeZone);
    if (input.order_items.length === 0) {
      throw CommonException.invalid('order.order_items', InvalidReason.Required, 'An order needs at least one item');
    }
    const itemCustomers = await this.itemCustomers(actor, customerId, input);

    const orderId = newId();
    try {
      await this.dataSource.transaction(async (manager) => {
        // One writer per customer at a time, so each order takes the next place in the customer's series.
        await manager.query(`SELECT pg_advisory_xact_lock(hashtext('orders'), hashtext($1))`, [customerId]);
        await manager.query(
          `INSERT INTO orders (order_id, order_number, customer_id, currency_id, total_price, discount_codes, payment_type_id,
                               paid_at, invoicing_person, shipping, customer_note, order_status, program_ranking, state)
           VALUES ($1, coalesce($2, 'O' || lpad(nextval('order_numbers')::text, 8, '0')), $3::varchar, $4, $5, $6, $7, $8, $9, $10, $11, $12,
                   (SELECT coalesce(max(program_ranking), 0) + 1 FROM orders WHERE customer_id = $3::varchar), $13)`,
          [
            orderId,
            input.order_number ?? null,
            customerId,
            input.currency_id,
            input.total_price,
            input.discount_codes ?? [],
            paymentId,
            paidAt,
            personOf(input.invoicing_data.personal_information),
            shippingOf(input.shipping_data),
            input.customer_note ?? null,
            INITIAL_ORDER_STATUS,
            OrderState.Active,
          ],
        );
        await manager.query(
          `INSERT INTO order_items (order_item_id, order_id, position, product_variant_id, customer_id, amount, unit_price, vat_rate)
           SELECT i.id, $1, i.n, i.variant, i.customer, i.amount, i.unit_price, i.vat_rate
           FROM unnest($2::varchar[], $3::text[], $4::varchar[], $5::numeric[], $6::numeric[], $7::numeric[])
             WITH ORDINALITY AS i(id, variant, customer, amount, unit_price, vat_rate, n)`,
          [
            orderId,
            input.order_items.map(() => newId()),
            input.order_items.map((item) => item.product_variant_id),
            itemCustomers,
            input.order_items.map((item) => item.amount),
            input.order_items.map((item) => item.unit_price),
            input.order_items.map((item) => item.vat_rate),
          ],
        );
        await writeOutboxEvent(manager, {
          type: 'order_created',
          customerId,
          externalId: orderId,
          data: { order_status: INITIAL_ORDER_STATUS },
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'orders_order_number_key')) {
        throw CommonException.invalid(
          'order.order_number',
          InvalidReason.AlreadyExists,
          'Another order has this number',
          input.order_number,
        );
      }
      throw error;
    }
    return orderId;
  }

  /**
   * Moves the order to `status` if the status table allows it, locking the order so concurrent moves
   * apply one after the other; the move and its event commit together.
   */
  async move(orderId: string, status: string): Promise<OrderMoveOutcome> {
    return this.dataSource.transaction(async (manager: EntityManager) => {
      const order = await manager.getRepository(OrderEntity).findOne({ where: { id: orderId }, lock: { mode: 'pessimistic_write' } });
      if (!order) throw CommonException.recordNotFound('orders', orderId);
      const move = moveOrderStatus(order.orderStatus, status);
      await manager.query(
        `UPDATE orders SET order_status = $2, state = $3,
                shipping_date = CASE WHEN $4::boolean THEN coalesce(shipping_date, (now() AT TIME ZONE $5)::date) ELSE shipping_date END,
                last_change = now()
         WHERE order_id = $1`,
        [orderId, move.status, move.state, move.setsShippingDate, this.config.timeZone],
      );
      await writeOutboxEvent(manager, {
        type: 'order_status_change',
        customerId: order.customerId,
        externalId: orderId,
        secondaryExternalId: move.status,
        data: { from: order.orderStatus, to: move.status },
      });
      return { from: order.orderStatus, to: move.status };
    });
  }

  /** Each item's customer: the order's unless named; on the Customer interface only the logged-in one. */
  private async itemCustomers(actor: Actor, customerId: string, input: OrderInputDto): Promise<string[]> {
    const ids = input.order_items.map((item, index) =>
      actor.kind === 'device'
        ? customerInScope(actor, item.customer_id, `order.order_items.${index}.customer_id`)
        : (item.customer_id ?? customerId),
    );
    await this.customers.requireCustomers(
      ids.flatMap((id, index) =>
        id === customerId ? [] : [{ customerId: id, source: { field: `order.order_items.${index}.customer_id` } }],
      ),
    );
    return ids;
  }

  private async withItems(orders: OrderEntity[]): Promise<OrderView[]> {
    if (orders.length === 0) return [];
    const items = await this.items
      .createQueryBuilder('i')
      .where('i.order_id = ANY(:ids)', { ids: orders.map((order) => order.id) })
      .orderBy('i.position')
      .getMany();
    const byOrder = groupBy(items, (item) => item.orderId);
    return orders.map((order) => ({ order, items: byOrder.get(order.id) ?? [] }));
  }
}

/** The billing person as kept: the fields sent, without what belongs to customer accounts only. */
function personOf(person: OrderPersonalInformationInputDto | undefined): OrderInvoicingPerson | null {
  if (!person) return null;
  const { photo_url: _photo, agreement: _agreement, consents: _consents, address, ...fields } = person;
  return { ...fields, ...(address ? { address: toPostalAddressDto(postalAddressColumns(address)) } : {}) };
}

function shippingOf(shipping: OrderShippingInputDto | undefined): OrderShippingDetails | null {
  if (!shipping) return null;
  const { address, ...fields } = shipping;
  return { ...fields, ...(address ? { address: toPostalAddressDto(postalAddressColumns(address)) } : {}) };
}
