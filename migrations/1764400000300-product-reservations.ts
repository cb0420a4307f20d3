import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reserve-and-collect: the products that can be reserved (with a stock counter that reservations take
 * from), their reservation prices, where reservations come from, the kinds of external reservation
 * codes, and the reservations themselves with their items, external codes and progress history.
 * Seeds the two sources and the two external list types a fresh installation needs, and the event type
 * each progress change writes to the customer event outbox.
 */
export class ProductReservations1764400000300 implements MigrationInterface {
  name = 'ProductReservations1764400000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- A product can be reserved while it has a row here. A NULL stock is unlimited; a number is what is
      -- left to reserve, and the CHECK keeps concurrent reservations from taking more than there is.
      CREATE TABLE reservable_products (
        product_id varchar(32) PRIMARY KEY REFERENCES products(product_id) ON DELETE CASCADE,
        stock numeric(14,3) CHECK (stock >= 0),
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE product_reservation_sources (
        product_reservation_source_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        names jsonb NOT NULL DEFAULT '{}',
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO product_reservation_sources (product_reservation_source_id, text_id, names) VALUES
        (md5(random()::text || clock_timestamp()::text), 'e_shop', '{"en": "E-shop"}'),
        (md5(random()::text || clock_timestamp()::text), 'store', '{"en": "Store"}');

      CREATE TABLE product_reservation_external_list_types (
        product_reservation_external_list_type_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO product_reservation_external_list_types (product_reservation_external_list_type_id, text_id, name) VALUES
        (md5(random()::text || clock_timestamp()::text), 'web_shop', 'Web shop'),
        (md5(random()::text || clock_timestamp()::text), 'cash_desk', 'Cash desk');

      CREATE TABLE product_reservation_prices (
        product_reservation_price_id varchar(32) PRIMARY KEY,
        product_id varchar(32) NOT NULL REFERENCES products(product_id) ON DELETE CASCADE,
        store_id varchar(32) REFERENCES stores(store_id),
        currency_id varchar(32) NOT NULL REFERENCES currencies(currency_id),
        value numeric(14,2) NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      -- One live price per product, store (or none) and currency: the key the price batch updates by.
      CREATE UNIQUE INDEX product_reservation_prices_key ON product_reservation_prices
        (product_id, coalesce(store_id, ''), currency_id) WHERE state = 1;

      CREATE TABLE product_reservations (
        product_reservation_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        store_id varchar(32) NOT NULL REFERENCES stores(store_id),
        product_reservation_source_id varchar(32) NOT NULL REFERENCES product_reservation_sources(product_reservation_source_id),
        reservation_code varchar(7) NOT NULL UNIQUE,
        benefit_codes text[] NOT NULL DEFAULT '{}',
        customers_note text,
        total_price numeric(14,2),
        currency_id varchar(32) REFERENCES currencies(currency_id),
        external_purchase_id text,
        utm jsonb,
        actual_state smallint NOT NULL DEFAULT 1 CHECK (actual_state IN (0, 1, 2, 4, 5, 6, 7, 8)),
        pickup_date date,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK ((total_price IS NULL) = (currency_id IS NULL))
      );
      CREATE INDEX product_reservations_customer_idx ON product_reservations (customer_id, product_reservation_id);
      CREATE INDEX product_reservations_store_idx ON product_reservations (store_id);

      CREATE TABLE product_reservation_items (
        product_reservation_id varchar(32) NOT NULL REFERENCES product_reservations(product_reservation_id) ON DELETE CASCADE,
        position integer NOT NULL,
        product_id varchar(32) NOT NULL REFERENCES products(product_id),
        amount numeric(14,3) NOT NULL CHECK (amount > 0),
        unit_price numeric(14,2),
        vat_rate numeric(5,2),
        PRIMARY KEY (product_reservation_id, position)
      );
      CREATE INDEX product_reservation_items_product_idx ON product_reservation_items (product_id);

      CREATE TABLE product_reservation_external_codes (
        product_reservation_id varchar(32) NOT NULL REFERENCES product_reservations(product_reservation_id) ON DELETE CASCADE,
        product_reservation_external_list_type_id varchar(32) NOT NULL
          REFERENCES product_reservation_external_list_types(product_reservation_external_list_type_id),
        value text NOT NULL,
        PRIMARY KEY (product_reservation_id, product_reservation_external_list_type_id)
      );
      CREATE INDEX product_reservation_external_codes_value_idx
        ON product_reservation_external_codes (product_reservation_external_list_type_id, md5(value));

      CREATE TABLE product_reservation_progress (
        reservation_progress_entry_id varchar(32) PRIMARY KEY,
        product_reservation_id varchar(32) NOT NULL REFERENCES product_reservations(product_reservation_id) ON DELETE CASCADE,
        progress smallint NOT NULL CHECK (progress IN (0, 1, 2, 4, 5, 6, 7, 8)),
        changed_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX product_reservation_progress_reservation_idx ON product_reservation_progress (product_reservation_id, changed_at);

      INSERT INTO event_groups (event_group_id, text_id, name)
        VALUES (md5(random()::text || clock_timestamp()::text), 'product_reservations', 'Product reservations');
      INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name)
        SELECT md5(random()::text || clock_timestamp()::text), 'product_reservation_progress', 'Product reservation progress',
               event_group_id, 'inventory'
          FROM event_groups WHERE text_id = 'product_reservations';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM customer_events WHERE event_type_id IN (SELECT event_type_id FROM event_types WHERE text_id = 'product_reservation_progress');
      DELETE FROM event_types WHERE text_id = 'product_reservation_progress';
      DELETE FROM event_groups WHERE text_id = 'product_reservations';
      DROP TABLE product_reservation_progress, product_reservation_external_codes, product_reservation_items, product_reservations,
        product_reservation_prices, product_reservation_external_list_types, product_reservation_sources, reservable_products;
    `);
  }
}
