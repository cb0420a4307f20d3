import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The customers context: full customer profiles (personal data, address, consents, photo), the
 * definitions customers refer to (properties, interests, address and relation types, customer types,
 * agreements, referral campaigns), partners' details, and every per-customer record (properties,
 * interests, addresses, relations, partners, statuses, referrals, push registrations).
 */
export class Customers1763900000000 implements MigrationInterface {
  name = 'Customers1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE customers
        ADD COLUMN salutation text,
        ADD COLUMN gender smallint CHECK (gender BETWEEN 1 AND 5),
        ADD COLUMN pre_nominals text,
        ADD COLUMN post_nominals text,
        ADD COLUMN birthdate date,
        ADD COLUMN language_id varchar(8),
        ADD COLUMN store_id varchar(32) REFERENCES stores(store_id),
        ADD COLUMN address1 text, ADD COLUMN address2 text, ADD COLUMN address3 text, ADD COLUMN address4 text,
        ADD COLUMN address5 text, ADD COLUMN address6 text, ADD COLUMN address7 text,
        ADD COLUMN zip text,
        ADD COLUMN city text,
        ADD COLUMN country_code varchar(2),
        ADD COLUMN social_network_id text,
        ADD COLUMN social_network_token_hash varchar(64),
        ADD COLUMN doi_email timestamptz,
        ADD COLUMN doi_phone timestamptz;

      -- One live account per email: concurrent registrations of one address cannot both succeed.
      CREATE UNIQUE INDEX customers_live_email_key ON customers (lower(email)) WHERE state <> 0 AND email IS NOT NULL;
      CREATE INDEX customers_first_name_idx ON customers (lower(first_name));
      CREATE INDEX customers_last_name_idx ON customers (lower(last_name));
      CREATE INDEX customers_birthdate_idx ON customers (birthdate);
      CREATE INDEX customers_last_change_idx ON customers (last_change);
      CREATE INDEX customer_source_records_source_external_idx ON customer_source_records (customer_source_id, external_id);
      CREATE INDEX customer_source_records_source_customer_idx ON customer_source_records (customer_source_id, customer_id);

      CREATE TABLE customer_photos (
        photo_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL UNIQUE REFERENCES customers(customer_id),
        content_type text NOT NULL CHECK (content_type IN ('image/jpeg', 'image/png')),
        data bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      ALTER TABLE partners
        ADD COLUMN address1 text, ADD COLUMN address2 text, ADD COLUMN address3 text, ADD COLUMN address4 text,
        ADD COLUMN address5 text, ADD COLUMN address6 text, ADD COLUMN address7 text,
        ADD COLUMN zip text,
        ADD COLUMN city text,
        ADD COLUMN country_code varchar(2),
        ADD COLUMN registration_id text,
        ADD COLUMN vat_id text,
        ADD COLUMN email text,
        ADD COLUMN phone text;

      CREATE TABLE partner_properties (
        property_id varchar(64) PRIMARY KEY,
        name text NOT NULL,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE partner_property_records (
        property_record_id varchar(32) PRIMARY KEY,
        partner_id varchar(32) NOT NULL REFERENCES partners(partner_id) ON DELETE CASCADE,
        property_id varchar(64) NOT NULL REFERENCES partner_properties(property_id),
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now(),
        UNIQUE (partner_id, property_id)
      );

      CREATE TABLE customer_properties (
        property_id varchar(64) PRIMARY KEY,
        name text NOT NULL,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        is_required boolean NOT NULL DEFAULT false,
        is_unique boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX customer_properties_name_idx ON customer_properties (lower(name));
      CREATE TABLE customer_property_items (
        id varchar(64) PRIMARY KEY,
        property_id varchar(64) NOT NULL REFERENCES customer_properties(property_id) ON DELETE CASCADE,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2))
      );
      CREATE INDEX customer_property_items_property_idx ON customer_property_items (property_id);
      CREATE TABLE customer_property_records (
        property_record_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        property_id varchar(64) NOT NULL REFERENCES customer_properties(property_id),
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, property_id)
      );
      CREATE INDEX customer_property_records_lookup_idx ON customer_property_records (property_id, property_value);

      CREATE TABLE interests (
        interest_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE customer_interest_records (
        interest_record_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        interest_id varchar(32) NOT NULL REFERENCES interests(interest_id),
        last_change timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, interest_id)
      );

