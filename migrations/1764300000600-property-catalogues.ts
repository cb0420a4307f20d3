import { MigrationInterface, QueryRunner } from 'typeorm';

/** New definition tables the server keeps in memory: every change notifies the instances. */
const NOTIFYING_TABLES = [
  'partner_properties',
  'partner_property_items',
  'product_properties',
  'product_property_items',
  'customer_engagement_setups',
];

/**
 * Catalogues the API only lists: partner and product property definitions in the full property shape,
 * customer engagement setups, and a readable key and change time for external applications.
 *
 * Products already carry property values keyed by free ids; from now on a product batch may only send
 * ids the product property catalogue defines, so every key in use gets a definition here, its data
 * type read from the values stored under it (a key whose values are not all of one scalar kind
 * becomes `string`).
 */
export class PropertyCatalogues1764300000600 implements MigrationInterface {
  name = 'PropertyCatalogues1764300000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE external_applications
        ADD COLUMN text_id varchar(64),
        ADD COLUMN last_change timestamptz NOT NULL DEFAULT now();
      UPDATE external_applications SET text_id = external_application_id, last_change = created_at;
      ALTER TABLE external_applications ALTER COLUMN text_id SET NOT NULL;
      CREATE UNIQUE INDEX external_applications_text_id_key ON external_applications (text_id);

      ALTER TABLE partner_properties
        ADD COLUMN description text,
        ADD COLUMN is_required boolean NOT NULL DEFAULT false,
        ADD COLUMN is_unique boolean NOT NULL DEFAULT false;
      CREATE TABLE partner_property_items (
        id varchar(32) PRIMARY KEY,
        property_id varchar(64) NOT NULL REFERENCES partner_properties(property_id) ON DELETE CASCADE,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2))
      );
      CREATE INDEX partner_property_items_property_idx ON partner_property_items (property_id);

      CREATE TABLE product_properties (
        property_id varchar(1000) PRIMARY KEY,
        name text NOT NULL,
        description text,
        data_type text NOT NULL CHECK (data_type IN ('string', 'date', 'integer', 'float', 'enum', 'multiselect', 'boolean')),
        is_required boolean NOT NULL DEFAULT false,
        is_unique boolean NOT NULL DEFAULT false CHECK (NOT is_unique),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE product_property_items (
        id varchar(32) PRIMARY KEY,
        property_id varchar(1000) NOT NULL REFERENCES product_properties(property_id) ON DELETE CASCADE,
        name text NOT NULL,
        resource_record_id text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2))
      );
      CREATE INDEX product_property_items_property_idx ON product_property_items (property_id);

      CREATE TABLE customer_engagement_setups (
        setup_id varchar(32) PRIMARY KEY,
        setup text NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
    `);
    for (const table of NOTIFYING_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
      );
    }
    // After the triggers, so servers already running see the seeded definitions.
    await queryRunner.query(`
      INSERT INTO product_properties (property_id, name, data_type)
      SELECT key, key,
             CASE
               WHEN bool_and(kind = 'boolean') THEN 'boolean'
               WHEN bool_and(kind = 'number') AND bool_and(whole) THEN 'integer'
               WHEN bool_and(kind = 'number') THEN 'float'
               ELSE 'string'
             END
        FROM (SELECT r->>'property_id' AS key, jsonb_typeof(r->'property_value') AS kind,
                     CASE WHEN jsonb_typeof(r->'property_value') = 'number' THEN (r->>'property_value')::numeric % 1 = 0 END AS whole
                FROM products p, jsonb_array_elements(p.property_records) r
               WHERE r->>'property_id' IS NOT NULL) used
       WHERE kind IS NOT NULL AND kind <> 'null'
       GROUP BY key;
      -- Keys that only ever held null values.
      INSERT INTO product_properties (property_id, name, data_type)
      SELECT DISTINCT r->>'property_id', r->>'property_id', 'string'
        FROM products p, jsonb_array_elements(p.property_records) r
       WHERE r->>'property_id' IS NOT NULL
      ON CONFLICT (property_id) DO NOTHING;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER partner_properties_notify_change ON partner_properties;
      DROP TABLE customer_engagement_setups, product_property_items, product_properties, partner_property_items;
      ALTER TABLE partner_properties DROP COLUMN description, DROP COLUMN is_required, DROP COLUMN is_unique;
      DROP INDEX external_applications_text_id_key;
      ALTER TABLE external_applications DROP COLUMN text_id, DROP COLUMN last_change;
    `);
  }
}
