import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Instances keep the products bills name in memory (by PLU id, with group and brand names and tags):
 * a change to the tables besides `products` that they come from now notifies every instance too.
 */
const TABLES = ['product_plu_ids', 'product_groups', 'product_brands', 'product_tag_records'];

export class BillProductNotifications1764600002500 implements MigrationInterface {
  name = 'BillProductNotifications1764600002500';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER ${table}_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
           FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) await queryRunner.query(`DROP TRIGGER ${table}_notify_change ON ${table}`);
  }
}
