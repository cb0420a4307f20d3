import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Loyalty: card types and the full card record, and the two ledgers (points and credits) with their
 * types and history. A ledger row is either a collection (positive `assigned_*`, of which
 * `available_*` is still unspent) or a redemption (negative `assigned_*`, nothing available); the
 * balance is the sum of what valid collections still have available. History rows record every
 * movement, so their sum equals the balance once expired remainders are written off.
 */
export class LoyaltyLedgers1763900000200 implements MigrationInterface {
  name = 'LoyaltyLedgers1763900000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE card_types (
        card_type_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        prefix text NOT NULL DEFAULT '',
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX card_types_one_default_key ON card_types (is_default) WHERE is_default;

      -- Cards issued before card types existed belong to the default type.
      INSERT INTO card_types (card_type_id, text_id, name, prefix, is_default)
      VALUES (md5(gen_random_uuid()::text), 'default', 'Loyalty card', '', true);

      ALTER TABLE cards
        ADD COLUMN card_type_id varchar(32) REFERENCES card_types(card_type_id),
        ADD COLUMN secondary_card_number text,
        ADD COLUMN valid_from timestamptz,
        ADD COLUMN valid_to timestamptz,
        ADD COLUMN store_id varchar(32) REFERENCES stores(store_id);
      UPDATE cards SET card_type_id = (SELECT card_type_id FROM card_types WHERE is_default);
      ALTER TABLE cards ALTER COLUMN card_type_id SET NOT NULL;
      CREATE INDEX cards_card_type_idx ON cards (card_type_id, customer_id);
      CREATE INDEX cards_secondary_number_idx ON cards (secondary_card_number);
      CREATE INDEX cards_state_idx ON cards (state);
      -- The pool assign-free-card draws from.
      CREATE INDEX cards_free_pool_idx ON cards (card_type_id, created_at) WHERE customer_id IS NULL AND state = 1;

      CREATE TABLE card_files (
        card_file_id varchar(32) PRIMARY KEY,
        card_id varchar(32) NOT NULL REFERENCES cards(card_id) ON DELETE CASCADE,
        file_type text NOT NULL,
        media_type text NOT NULL,
        content bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX card_files_card_idx ON card_files (card_id);

      CREATE TABLE point_types (
        point_type_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX point_types_one_default_key ON point_types (is_default) WHERE is_default;
      INSERT INTO point_types (point_type_id, name, is_default) VALUES (md5(gen_random_uuid()::text), 'Loyalty points', true);

      CREATE TABLE points (
        point_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        point_type_id varchar(32) NOT NULL REFERENCES point_types(point_type_id),
        partner_id varchar(32) NOT NULL REFERENCES partners(partner_id),
        store_id varchar(32) REFERENCES stores(store_id),
        assigned_points numeric(14, 2) NOT NULL,
        available_points numeric(14, 2) NOT NULL,
        valid_to timestamptz,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (available_points >= 0 AND available_points <= greatest(assigned_points, 0))
      );
      CREATE INDEX points_customer_idx ON points (customer_id, point_type_id, created_at);
      CREATE INDEX points_created_idx ON points (created_at);
      CREATE INDEX points_point_type_idx ON points (point_type_id);
      -- Redemptions read only the records that still have something to spend.
      CREATE INDEX points_spendable_idx ON points (customer_id, point_type_id, created_at) WHERE available_points > 0;

      CREATE TABLE point_history (
        point_history_id varchar(32) PRIMARY KEY,
        point_id varchar(32) REFERENCES points(point_id),
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        point_type_id varchar(32) NOT NULL REFERENCES point_types(point_type_id),
        partner_id varchar(32) NOT NULL REFERENCES partners(partner_id),
        store_id varchar(32) REFERENCES stores(store_id),
        point_amount numeric(14, 2) NOT NULL,
        operation_type text NOT NULL,
        operation_note text,
        extended_data jsonb,
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX point_history_customer_idx ON point_history (customer_id, recorded_at);
      CREATE INDEX point_history_point_idx ON point_history (point_id);

      CREATE TABLE credit_types (
        credit_type_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        currency_id varchar(32) NOT NULL REFERENCES currencies(currency_id),
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX credit_types_one_default_key ON credit_types (is_default) WHERE is_default;

      CREATE TABLE credits (
        credit_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        credit_type_id varchar(32) NOT NULL REFERENCES credit_types(credit_type_id),
        partner_id varchar(32) NOT NULL REFERENCES partners(partner_id),
        currency_id varchar(32) NOT NULL REFERENCES currencies(currency_id),
        store_id varchar(32) REFERENCES stores(store_id),
        assigned_credits numeric(16, 4) NOT NULL,
        available_credits numeric(16, 4) NOT NULL,
        valid_to timestamptz,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (available_credits >= 0 AND available_credits <= greatest(assigned_credits, 0))
      );
      CREATE INDEX credits_customer_idx ON credits (customer_id, credit_type_id, created_at);
      CREATE INDEX credits_created_idx ON credits (created_at);
      CREATE INDEX credits_credit_type_idx ON credits (credit_type_id);
      CREATE INDEX credits_spendable_idx ON credits (customer_id, credit_type_id, currency_id, created_at) WHERE available_credits > 0;

      CREATE TABLE credit_history (
        credit_history_id varchar(32) PRIMARY KEY,
        credit_id varchar(32) REFERENCES credits(credit_id),
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        credit_type_id varchar(32) NOT NULL REFERENCES credit_types(credit_type_id),
        partner_id varchar(32) NOT NULL REFERENCES partners(partner_id),
        currency_id varchar(32) NOT NULL REFERENCES currencies(currency_id),
        store_id varchar(32) REFERENCES stores(store_id),
        amount numeric(16, 4) NOT NULL,
        operation_type text NOT NULL,
        operation_note text,
        recorded_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX credit_history_customer_idx ON credit_history (customer_id, recorded_at);
      CREATE INDEX credit_history_credit_idx ON credit_history (credit_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE credit_history, credits, credit_types, point_history, points, point_types, card_files;
      ALTER TABLE cards DROP COLUMN card_type_id, DROP COLUMN secondary_card_number, DROP COLUMN valid_from,
        DROP COLUMN valid_to, DROP COLUMN store_id;
      DROP TABLE card_types;
    `);
  }
}
