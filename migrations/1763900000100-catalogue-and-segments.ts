import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Catalogue (product brands, the product group tree, products with their PLU ids, prices and tags) and
 * segments (segment groups, segments, customer membership). Every list filter has an index; name
 * filters are substring searches, so they get trigram indexes.
 */
export class CatalogueAndSegments1763900000100 implements MigrationInterface {
  name = 'CatalogueAndSegments1763900000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;

      CREATE TABLE product_brands (
        product_brand_id varchar(32) PRIMARY KEY,
        external_id text NOT NULL,
        name text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX product_brands_external_id_key ON product_brands (external_id);
      CREATE INDEX product_brands_name_trgm_idx ON product_brands USING gin (name gin_trgm_ops);

      CREATE TABLE product_groups (
        product_group_id varchar(32) PRIMARY KEY,
        external_id text NOT NULL,
        name text NOT NULL,
        code text,
        parent_product_group_id varchar(32) CONSTRAINT product_groups_parent_fkey REFERENCES product_groups(product_group_id),
        store_id varchar(32) CONSTRAINT product_groups_store_fkey REFERENCES stores(store_id),
        partner_id varchar(32) CONSTRAINT product_groups_partner_fkey REFERENCES partners(partner_id),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (parent_product_group_id IS DISTINCT FROM product_group_id)
      );
      CREATE UNIQUE INDEX product_groups_external_id_key ON product_groups (external_id);
      CREATE INDEX product_groups_parent_idx ON product_groups (parent_product_group_id);
      CREATE INDEX product_groups_store_idx ON product_groups (store_id);
      CREATE INDEX product_groups_partner_idx ON product_groups (partner_id);
      CREATE INDEX product_groups_code_idx ON product_groups (code);
      CREATE INDEX product_groups_name_trgm_idx ON product_groups USING gin (name gin_trgm_ops);

      CREATE TABLE tags (
        tag_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL,
        names jsonb NOT NULL DEFAULT '{}',
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX tags_text_id_key ON tags (text_id);

      CREATE TABLE products (
        product_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        code text,
        product_group_id varchar(32) CONSTRAINT products_product_group_fkey REFERENCES product_groups(product_group_id),
        product_brand_id varchar(32) CONSTRAINT products_product_brand_fkey REFERENCES product_brands(product_brand_id),
        partner_id varchar(32) CONSTRAINT products_partner_fkey REFERENCES partners(partner_id),
        store_id varchar(32) CONSTRAINT products_store_fkey REFERENCES stores(store_id),
        property_records jsonb NOT NULL DEFAULT '[]',
        image_urls text[] NOT NULL DEFAULT '{}',
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX products_code_idx ON products (code);
      CREATE INDEX products_partner_idx ON products (partner_id);
      CREATE INDEX products_product_group_idx ON products (product_group_id);
      CREATE INDEX products_product_brand_idx ON products (product_brand_id);
      CREATE INDEX products_name_trgm_idx ON products USING gin (name gin_trgm_ops);

      -- A PLU id names one product within its code list; the key doubles as the lookup index.
      CREATE TABLE product_plu_ids (
        list_code text NOT NULL,
        code text NOT NULL,
        product_id varchar(32) NOT NULL REFERENCES products(product_id) ON DELETE CASCADE,
        PRIMARY KEY (list_code, code)
      );
      CREATE INDEX product_plu_ids_code_idx ON product_plu_ids (code);
      CREATE INDEX product_plu_ids_product_idx ON product_plu_ids (product_id);

      CREATE TABLE product_prices (
        product_id varchar(32) NOT NULL REFERENCES products(product_id) ON DELETE CASCADE,
        currency_id varchar(32) NOT NULL CONSTRAINT product_prices_currency_fkey REFERENCES currencies(currency_id),
        value numeric(18, 4) NOT NULL,
        PRIMARY KEY (product_id, currency_id)
      );

      CREATE TABLE product_tag_records (
        product_id varchar(32) NOT NULL REFERENCES products(product_id) ON DELETE CASCADE,
        tag_id varchar(32) NOT NULL CONSTRAINT product_tag_records_tag_fkey REFERENCES tags(tag_id),
        PRIMARY KEY (product_id, tag_id)
      );
      CREATE INDEX product_tag_records_tag_idx ON product_tag_records (tag_id, product_id);

      CREATE TABLE segment_groups (
        segment_group_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        parent_group_id varchar(32) REFERENCES segment_groups(segment_group_id),
        note text,
        text_id text,
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX segment_groups_text_id_key ON segment_groups (text_id);
      CREATE INDEX segment_groups_name_trgm_idx ON segment_groups USING gin (name gin_trgm_ops);

      CREATE TABLE segments (
        segment_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        note text,
        priority smallint CHECK (priority BETWEEN 0 AND 100),
        segment_group_id varchar(32) REFERENCES segment_groups(segment_group_id),
        segment_picture_url text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX segments_segment_group_idx ON segments (segment_group_id);

      CREATE TABLE segment_records (
        segment_id varchar(32) NOT NULL REFERENCES segments(segment_id) ON DELETE CASCADE,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (segment_id, customer_id)
      );
      CREATE INDEX segment_records_customer_idx ON segment_records (customer_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm stays: other tables may use it.
    await queryRunner.query(`
      DROP TABLE segment_records, segments, segment_groups, product_tag_records, product_prices, product_plu_ids,
        products, tags, product_groups, product_brands;
    `);
  }
}
