import { Client } from 'pg';
import { BILL_CUSTOMERS } from './deployment-setting';

/** Statements per transaction of `closureScript`, BEGIN and COMMIT included. */
export const CLOSURE_STATEMENTS = 7;

/** A pgbench script booking one five-line bill, placeholder. */
export async function closureScript(
  databaseUrl: string,
  bill: { storeId: string; currencyId: string; purchaseTypeId: string; itemTypeId: string },
): Promise<string> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ partner_id: string; point_type_id: string; event_type_id: string }>(
      `SELECT (SELECT partner_id FROM stores WHERE store_id = $1) AS partner_id,
              (SELECT point_type_id FROM point_types WHERE is_default) AS point_type_id,
              (SELECT event_type_id FROM event_types WHERE text_id = 'purchase') AS event_type_id`,
      [bill.storeId],
    );
    const { partner_id: partnerId, point_type_id: pointTypeId, event_type_id: eventTypeId } = rows[0];
    const customer = `md5('bench-deployed-customer-' || :c)`;
    return [
      `\\set c random(1, ${BILL_CUSTOMERS})`,
      'BEGIN;',
      `SELECT coalesce(sum(available_points), 0) AS balance FROM points WHERE customer_id = ${customer};`,
      `INSERT INTO purchases (purchase_id, external_purchase_id, customer_id, store_id, cashdesk_number, purchase_type_id, payment_type_id, currency_id, payment_time, total_price, items_count, earned_points) VALUES (md5(random()::text), 'pgbench-' || md5(random()::text), ${customer}, '${bill.storeId}', '1', '${bill.purchaseTypeId}', 'S', '${bill.currencyId}', now(), 14.8, 5, 14.8) RETURNING purchase_id \\gset`,
      `INSERT INTO purchase_items (purchase_item_id, purchase_id, position, bill_item_id, product_name, external_id, purchase_item_type_id, price, paid_amount, amount, vat_rate, discount, earned_points) SELECT md5(random()::text), :'purchase_id', i, i::text, 'Item ' || i, 'pgbench-' || i, '${bill.itemTypeId}', 5, 5, 1, 12, 0, 0 FROM generate_series(1, 5) AS i;`,
      `INSERT INTO points (point_id, customer_id, point_type_id, partner_id, store_id, assigned_points, available_points, note) VALUES (md5(random()::text), ${customer}, '${pointTypeId}', '${partnerId}', '${bill.storeId}', 14.8, 14.8, 'pgbench');`,
      `INSERT INTO customer_events (event_id, event_type_id, customer_id, external_id, data) VALUES (md5(random()::text), '${eventTypeId}', ${customer}, 'pgbench', '{}');`,
      'COMMIT;',
      '',
    ].join('\n');
  } finally {
    await client.end();
  }
}
