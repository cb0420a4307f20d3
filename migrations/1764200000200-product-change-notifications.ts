import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reward recommendations keep each reward's products, groups and brands (with its products' groups and
 * brands) in memory: a change to products now notifies every instance too, as the reward tables do.
 */
export class ProductChangeNotifications1764200000200 implements MigrationInterface {
  name = 'ProductChangeNotifications1764200000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TRIGGER products_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER products_notify_change ON products`);
  }
}
