import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Settings saved through the operator API (issue 27), shared by every instance on the database instead
 * of each one's data-directory file, and written in the transaction of their audit row. A write notifies
 * the change feed, so each instance applies the settings it can take at once (decision 29). Signing keys
 * are kept encrypted with the server's secret key.
 */
export class OperatorSettings1764600001300 implements MigrationInterface {
  name = 'OperatorSettings1764600001300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE operator_settings (
        name text PRIMARY KEY,
        value text NOT NULL,
        encrypted boolean NOT NULL DEFAULT false,
        changed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TRIGGER operator_settings_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON operator_settings
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE operator_settings`);
  }
}
