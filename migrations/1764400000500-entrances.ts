import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Charged entrances (ski passes and the like) imported from point-of-sale systems, and their usage
 * days. The indexes serve the overview, which counts over creation, cancellation and deactivation
 * times and over validity ranges, and the per-customer usage figures.
 */
export class Entrances1764400000500 implements MigrationInterface {
  name = 'Entrances1764400000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE entrances (
        entrance_id varchar(64) PRIMARY KEY,
        pos_id smallint NOT NULL CHECK (pos_id IN (3, 6, 9, 11)),
        name text,
        customer_id varchar(32) REFERENCES customers(customer_id),
        card_id varchar(32) NOT NULL REFERENCES cards(card_id),
        resort_name text,
        customer_category_name text,
        external_order_id text,
        external_entrance_id text,
        external_turnstile_permission_id text,
        entrance_type_id smallint CHECK (entrance_type_id IN (0, 1, 2)),
        order_item_id text,
        product_id text,
        charged_price numeric,
        charge_date timestamptz,
        valid_from date,
        valid_to date,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        cancelled_at timestamptz,
        deactivated_at timestamptz,
        last_change timestamptz NOT NULL DEFAULT now(),
        CHECK (valid_to >= valid_from),
        CHECK (state = 1 OR cancelled_at IS NOT NULL),
        CHECK (deactivated_at IS NULL OR state = 0)
      );
      CREATE INDEX entrances_customer_idx ON entrances (customer_id, entrance_id);
      CREATE INDEX entrances_card_idx ON entrances (card_id);
      CREATE INDEX entrances_created_idx ON entrances (created_at);
      CREATE INDEX entrances_cancelled_idx ON entrances (cancelled_at) WHERE deactivated_at IS NULL AND cancelled_at IS NOT NULL;
      CREATE INDEX entrances_deactivated_idx ON entrances (deactivated_at) WHERE deactivated_at IS NOT NULL;
      CREATE INDEX entrances_validity_idx ON entrances USING gist (daterange(valid_from, valid_to, '[]')) WHERE state = 1;

      CREATE TABLE entrance_usages (
        entrance_id varchar(64) NOT NULL REFERENCES entrances(entrance_id) ON DELETE CASCADE,
        used_on date NOT NULL,
        customer_id varchar(32) REFERENCES customers(customer_id),
        distance numeric NOT NULL DEFAULT 0 CHECK (distance >= 0),
        elevation numeric NOT NULL DEFAULT 0 CHECK (elevation >= 0),
        achievement_text_id text,
        PRIMARY KEY (entrance_id, used_on)
      );
      CREATE INDEX entrance_usages_customer_idx ON entrance_usages (customer_id, used_on);

      INSERT INTO event_groups (event_group_id, text_id, name)
        VALUES (md5(random()::text || clock_timestamp()::text), 'entrances', 'Entrances');
      INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name)
        SELECT md5(random()::text || clock_timestamp()::text), 'entrance_deactivation', 'Entrance deactivation', event_group_id, 'block'
        FROM event_groups WHERE text_id = 'entrances';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM customer_events WHERE event_type_id IN (SELECT event_type_id FROM event_types WHERE text_id = 'entrance_deactivation');
      DELETE FROM event_types WHERE text_id = 'entrance_deactivation';
      DELETE FROM event_groups WHERE text_id = 'entrances';
      DROP TABLE entrance_usages, entrances;
    `);
  }
}
