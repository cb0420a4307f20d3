import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Customer accounts with their login identifiers (email, phone, card), source records, and the
 * authentication of both interfaces: API users, roles, external applications, sessions, device tokens.
 */
export class CustomersAndAuth1763800000100 implements MigrationInterface {
  name = 'CustomersAndAuth1763800000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE customers (
        customer_id varchar(32) PRIMARY KEY,
        email text,
        phone text,
        first_name text,
        last_name text,
        password_hash text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX customers_email_idx ON customers (lower(email));
      CREATE INDEX customers_phone_idx ON customers (phone);

      CREATE TABLE customer_source_records (
        customer_source_record_id varchar(32) PRIMARY KEY,
        customer_source_id varchar(32) NOT NULL REFERENCES customer_sources(customer_source_id),
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        external_id text,
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX customer_source_records_customer_idx ON customer_source_records (customer_id);
      CREATE INDEX customer_source_records_external_idx ON customer_source_records (external_id);

      CREATE TABLE cards (
        card_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) REFERENCES customers(customer_id),
        card_number text NOT NULL UNIQUE,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX cards_customer_idx ON cards (customer_id);

      CREATE TABLE user_roles (
        user_role_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        text_id text NOT NULL UNIQUE
      );

      CREATE TABLE api_users (
        user_id varchar(32) PRIMARY KEY,
        login text NOT NULL,
        password_hash text NOT NULL,
        first_name text NOT NULL DEFAULT '',
        last_name text NOT NULL DEFAULT '',
        email text NOT NULL DEFAULT '',
        phone text,
        store_id varchar(32) REFERENCES stores(store_id),
        last_login timestamptz,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX api_users_login_key ON api_users (lower(login));

      CREATE TABLE api_user_role_records (
        user_id varchar(32) NOT NULL REFERENCES api_users(user_id) ON DELETE CASCADE,
        user_role_id varchar(32) NOT NULL REFERENCES user_roles(user_role_id) ON DELETE CASCADE,
        PRIMARY KEY (user_id, user_role_id)
      );

      CREATE TABLE external_applications (
        external_application_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        interface text NOT NULL CHECK (interface IN ('enterprise', 'customer')),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE api_user_sessions (
        session_id varchar(32) PRIMARY KEY,
        token_hash varchar(64) NOT NULL UNIQUE,
        user_id varchar(32) NOT NULL REFERENCES api_users(user_id) ON DELETE CASCADE,
        external_application_id varchar(32) NOT NULL REFERENCES external_applications(external_application_id),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX api_user_sessions_user_idx ON api_user_sessions (user_id);

      CREATE TABLE device_tokens (
        device_token_id varchar(32) PRIMARY KEY,
        token_hash varchar(64) NOT NULL UNIQUE,
        external_application_id varchar(32) NOT NULL REFERENCES external_applications(external_application_id),
        device_id text NOT NULL,
        device_system text NOT NULL,
        device_name text NOT NULL,
        device_type text NOT NULL,
        language_id varchar(8) NOT NULL,
        allowed_gps boolean NOT NULL,
        allowed_notifications boolean NOT NULL,
        push_token text,
        customer_id varchar(32) REFERENCES customers(customer_id),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz
      );
      -- One live token per device and application: a new one replaces the old.
      CREATE UNIQUE INDEX device_tokens_live_device_key
        ON device_tokens (external_application_id, device_id) WHERE revoked_at IS NULL;

      CREATE TABLE customer_auth_tokens (
        token_request_id varchar(32) PRIMARY KEY,
        token_hash varchar(64) NOT NULL,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id) ON DELETE CASCADE,
        issuing_application_id varchar(32) REFERENCES external_applications(external_application_id),
        target_application_id varchar(32) NOT NULL REFERENCES external_applications(external_application_id),
        token_type smallint NOT NULL CHECK (token_type IN (1, 2)),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );

      CREATE TABLE login_failures (
        scope text NOT NULL,
        login text NOT NULL,
        failures integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        last_failure timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, login)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE login_failures, customer_auth_tokens, device_tokens, api_user_sessions, external_applications,
        api_user_role_records, api_users, user_roles, cards, customer_source_records, customers;
    `);
  }
}
