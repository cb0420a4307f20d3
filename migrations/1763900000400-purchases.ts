import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Purchases: their definitions (purchase, purchase item and payment types, with the flags the
 * closure rules act on), purchases with their items, the ledger records and vouchers each one moved,
 * property definitions and values, the project's loyalty rules, and the customer event outbox.
 */
export class Purchases1763900000400 implements MigrationInterface {
  name = 'Purchases1763900000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE purchase_types (
        purchase_type_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now()
      );

      -- The flags decide what loyalty does with an item of the type; names are the operator's.
      CREATE TABLE purchase_item_types (
        purchase_item_type_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        collects_points boolean NOT NULL,
        rewards_apply boolean NOT NULL,
        payable_by_points boolean NOT NULL,
        points_payment_only boolean NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE payment_types (
        payment_type_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        collects_points boolean NOT NULL,
        overall_discounts boolean NOT NULL,
        pays_by_credits boolean NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE purchases (
        purchase_id varchar(32) PRIMARY KEY,
        -- The bill_id: one purchase per bill, which makes send-purchase idempotent.
        external_purchase_id text NOT NULL,
        customer_id varchar(32) REFERENCES customers(customer_id),
        card_number text,
        store_id varchar(32) NOT NULL REFERENCES stores(store_id),
        cashdesk_number text NOT NULL,
        purchase_type_id varchar(32) NOT NULL REFERENCES purchase_types(purchase_type_id),
        payment_type_id varchar(32) NOT NULL REFERENCES payment_types(payment_type_id),
        currency_id varchar(32) NOT NULL REFERENCES currencies(currency_id),
        payment_time timestamptz NOT NULL,
        total_price numeric(18, 4) NOT NULL,
        items_count integer NOT NULL,
        bill_number text,
        created_by text,
        canceled boolean NOT NULL DEFAULT false,
        -- A cancellation points at the purchase it reverses; each purchase is reversed at most once.
        canceled_purchase_id varchar(32) REFERENCES purchases(purchase_id),
        earned_points numeric(14, 2) NOT NULL DEFAULT 0,
        used_points numeric(14, 2) NOT NULL DEFAULT 0,
        voucher_points numeric(14, 2) NOT NULL DEFAULT 0,
        used_credits numeric(16, 4) NOT NULL DEFAULT 0,
        utm jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX purchases_external_purchase_id_key ON purchases (external_purchase_id);
      CREATE UNIQUE INDEX purchases_canceled_purchase_key ON purchases (canceled_purchase_id) WHERE canceled_purchase_id IS NOT NULL;
      CREATE INDEX purchases_customer_idx ON purchases (customer_id, payment_time);
      CREATE INDEX purchases_store_idx ON purchases (store_id, payment_time);
      CREATE INDEX purchases_payment_time_idx ON purchases (payment_time);
      CREATE INDEX purchases_type_idx ON purchases (purchase_type_id);

      -- Product names are kept as they were at the purchase: a later rename does not rewrite history.
      CREATE TABLE purchase_items (
        purchase_item_id varchar(32) PRIMARY KEY,
        purchase_id varchar(32) NOT NULL REFERENCES purchases(purchase_id) ON DELETE CASCADE,
        position integer NOT NULL,
        bill_item_id text NOT NULL,
        product_id varchar(32) NOT NULL REFERENCES products(product_id),
        product_name text,
        product_group_id varchar(32),
        product_group_name text,
        product_brand_id varchar(32),
        product_brand_name text,
        external_id text,
        purchase_item_type_id varchar(32) NOT NULL REFERENCES purchase_item_types(purchase_item_type_id),
        price numeric(18, 4) NOT NULL,
        paid_amount numeric(18, 4) NOT NULL,
        amount numeric(18, 4) NOT NULL,
        vat_rate numeric(8, 4) NOT NULL,
        loyalty_off boolean NOT NULL DEFAULT false,
        discount numeric(18, 4) NOT NULL DEFAULT 0,
        earned_points numeric(14, 2) NOT NULL DEFAULT 0,
        UNIQUE (purchase_id, position)
      );
      CREATE INDEX purchase_items_product_idx ON purchase_items (product_id);

      -- The ledger records a purchase wrote: points earned, paid and spent on rewards, credits paid.
      CREATE TABLE purchase_points (
        purchase_id varchar(32) NOT NULL REFERENCES purchases(purchase_id) ON DELETE CASCADE,
        point_id varchar(32) NOT NULL REFERENCES points(point_id),
        role text NOT NULL CHECK (role IN ('earned', 'paid', 'reward', 'reversal')),
        PRIMARY KEY (purchase_id, point_id)
      );
      CREATE INDEX purchase_points_point_idx ON purchase_points (point_id);
      CREATE TABLE purchase_credits (
        purchase_id varchar(32) NOT NULL REFERENCES purchases(purchase_id) ON DELETE CASCADE,
        credit_id varchar(32) NOT NULL REFERENCES credits(credit_id),
        role text NOT NULL CHECK (role IN ('paid', 'reversal')),
        PRIMARY KEY (purchase_id, credit_id)
      );
      CREATE INDEX purchase_credits_credit_idx ON purchase_credits (credit_id);

      -- Vouchers a purchase used (or issued and used at once for a reward code), with what each took off.
      CREATE TABLE purchase_vouchers (
        purchase_id varchar(32) NOT NULL REFERENCES purchases(purchase_id) ON DELETE CASCADE,
        voucher_id varchar(32) NOT NULL REFERENCES vouchers(voucher_id),
        discount_value numeric(18, 4) NOT NULL DEFAULT 0,
        -- Gift cards: what the purchase took from the balance, given back by a cancellation.
        balance_used numeric(18, 4),
        created_by_purchase boolean NOT NULL DEFAULT false,
        PRIMARY KEY (purchase_id, voucher_id)
      );
      CREATE INDEX purchase_vouchers_voucher_idx ON purchase_vouchers (voucher_id);

      -- Property definitions of purchases and purchase items, their list items, and values.
      CREATE TABLE purchase_properties (
        resource text NOT NULL CHECK (resource IN ('purchase', 'purchase_item')),
        property_id varchar(64) NOT NULL,
        name text NOT NULL,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'timestamp', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        is_required boolean NOT NULL DEFAULT false,
        is_unique boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (resource, property_id)
      );
      CREATE INDEX purchase_properties_name_trgm_idx ON purchase_properties USING gin (name gin_trgm_ops);
      CREATE TABLE purchase_property_items (
        id varchar(32) PRIMARY KEY,
        resource text NOT NULL,
        property_id varchar(64) NOT NULL,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        FOREIGN KEY (resource, property_id) REFERENCES purchase_properties(resource, property_id) ON DELETE CASCADE
      );
      CREATE INDEX purchase_property_items_property_idx ON purchase_property_items (resource, property_id);
      CREATE TABLE purchase_property_records (
        purchase_id varchar(32) NOT NULL REFERENCES purchases(purchase_id) ON DELETE CASCADE,
        resource text NOT NULL DEFAULT 'purchase' CHECK (resource = 'purchase'),
        property_id varchar(64) NOT NULL,
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (purchase_id, property_id),
        FOREIGN KEY (resource, property_id) REFERENCES purchase_properties(resource, property_id)
      );
      CREATE TABLE purchase_item_property_records (
        purchase_item_id varchar(32) NOT NULL REFERENCES purchase_items(purchase_item_id) ON DELETE CASCADE,
        resource text NOT NULL DEFAULT 'purchase_item' CHECK (resource = 'purchase_item'),
        property_id varchar(64) NOT NULL,
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (purchase_item_id, property_id),
        FOREIGN KEY (resource, property_id) REFERENCES purchase_properties(resource, property_id)
      );

      -- Loyalty rules the project sets (admin CLI): one value per rule and scope; a store's value
      -- wins over its partner's, which wins over the project's.
      CREATE TABLE loyalty_rules (
        scope text NOT NULL CHECK (scope IN ('project', 'partner', 'store')),
        scope_id varchar(32) NOT NULL DEFAULT '',
        rule text NOT NULL,
        value text NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (rule, scope, scope_id),
        CHECK ((scope = 'project') = (scope_id = ''))
      );

      -- Customer events, written in the transaction of what caused them: an outbox that delivery
      -- (webhooks, marketing automation) reads in order and marks delivered.
      CREATE TABLE event_types (
        event_type_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE customer_events (
        event_id varchar(32) PRIMARY KEY,
        event_type_id varchar(32) NOT NULL REFERENCES event_types(event_type_id),
        customer_id varchar(32) REFERENCES customers(customer_id),
        external_id text NOT NULL,
        secondary_external_id text,
        data jsonb,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        delivered_at timestamptz
      );
      CREATE INDEX customer_events_customer_idx ON customer_events (customer_id, created_at);
      CREATE INDEX customer_events_undelivered_idx ON customer_events (created_at) WHERE delivered_at IS NULL;

      INSERT INTO purchase_types (purchase_type_id, text_id, name) VALUES
        (md5(random()::text || clock_timestamp()::text), 'store_purchase', 'Store purchase'),
        (md5(random()::text || clock_timestamp()::text), 'ecommerce_purchase', 'E-commerce purchase');
      INSERT INTO purchase_item_types (purchase_item_type_id, text_id, name, collects_points, rewards_apply, payable_by_points, points_payment_only) VALUES
        (md5(random()::text || clock_timestamp()::text), 'store_transaction', 'Transaction in a store', true, true, true, false),
        (md5(random()::text || clock_timestamp()::text), 'ecommerce_transaction', 'E-commerce transaction', true, true, true, false),
        (md5(random()::text || clock_timestamp()::text), 'cancel', 'Cancel', false, false, false, false),
        (md5(random()::text || clock_timestamp()::text), 'without_rewards', 'Item without reward application', true, false, true, false),
        (md5(random()::text || clock_timestamp()::text), 'otc_without_loyalty', 'OTC without loyalty', false, false, false, false),
        (md5(random()::text || clock_timestamp()::text), 'points_payment_only', 'Point payments only', false, false, true, true);
      INSERT INTO payment_types (payment_type_id, name, collects_points, overall_discounts, pays_by_credits) VALUES
        ('S', 'Points collected, no overall discounts', true, false, false),
        ('A', 'Points collected and overall discounts', true, true, false),
        ('C', 'Paid with credits, points collected, no overall discounts', true, false, true),
        ('D', 'Overall discounts, no points collected', false, true, false);
      INSERT INTO event_types (event_type_id, text_id, name) VALUES
        (md5(random()::text || clock_timestamp()::text), 'purchase', 'Purchase'),
        (md5(random()::text || clock_timestamp()::text), 'purchase_cancellation', 'Purchase cancellation');
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE customer_events, event_types, loyalty_rules, purchase_item_property_records,
        purchase_property_records, purchase_property_items, purchase_properties, purchase_vouchers,
        purchase_credits, purchase_points, purchase_items, purchases, payment_types,
        purchase_item_types, purchase_types;
    `);
  }
}
