import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Campaigns, their campaign products (a product at a discount or a final price for a time window) with
 * the stores each applies in, and audiences (target groups the operator names for a channel). Nothing is
 * seeded. Removed records keep their rows (state 0). Nothing here is cached in memory, so no notify triggers.
 */
export class Campaigns1764300000500 implements MigrationInterface {
  name = 'Campaigns1764300000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE campaigns (
        campaign_id varchar(32) PRIMARY KEY,
        external_id text,
        parent_id varchar(32) CONSTRAINT campaigns_parent_fkey REFERENCES campaigns(campaign_id),
        name text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX campaigns_external_id_idx ON campaigns (external_id);
      CREATE INDEX campaigns_parent_idx ON campaigns (parent_id);
      CREATE INDEX campaigns_name_trgm_idx ON campaigns USING gin (name gin_trgm_ops);

      CREATE TABLE campaign_products (
        campaign_product_id varchar(32) PRIMARY KEY,
        campaign_id varchar(32) NOT NULL CONSTRAINT campaign_products_campaign_fkey REFERENCES campaigns(campaign_id),
        product_id varchar(32) NOT NULL CONSTRAINT campaign_products_product_fkey REFERENCES products(product_id),
        currency_id varchar(32) NOT NULL CONSTRAINT campaign_products_currency_fkey REFERENCES currencies(currency_id),
        customer_type_id varchar(32) NOT NULL CONSTRAINT campaign_products_customer_type_fkey REFERENCES customer_types(type_id),
        value numeric(18, 4) NOT NULL,
        value_type_id smallint NOT NULL CHECK (value_type_id IN (1, 2)),
        valid_from timestamptz NOT NULL,
        valid_to timestamptz NOT NULL,
        display_in text[] NOT NULL DEFAULT '{}',
        presentation_name text NOT NULL,
        presentation_subtitle text,
        presentation_note text,
        presentation_description text,
        presentation_image_url text,
        property_records jsonb NOT NULL DEFAULT '[]',
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT campaign_products_validity_check CHECK (valid_to >= valid_from),
        CONSTRAINT campaign_products_percentage_check CHECK (value_type_id <> 1 OR value BETWEEN 0 AND 100)
      );
      CREATE INDEX campaign_products_campaign_idx ON campaign_products (campaign_id);
      CREATE INDEX campaign_products_product_idx ON campaign_products (product_id);
      CREATE INDEX campaign_products_validity_idx ON campaign_products (valid_from, valid_to);
      CREATE INDEX campaign_products_name_trgm_idx ON campaign_products USING gin (presentation_name gin_trgm_ops);

      CREATE TABLE campaign_product_store_records (
        campaign_product_store_record_id varchar(32) PRIMARY KEY,
        campaign_product_id varchar(32) NOT NULL
          CONSTRAINT campaign_product_store_records_product_fkey REFERENCES campaign_products(campaign_product_id) ON DELETE CASCADE,
        store_id varchar(32) NOT NULL CONSTRAINT campaign_product_store_records_store_fkey REFERENCES stores(store_id),
        CONSTRAINT campaign_product_store_records_store_key UNIQUE (campaign_product_id, store_id)
      );
      CREATE INDEX campaign_product_store_records_store_idx ON campaign_product_store_records (store_id);

      CREATE TABLE audiences (
        audience_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        communication_channel_id varchar(32) NOT NULL
          CONSTRAINT audiences_channel_fkey REFERENCES communication_channels(communication_channel_id),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX audiences_channel_idx ON audiences (communication_channel_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE audiences, campaign_product_store_records, campaign_products, campaigns`);
  }
}
