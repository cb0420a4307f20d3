import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rewards (with their stores, segments, customer types, tags, product/group/brand relations and the
 * cart thresholds of their conditions and bonuses), reward types, and the vouchers customers hold.
 */
export class RewardsAndVouchers1763900000300 implements MigrationInterface {
  name = 'RewardsAndVouchers1763900000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      -- text_id is the kind the rules act on; the name is what the API shows and the operator may edit.
      CREATE TABLE reward_types (
        reward_type_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX reward_types_name_trgm_idx ON reward_types USING gin (name gin_trgm_ops);

      CREATE TABLE rewards (
        reward_id varchar(32) PRIMARY KEY,
        code text NOT NULL,
        names jsonb NOT NULL DEFAULT '{}',
        notes jsonb NOT NULL DEFAULT '{}',
        subtitles jsonb NOT NULL DEFAULT '{}',
        reward_group smallint NOT NULL CHECK (reward_group IN (0, 1, 2, 4)),
        reward_type_id varchar(32) NOT NULL REFERENCES reward_types(reward_type_id),
        reward_type_value numeric(18, 4),
        maximum_discount_value numeric(18, 4),
        minimum_purchase_value numeric(18, 4),
        points_cost numeric(14, 2) NOT NULL DEFAULT 0 CHECK (points_cost >= 0),
        valid_from date,
        valid_to date,
        valid_time_from time,
        valid_time_to time,
        valid_weekdays smallint[],
        priority smallint CHECK (priority BETWEEN 1 AND 9),
        is_automated boolean NOT NULL DEFAULT false,
        global_reward boolean NOT NULL DEFAULT true,
        partner_id varchar(32) REFERENCES partners(partner_id),
        voucher_validity text NOT NULL DEFAULT 'reward_validity'
          CHECK (voucher_validity IN ('interval', 'end_of_time_unit', 'reward_validity')),
        voucher_validity_value text,
        voucher_code_generation_preference text NOT NULL DEFAULT 'A',
        is_portable boolean NOT NULL DEFAULT false,
        image_urls jsonb NOT NULL DEFAULT '[]',
        external_urls jsonb NOT NULL DEFAULT '[]',
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (global_reward OR partner_id IS NOT NULL)
      );
      CREATE UNIQUE INDEX rewards_code_key ON rewards (code);
      CREATE INDEX rewards_group_idx ON rewards (reward_group);
      CREATE INDEX rewards_type_idx ON rewards (reward_type_id);
      CREATE INDEX rewards_partner_idx ON rewards (partner_id);
      CREATE INDEX rewards_automated_idx ON rewards (is_automated);
      CREATE INDEX rewards_validity_idx ON rewards (valid_from, valid_to);
      CREATE INDEX rewards_names_trgm_idx ON rewards USING gin ((names::text) gin_trgm_ops);

      CREATE TABLE reward_stores (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        store_id varchar(32) NOT NULL CONSTRAINT reward_stores_store_fkey REFERENCES stores(store_id),
        visible_for_customer smallint NOT NULL DEFAULT 1 CHECK (visible_for_customer IN (0, 1)),
        PRIMARY KEY (reward_id, store_id)
      );
      CREATE INDEX reward_stores_store_idx ON reward_stores (store_id, reward_id);

      CREATE TABLE reward_segments (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        segment_id varchar(32) NOT NULL CONSTRAINT reward_segments_segment_fkey REFERENCES segments(segment_id),
        PRIMARY KEY (reward_id, segment_id)
      );

      CREATE TABLE reward_customer_types (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        customer_type_id varchar(32) NOT NULL CONSTRAINT reward_customer_types_type_fkey REFERENCES customer_types(type_id),
        PRIMARY KEY (reward_id, customer_type_id)
      );
      CREATE INDEX reward_customer_types_type_idx ON reward_customer_types (customer_type_id, reward_id);

      CREATE TABLE reward_tag_records (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        tag_id varchar(32) NOT NULL CONSTRAINT reward_tag_records_tag_fkey REFERENCES tags(tag_id),
        PRIMARY KEY (reward_id, tag_id)
      );
      CREATE INDEX reward_tag_records_tag_idx ON reward_tag_records (tag_id, reward_id);

      -- relation 0 = condition (must be in the cart), 1 = bonus (given by the reward).
      CREATE TABLE reward_products (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        product_id varchar(32) NOT NULL CONSTRAINT reward_products_product_fkey REFERENCES products(product_id),
        relation smallint NOT NULL CHECK (relation IN (0, 1)),
        PRIMARY KEY (reward_id, product_id, relation)
      );
      CREATE TABLE reward_product_groups (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        product_group_id varchar(32) NOT NULL CONSTRAINT reward_product_groups_group_fkey REFERENCES product_groups(product_group_id),
        relation smallint NOT NULL CHECK (relation IN (0, 1)),
        PRIMARY KEY (reward_id, product_group_id, relation)
      );
      CREATE TABLE reward_product_brands (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        product_brand_id varchar(32) NOT NULL CONSTRAINT reward_product_brands_brand_fkey REFERENCES product_brands(product_brand_id),
        relation smallint NOT NULL CHECK (relation IN (0, 1)),
        PRIMARY KEY (reward_id, product_brand_id, relation)
      );
      -- Cart thresholds of a condition or bonus, per kind of relation.
      CREATE TABLE reward_relation_rules (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        relation smallint NOT NULL CHECK (relation IN (0, 1)),
        related_to text NOT NULL CHECK (related_to IN ('product', 'product_group', 'product_brand')),
        item_count integer NOT NULL DEFAULT 1 CHECK (item_count >= 0),
        min_price numeric(18, 4),
        max_price numeric(18, 4),
        PRIMARY KEY (reward_id, relation, related_to)
      );

      CREATE TABLE vouchers (
        voucher_id varchar(32) PRIMARY KEY,
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id),
        customer_id varchar(32) NOT NULL CONSTRAINT vouchers_customer_fkey REFERENCES customers(customer_id),
        code text NOT NULL,
        value numeric(18, 4),
        store_id varchar(32) CONSTRAINT vouchers_store_fkey REFERENCES stores(store_id),
        applied_at timestamptz,
        valid_from timestamptz,
        valid_to timestamptz,
        note text,
        -- What the voucher cost, so deleting an unused one can give it back.
        points_cost numeric(14, 2) NOT NULL DEFAULT 0,
        point_type_id varchar(32) REFERENCES point_types(point_type_id),
        original_balance numeric(18, 4),
        current_balance numeric(18, 4) CHECK (current_balance IS NULL OR current_balance >= 0),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX vouchers_code_key ON vouchers (code);
      CREATE INDEX vouchers_customer_idx ON vouchers (customer_id, created_at);
      CREATE INDEX vouchers_reward_idx ON vouchers (reward_id, customer_id);
      CREATE INDEX vouchers_store_idx ON vouchers (store_id);
      CREATE INDEX vouchers_validity_idx ON vouchers (valid_from, valid_to);
      CREATE INDEX vouchers_applied_idx ON vouchers (applied_at);

      -- Additional properties of rewards and vouchers: definitions per resource, their list items, and values.
      CREATE TABLE reward_properties (
        resource text NOT NULL CHECK (resource IN ('reward', 'voucher')),
        property_id varchar(64) NOT NULL,
        name text NOT NULL,
        description text,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'timestamp', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        is_required boolean NOT NULL DEFAULT false,
        is_unique boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (resource, property_id)
      );
      CREATE INDEX reward_properties_name_trgm_idx ON reward_properties USING gin (name gin_trgm_ops);
      CREATE TABLE reward_property_items (
        id varchar(32) PRIMARY KEY,
        resource text NOT NULL,
        property_id varchar(64) NOT NULL,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        FOREIGN KEY (resource, property_id) REFERENCES reward_properties(resource, property_id) ON DELETE CASCADE
      );
      CREATE INDEX reward_property_items_property_idx ON reward_property_items (resource, property_id);
      CREATE TABLE reward_property_records (
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id) ON DELETE CASCADE,
        resource text NOT NULL DEFAULT 'reward' CHECK (resource = 'reward'),
        property_id varchar(64) NOT NULL,
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (reward_id, property_id),
        FOREIGN KEY (resource, property_id) REFERENCES reward_properties(resource, property_id)
      );
      CREATE TABLE voucher_property_records (
        voucher_id varchar(32) NOT NULL REFERENCES vouchers(voucher_id) ON DELETE CASCADE,
        resource text NOT NULL DEFAULT 'voucher' CHECK (resource = 'voucher'),
        property_id varchar(64) NOT NULL,
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (voucher_id, property_id),
        FOREIGN KEY (resource, property_id) REFERENCES reward_properties(resource, property_id)
      );

      INSERT INTO reward_types (reward_type_id, text_id, name) VALUES
        (md5(random()::text || clock_timestamp()::text), 'fixed_discount', 'Product with a fixed discount'),
        (md5(random()::text || clock_timestamp()::text), 'percentage_discount', 'Product with a percentage discount'),
        (md5(random()::text || clock_timestamp()::text), 'final_price', 'Product at a discounted final price'),
        (md5(random()::text || clock_timestamp()::text), 'catalogue_item', 'Catalogue item for points'),
        (md5(random()::text || clock_timestamp()::text), 'gift_card', 'Gift card (multi-purpose)');
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE voucher_property_records, reward_property_records, reward_property_items, reward_properties, vouchers, reward_relation_rules, reward_product_brands, reward_product_groups, reward_products,
        reward_tag_records, reward_customer_types, reward_segments, reward_stores, rewards, reward_types;
    `);
  }
}
