import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every instance keeps definitions, reference data and token-to-actor answers in memory; a write to
 * the tables behind them notifies the `tessera_changes` channel inside the writing transaction, so
 * each instance drops what changed as the write commits, whoever made it (API, CLI or plain SQL).
 * The payload is the table, or `table:key` where one row can be named (a token, a customer).
 */
const CHANGE_CHANNEL = 'tessera_changes';

/** Tables whose every change drops the in-memory copies built from them. */
const DEFINITION_TABLES = [
  'api_users',
  'external_applications',
  'application_operation_overrides',
  'countries',
  'country_names',
  'languages',
  'currencies',
  'statuses',
  'status_qualification_turnovers',
  'stores',
  'store_groups',
  'store_group_records',
  'store_properties',
  'store_property_items',
  'store_property_records',
  'partners',
  'customer_sources',
  'customer_types',
  'card_types',
  'point_types',
  'credit_types',
  'reward_types',
  'loyalty_rules',
  'purchase_types',
  'purchase_item_types',
  'payment_types',
  'purchase_properties',
  'purchase_property_items',
  'rewards',
  'reward_customer_types',
  'reward_product_brands',
  'reward_product_groups',
  'reward_products',
  'reward_segments',
  'reward_stores',
  'reward_tag_records',
  'reward_relation_rules',
  'project_settings',
];

export class ChangeNotifications1764100000000 implements MigrationInterface {
  name = 'ChangeNotifications1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION tessera_notify_table_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CHANGE_CHANNEL}', TG_TABLE_NAME);
        RETURN NULL;
      END $$;
    `);
    // Sessions and device tokens are cached by their token hash: only the changed token is dropped.
    await queryRunner.query(`
      CREATE FUNCTION tessera_notify_token_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CHANGE_CHANNEL}', TG_TABLE_NAME || ':' || CASE TG_OP WHEN 'DELETE' THEN OLD.token_hash ELSE NEW.token_hash END);
        RETURN NULL;
      END $$;
    `);
    // A device token bound to a customer who stops being active acts as anonymous at once (decision 28).
    await queryRunner.query(`
      CREATE FUNCTION tessera_notify_customer_state_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('${CHANGE_CHANNEL}', 'customers:' || CASE TG_OP WHEN 'DELETE' THEN OLD.customer_id ELSE NEW.customer_id END);
        RETURN NULL;
      END $$;
    `);
    for (const table of DEFINITION_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
      );
    }
    for (const table of ['api_user_sessions', 'device_tokens']) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_change AFTER UPDATE OR DELETE ON ${table}
           FOR EACH ROW EXECUTE FUNCTION tessera_notify_token_change()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_truncate AFTER TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
      );
    }
    await queryRunner.query(
      `CREATE TRIGGER customers_notify_state_change AFTER UPDATE OF state ON customers
         FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state) EXECUTE FUNCTION tessera_notify_customer_state_change()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER customers_notify_delete AFTER DELETE ON customers
         FOR EACH ROW EXECUTE FUNCTION tessera_notify_customer_state_change()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER customers_notify_truncate AFTER TRUNCATE ON customers
         FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION tessera_notify_table_change() CASCADE`);
    await queryRunner.query(`DROP FUNCTION tessera_notify_token_change() CASCADE`);
    await queryRunner.query(`DROP FUNCTION tessera_notify_customer_state_change() CASCADE`);
  }
}
