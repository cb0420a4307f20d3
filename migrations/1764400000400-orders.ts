import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * E-shop orders: the order with its invoicing and shipping details, its items, and the order status
 * the operator moves along (see `order-status.ts`). The record state (1 active, 2 non active once the
 * order is cancelled or returned) is what the list's `state` filter reads. Each order gets its
 * position in its customer's series of orders; the key keeps two concurrent orders from sharing one.
 */
export class Orders1764400000400 implements MigrationInterface {
  name = 'Orders1764400000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE SEQUENCE order_numbers;
      CREATE TABLE orders (
        order_id varchar(32) PRIMARY KEY,
        order_number text NOT NULL UNIQUE,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        currency_id varchar(32) NOT NULL REFERENCES currencies(currency_id),
        total_price numeric NOT NULL,
        discount_codes text[] NOT NULL DEFAULT '{}',
        payment_type_id varchar(32) NOT NULL REFERENCES payment_types(payment_type_id),
        paid_at timestamptz,
        invoicing_person jsonb,
        shipping jsonb,
        customer_note text,
        order_status text NOT NULL DEFAULT 'new'
          CHECK (order_status IN ('new', 'processing', 'shipped', 'delivered', 'cancelled', 'returned')),
        shipping_date date,
        program_ranking integer NOT NULL,
        invoice_document_url text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, program_ranking)
      );
      CREATE INDEX orders_state_idx ON orders (state, order_id);
      CREATE TABLE order_items (
        order_item_id varchar(32) PRIMARY KEY,
        order_id varchar(32) NOT NULL REFERENCES orders(order_id) ON DELETE CASCADE,
        position integer NOT NULL,
        product_variant_id text NOT NULL,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        amount numeric NOT NULL,
        unit_price numeric NOT NULL,
        vat_rate numeric NOT NULL,
        UNIQUE (order_id, position)
      );
      CREATE INDEX order_items_customer_idx ON order_items (customer_id);

      INSERT INTO event_groups (event_group_id, text_id, name)
        VALUES (md5(random()::text || clock_timestamp()::text), 'orders', 'Orders');
      INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name)
        SELECT md5(random()::text || clock_timestamp()::text || t.text_id), t.text_id, t.name, g.event_group_id, t.icon_name
        FROM event_groups g,
          (VALUES ('order_created', 'Order created', 'shopping_bag'), ('order_status_change', 'Order status change', 'local_shipping'))
            AS t(text_id, name, icon_name)
        WHERE g.text_id = 'orders';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM customer_events WHERE event_type_id IN
        (SELECT event_type_id FROM event_types WHERE text_id IN ('order_created', 'order_status_change'));
      DELETE FROM event_types WHERE text_id IN ('order_created', 'order_status_change');
      DELETE FROM event_groups WHERE text_id = 'orders';
      DROP TABLE order_items, orders;
      DROP SEQUENCE order_numbers;
    `);
  }
}
