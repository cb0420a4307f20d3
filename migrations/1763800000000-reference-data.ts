import { MigrationInterface, QueryRunner } from 'typeorm';

/** Reference data: ISO lists, partners, stores and their groups and properties, customer sources, statuses. */
export class ReferenceData1763800000000 implements MigrationInterface {
  name = 'ReferenceData1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE project_settings (
        key text PRIMARY KEY,
        value jsonb NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE countries (
        country_id varchar(2) PRIMARY KEY,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE country_names (
        country_id varchar(2) NOT NULL REFERENCES countries(country_id) ON DELETE CASCADE,
        language_id varchar(8) NOT NULL,
        name text NOT NULL,
        PRIMARY KEY (country_id, language_id)
      );

      CREATE TABLE languages (
        language_id varchar(2) PRIMARY KEY,
        list_types text[] NOT NULL DEFAULT ARRAY['carecloud-api'],
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE currencies (
        currency_id varchar(32) PRIMARY KEY,
        code varchar(3) NOT NULL UNIQUE,
        name text NOT NULL,
        minor_units smallint,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE partners (
        partner_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE stores (
        store_id varchar(32) PRIMARY KEY,
        store_code text NOT NULL,
        name text NOT NULL,
        partner_id varchar(32) NOT NULL REFERENCES partners(partner_id),
        system_id text NOT NULL,
        address1 text, address2 text, address3 text, address4 text, address5 text, address6 text, address7 text,
        zip text, city text, country_code varchar(2),
        contact_email text,
        manager_name text,
        phone_number text,
        gps_longitude numeric(10, 7),
        gps_latitude numeric(10, 7),
        url_address text,
        opening jsonb NOT NULL DEFAULT '[]',
        image_urls text[] NOT NULL DEFAULT '{}',
        visibility_for_customer smallint NOT NULL DEFAULT 1 CHECK (visibility_for_customer IN (0, 1)),
        short_description text,
        description text,
        registration_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX stores_store_code_key ON stores (store_code);
      CREATE INDEX stores_system_id_idx ON stores (system_id);

      CREATE TABLE store_groups (
        store_group_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE store_group_records (
        store_group_record_id varchar(32) PRIMARY KEY,
        store_id varchar(32) NOT NULL REFERENCES stores(store_id) ON DELETE CASCADE,
        store_group_id varchar(32) NOT NULL REFERENCES store_groups(store_group_id) ON DELETE CASCADE,
        last_change timestamptz NOT NULL DEFAULT now(),
        UNIQUE (store_id, store_group_id)
      );

      CREATE TABLE store_properties (
        property_id varchar(64) PRIMARY KEY,
        name text NOT NULL,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        is_required boolean NOT NULL DEFAULT false,
        is_unique boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE store_property_items (
        id varchar(32) PRIMARY KEY,
        property_id varchar(64) NOT NULL REFERENCES store_properties(property_id) ON DELETE CASCADE,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2))
      );
      CREATE TABLE store_property_records (
        property_record_id varchar(32) PRIMARY KEY,
        store_id varchar(32) NOT NULL REFERENCES stores(store_id) ON DELETE CASCADE,
        property_id varchar(64) NOT NULL REFERENCES store_properties(property_id),
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX store_property_records_store_idx ON store_property_records (store_id);
      CREATE INDEX store_property_records_lookup_idx ON store_property_records (property_id, property_value);

      CREATE TABLE customer_sources (
        customer_source_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        customer_source_text_id text NOT NULL UNIQUE,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE statuses (
        status_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        tier smallint NOT NULL,
        qualification_period integer,
        qualification_points numeric(14, 2),
        previous_status_id varchar(32) REFERENCES statuses(status_id),
        next_status_id varchar(32) REFERENCES statuses(status_id),
        validity_period text NOT NULL,
        collection_points boolean NOT NULL DEFAULT true,
        payment_points boolean NOT NULL DEFAULT true,
        qualification_type smallint NOT NULL CHECK (qualification_type IN (0, 1, 2)),
        discount integer NOT NULL DEFAULT 0,
        overall_discount_on_discounted_purchase_items boolean NOT NULL DEFAULT false,
        text_id text NOT NULL UNIQUE,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE status_qualification_turnovers (
        status_id varchar(32) NOT NULL REFERENCES statuses(status_id) ON DELETE CASCADE,
        currency_id varchar(32) NOT NULL REFERENCES currencies(currency_id),
        value numeric(14, 2) NOT NULL,
        due_date date,
        PRIMARY KEY (status_id, currency_id)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE status_qualification_turnovers, statuses, customer_sources, store_property_records,
        store_property_items, store_properties, store_group_records, store_groups, stores, partners,
        currencies, languages, country_names, countries, project_settings;
    `);
  }
}
