import { MigrationInterface, QueryRunner } from 'typeorm';

/** The definition tables every instance holds in memory for purchase closure. */
const DEFINITION_TABLES = ['stamper_campaigns', 'stamper_conditions', 'stamper_bonus_checkpoints'];

/**
 * Stamp cards: campaigns the operator defines (with machine-readable conditions and the rewards a card
 * and its checkpoints unlock), the customers' cards, the stamps purchases earn, and the vouchers a card
 * issued. Removed campaigns, conditions and checkpoints keep their rows (state 0) for the stamps that
 * name them.
 */
export class Stamper1764300000200 implements MigrationInterface {
  name = 'Stamper1764300000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE stamper_campaigns (
        stamper_campaign_id varchar(32) PRIMARY KEY,
        partner_id varchar(32) REFERENCES partners(partner_id),
        names jsonb NOT NULL DEFAULT '{}',
        descriptions jsonb NOT NULL DEFAULT '{}',
        stamp_count integer NOT NULL CHECK (stamp_count BETWEEN 1 AND 1000),
        valid_from timestamptz,
        valid_to timestamptz,
        count_of_campaign_repetitions integer NOT NULL CHECK (count_of_campaign_repetitions BETWEEN 1 AND 1000000),
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (valid_from IS NULL OR valid_to IS NULL OR valid_from <= valid_to)
      );

      CREATE TABLE stamper_conditions (
        stamper_condition_id varchar(32) PRIMARY KEY,
        stamper_campaign_id varchar(32) NOT NULL REFERENCES stamper_campaigns(stamper_campaign_id) ON DELETE CASCADE,
        position integer NOT NULL,
        descriptions jsonb NOT NULL DEFAULT '{}',
        related_to text NOT NULL CHECK (related_to IN ('product', 'product_group', 'product_brand', 'purchase_amount')),
        related_ids varchar(32)[] NOT NULL DEFAULT '{}',
        minimum_quantity numeric CHECK (minimum_quantity > 0),
        minimum_amount numeric CHECK (minimum_amount > 0),
        max_stamps_per_purchase integer NOT NULL DEFAULT 1 CHECK (max_stamps_per_purchase BETWEEN 1 AND 100),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))
      );
      CREATE INDEX stamper_conditions_campaign_idx ON stamper_conditions (stamper_campaign_id);

      CREATE TABLE stamper_bonus_checkpoints (
        stamper_bonus_checkpoint_id varchar(32) PRIMARY KEY,
        stamper_campaign_id varchar(32) NOT NULL REFERENCES stamper_campaigns(stamper_campaign_id) ON DELETE CASCADE,
        stamp_number integer NOT NULL CHECK (stamp_number >= 1),
        descriptions jsonb NOT NULL DEFAULT '{}',
        reward_id varchar(32) NOT NULL REFERENCES rewards(reward_id),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))
      );
      CREATE INDEX stamper_bonus_checkpoints_campaign_idx ON stamper_bonus_checkpoints (stamper_campaign_id);

      CREATE TABLE stamper_cards (
        stamper_card_id varchar(32) PRIMARY KEY,
        stamper_campaign_id varchar(32) NOT NULL REFERENCES stamper_campaigns(stamper_campaign_id),
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id) ON DELETE CASCADE,
        card_order integer NOT NULL CHECK (card_order >= 1),
        stamp_total integer NOT NULL DEFAULT 0 CHECK (stamp_total >= 0),
        filled_up boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        UNIQUE (customer_id, stamper_campaign_id, card_order)
      );
      CREATE INDEX stamper_cards_campaign_idx ON stamper_cards (stamper_campaign_id);

      CREATE TABLE stamper_stamps (
        stamp_id varchar(32) PRIMARY KEY,
        -- Collection order: stamps are placed and re-placed in it.
        seq bigint GENERATED ALWAYS AS IDENTITY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id) ON DELETE CASCADE,
        purchase_id varchar(32) NOT NULL REFERENCES purchases(purchase_id) ON DELETE CASCADE,
        stamper_campaign_id varchar(32) NOT NULL REFERENCES stamper_campaigns(stamper_campaign_id),
        stamper_card_id varchar(32) REFERENCES stamper_cards(stamper_card_id) ON DELETE SET NULL,
        stamp_order integer CHECK (stamp_order >= 1),
        stamper_condition_id varchar(32) NOT NULL REFERENCES stamper_conditions(stamper_condition_id),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now(),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))
      );
      CREATE INDEX stamper_stamps_customer_idx ON stamper_stamps (customer_id, stamper_campaign_id, seq);
      CREATE INDEX stamper_stamps_card_idx ON stamper_stamps (stamper_card_id);
      CREATE INDEX stamper_stamps_purchase_idx ON stamper_stamps (purchase_id);

      -- The vouchers a card issued: its full-card reward (no checkpoint) and each checkpoint's, once per card.
      CREATE TABLE stamper_card_vouchers (
        stamper_card_id varchar(32) NOT NULL REFERENCES stamper_cards(stamper_card_id) ON DELETE CASCADE,
        stamper_bonus_checkpoint_id varchar(32) REFERENCES stamper_bonus_checkpoints(stamper_bonus_checkpoint_id),
        voucher_id varchar(32) PRIMARY KEY REFERENCES vouchers(voucher_id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX stamper_card_vouchers_once ON stamper_card_vouchers (stamper_card_id, coalesce(stamper_bonus_checkpoint_id, ''));
    `);
    for (const table of DEFINITION_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE stamper_card_vouchers, stamper_stamps, stamper_cards, stamper_bonus_checkpoints, stamper_conditions, stamper_campaigns`,
    );
  }
}
