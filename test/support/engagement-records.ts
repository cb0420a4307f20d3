import { randomBytes } from 'node:crypto';
import { BookingTicketService } from '../../src/modules/bookings';
import { TestApp } from './test-app';

/**
 * The inputs of the engagement records a test gives a customer (a booking, an order, a product
 * reservation), with the definitions behind them made the way the operator's CLI makes them.
 */

async function one<T>(t: TestApp, sql: string, params: unknown[] = []): Promise<T> {
  return (await t.dataSource.query(sql, params))[0] as T;
}

/** A ticket with one slot of five places in March 2030; the slot's id. */
export async function bookableSlot(t: TestApp, name: string): Promise<string> {
  const ticket = await t.service(BookingTicketService).define({
    names: { en: name },
    properties: [],
    slots: [{ validFrom: '2030-03-04 09:00:00', validTo: '2030-03-04 10:00:00', totalCapacity: 5 }],
  });
  return (await one<{ time_slot_id: string }>(t, `SELECT time_slot_id FROM booking_time_slots WHERE ticket_id = $1`, [ticket.id]))
    .time_slot_id;
}

/** An order of two pieces of `variantId` at 10 EUR, paid by card. */
export async function orderInput(t: TestApp, customerId: string, variantId: string): Promise<Record<string, unknown>> {
  const { currency_id: currencyId } = await one<{ currency_id: string }>(t, `SELECT currency_id FROM currencies WHERE code = 'EUR'`);
  return {
    customer_id: customerId,
    currency_id: currencyId,
    total_price: 20,
    order_items: [{ product_variant_id: variantId, amount: 2, unit_price: 10, vat_rate: 21 }],
    invoicing_data: { payment_id: 'S' },
  };
}

/** A reservation from the e-shop, at the first store, of one piece of a new product with ten in stock. */
export async function reservationInput(t: TestApp, customerId: string, productName: string): Promise<Record<string, unknown>> {
  const productId = randomBytes(8).toString('hex');
  await t.dataSource.query(`INSERT INTO products (product_id, name, code) VALUES ($1, $2, $3)`, [productId, productName, `P-${productId}`]);
  await t.dataSource.query(`INSERT INTO reservable_products (product_id, stock) VALUES ($1, $2)`, [productId, 10]);
  const { store_id: storeId } = await one<{ store_id: string }>(t, `SELECT store_id FROM stores ORDER BY created_at, store_id LIMIT 1`);
  const { product_reservation_source_id: sourceId } = await one<{ product_reservation_source_id: string }>(
    t,
    `SELECT product_reservation_source_id FROM product_reservation_sources WHERE text_id = 'e_shop'`,
  );
  return {
    customer_id: customerId,
    store_id: storeId,
    product_reservation_source_id: sourceId,
    product_reservation_items: [{ reservable_product_id: productId, amount: 1 }],
  };
}
