import { MigrationInterface, QueryRunner } from 'typeorm';

/** Definition tables held in memory by every instance: each change notifies them. */
const CATALOGUE_TABLES = ['event_groups', 'event_types', 'event_properties', 'event_property_items', 'event_type_properties'];

/**
 * The event catalogue: groups of event types, the properties events may carry (readable ids the
 * operator chooses) and which types allow which properties, and the property values stored per event.
 * Events always belong to a customer, and one active event exists per type, customer, external id and
 * secondary external id.
 */
export class EventCatalogue1764300000400 implements MigrationInterface {
  name = 'EventCatalogue1764300000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE event_groups (
        event_group_id varchar(32) PRIMARY KEY,
        text_id text NOT NULL UNIQUE,
        name text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO event_groups (event_group_id, text_id, name) VALUES
        (md5(random()::text || clock_timestamp()::text), 'purchases', 'Purchases'),
        (md5(random()::text || clock_timestamp()::text), 'vouchers', 'Vouchers');

      ALTER TABLE event_types
        ADD COLUMN event_group_id varchar(32) REFERENCES event_groups(event_group_id),
        ADD COLUMN icon_name text,
        ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2));
      UPDATE event_types SET event_group_id = (SELECT event_group_id FROM event_groups WHERE text_id = 'purchases'),
        icon_name = CASE text_id WHEN 'purchase' THEN 'shopping_cart' WHEN 'purchase_cancellation' THEN 'remove_shopping_cart' END;
      INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name)
        SELECT md5(random()::text || clock_timestamp()::text), 'voucher_activation', 'Voucher activation', event_group_id, 'redeem'
        FROM event_groups WHERE text_id = 'vouchers';
      ALTER TABLE event_types ALTER COLUMN event_group_id SET NOT NULL;
      CREATE INDEX event_types_group_idx ON event_types (event_group_id);

      CREATE TABLE event_properties (
        property_id varchar(64) PRIMARY KEY,
        name text NOT NULL,
        description text,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'timestamp', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        is_required boolean NOT NULL DEFAULT false,
        is_unique boolean NOT NULL DEFAULT false,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE event_property_items (
        id varchar(32) PRIMARY KEY,
        property_id varchar(64) NOT NULL REFERENCES event_properties(property_id) ON DELETE CASCADE,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))
      );
      CREATE INDEX event_property_items_property_idx ON event_property_items (property_id);
      CREATE TABLE event_type_properties (
        event_type_id varchar(32) NOT NULL REFERENCES event_types(event_type_id) ON DELETE CASCADE,
        property_id varchar(64) NOT NULL REFERENCES event_properties(property_id) ON DELETE CASCADE,
        PRIMARY KEY (event_type_id, property_id)
      );
      CREATE INDEX event_type_properties_property_idx ON event_type_properties (property_id);

      -- The event outbox only ever had events of customers: the code never wrote one without.
      ALTER TABLE customer_events ALTER COLUMN customer_id SET NOT NULL;
      -- Digests of the external ids: two ids of the longest text a request may send exceed what a btree entry takes.
      CREATE UNIQUE INDEX customer_events_identity_key ON customer_events
        (event_type_id, customer_id, md5(external_id), md5(coalesce(secondary_external_id, ''))) WHERE state = 1;
      CREATE INDEX customer_events_created_idx ON customer_events (created_at, event_id);
      CREATE INDEX customer_events_external_idx ON customer_events (external_id);

      CREATE TABLE event_property_records (
        event_id varchar(32) NOT NULL REFERENCES customer_events(event_id) ON DELETE CASCADE,
        property_id varchar(64) NOT NULL REFERENCES event_properties(property_id),
        property_value jsonb,
        last_change timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (event_id, property_id)
      );
      -- Finds another event with a unique property's value; hash, as a value may be longer than a btree takes.
      CREATE INDEX event_property_records_value_idx ON event_property_records USING hash (property_value);
    `);
    for (const table of CATALOGUE_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TABLE event_property_records, event_type_properties, event_property_items, event_properties;
      DROP INDEX customer_events_identity_key, customer_events_created_idx, customer_events_external_idx;
      ALTER TABLE customer_events ALTER COLUMN customer_id DROP NOT NULL;
      DELETE FROM event_types WHERE text_id = 'voucher_activation';
      DROP TRIGGER event_types_notify_change ON event_types;
      ALTER TABLE event_types DROP COLUMN event_group_id, DROP COLUMN icon_name, DROP COLUMN state;
      DROP TABLE event_groups;
    `);
  }
}