      CREATE TABLE customer_address_types (
        address_type_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE customer_addresses (
        additional_address_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        address_type_id varchar(32) NOT NULL REFERENCES customer_address_types(address_type_id),
        address1 text, address2 text, address3 text, address4 text, address5 text, address6 text, address7 text,
        zip text,
        city text,
        country_code varchar(2),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX customer_addresses_customer_idx ON customer_addresses (customer_id, address_type_id);

      CREATE TABLE customer_relation_types (
        customer_relation_type_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      -- One row per relation; each side sees the other (is_leading is from customer_id's side).
      CREATE TABLE customer_relations (
        customer_relation_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        related_customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        customer_relation_type_id varchar(32) NOT NULL REFERENCES customer_relation_types(customer_relation_type_id),
        is_leading boolean NOT NULL,
        valid_from timestamptz NOT NULL DEFAULT now(),
        valid_to timestamptz,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (customer_id <> related_customer_id)
      );
      CREATE INDEX customer_relations_customer_idx ON customer_relations (customer_id);
      CREATE INDEX customer_relations_related_idx ON customer_relations (related_customer_id);

      CREATE TABLE customer_types (
        type_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        text_id text NOT NULL UNIQUE,
        last_change timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE agreements (
        agreement_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        text text NOT NULL DEFAULT '',
        withdrawal_text text,
        communication_channel_id varchar(32),
        text_id text NOT NULL UNIQUE,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX agreements_channel_idx ON agreements (communication_channel_id);
      CREATE TABLE customer_consents (
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        agreement_id varchar(32) NOT NULL REFERENCES agreements(agreement_id),
        consent_value smallint NOT NULL CHECK (consent_value IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, agreement_id)
      );

      CREATE TABLE customer_partner_records (
        partner_record_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        partner_id varchar(32) NOT NULL REFERENCES partners(partner_id),
        last_change timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, partner_id)
      );

      CREATE TABLE customer_status_records (
        status_record_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        status_id varchar(32) NOT NULL REFERENCES statuses(status_id),
        valid_from timestamptz NOT NULL,
        valid_to timestamptz,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX customer_status_records_customer_idx ON customer_status_records (customer_id, valid_from);

      CREATE TABLE referral_campaigns (
        referral_campaign_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        customer_relation_type_id varchar(32) NOT NULL REFERENCES customer_relation_types(customer_relation_type_id),
        is_default boolean NOT NULL DEFAULT false,
        code_validity_days integer,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX referral_campaigns_default_key ON referral_campaigns (is_default) WHERE is_default;
      CREATE TABLE customer_referrals (
        referral_id varchar(32) PRIMARY KEY,
        code text NOT NULL UNIQUE,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        referral_campaign_id varchar(32) NOT NULL REFERENCES referral_campaigns(referral_campaign_id),
        valid_to timestamptz,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, referral_campaign_id)
      );

      CREATE TABLE customer_push_registrations (
        push_registration_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        external_application_id varchar(32) NOT NULL REFERENCES external_applications(external_application_id),
        device_id text NOT NULL,
        device_system text NOT NULL,
        device_name text NOT NULL,
        device_type text NOT NULL,
        push_token text NOT NULL,
        last_change timestamptz NOT NULL DEFAULT now(),
        UNIQUE (external_application_id, device_id)
      );
      CREATE INDEX customer_push_registrations_customer_idx ON customer_push_registrations (customer_id, external_application_id);

      -- Project defaults (decision 23); operators may edit or extend them.
      INSERT INTO customer_types (type_id, name, text_id) VALUES
        (md5(random()::text || clock_timestamp()::text), 'Private person', 'private'),
        (md5(random()::text || clock_timestamp()::text), 'Business', 'business');
      INSERT INTO customer_address_types (address_type_id, name) VALUES
        (md5(random()::text || clock_timestamp()::text), 'Delivery address'),
        (md5(random()::text || clock_timestamp()::text), 'Billing address');
      INSERT INTO customer_relation_types (customer_relation_type_id, name) VALUES
        (md5(random()::text || clock_timestamp()::text), 'Family member'),
        (md5(random()::text || clock_timestamp()::text), 'Recommended by');
      INSERT INTO agreements (agreement_id, name, text, text_id) VALUES
        (md5(random()::text || clock_timestamp()::text), 'General terms and conditions', 'I accept the general terms and conditions.', 'gtc'),
        (md5(random()::text || clock_timestamp()::text), 'Profiling', 'I agree to the processing of my data for personalised offers.', 'profiling'),
        (md5(random()::text || clock_timestamp()::text), 'Marketing communication', 'I want to receive news and offers.', 'marketing_communication');
      INSERT INTO referral_campaigns (referral_campaign_id, name, customer_relation_type_id, is_default) VALUES
        (md5(random()::text || clock_timestamp()::text), 'Recommend a friend',
         (SELECT customer_relation_type_id FROM customer_relation_types WHERE name = 'Recommended by'), true);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE customer_push_registrations, customer_referrals, referral_campaigns, customer_status_records,
        customer_partner_records, customer_consents, agreements, customer_types, customer_relations,
        customer_relation_types, customer_addresses, customer_address_types, customer_interest_records, interests,
        customer_property_records, customer_property_items, customer_properties, partner_property_records,
        partner_properties, customer_photos;
      DROP INDEX customer_source_records_source_external_idx, customer_source_records_source_customer_idx,
        customers_live_email_key, customers_first_name_idx, customers_last_name_idx, customers_last_change_idx;
      ALTER TABLE partners
        DROP COLUMN address1, DROP COLUMN address2, DROP COLUMN address3, DROP COLUMN address4, DROP COLUMN address5,
        DROP COLUMN address6, DROP COLUMN address7, DROP COLUMN zip, DROP COLUMN city, DROP COLUMN country_code,
        DROP COLUMN registration_id, DROP COLUMN vat_id, DROP COLUMN email, DROP COLUMN phone;
      ALTER TABLE customers
        DROP COLUMN salutation, DROP COLUMN gender, DROP COLUMN pre_nominals, DROP COLUMN post_nominals,
        DROP COLUMN birthdate, DROP COLUMN language_id, DROP COLUMN store_id, DROP COLUMN address1, DROP COLUMN address2,
        DROP COLUMN address3, DROP COLUMN address4, DROP COLUMN address5, DROP COLUMN address6, DROP COLUMN address7,
        DROP COLUMN zip, DROP COLUMN city, DROP COLUMN country_code, DROP COLUMN social_network_id,
        DROP COLUMN social_network_token_hash, DROP COLUMN doi_email, DROP COLUMN doi_phone;
    `);
  }
}
