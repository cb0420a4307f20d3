import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every instance keeps each reward's answer in memory for the reads that name rewards by id, so the
 * rest of what an answer shows (tags, property definitions and values) now notifies changes too.
 */
const TABLES = ['tags', 'reward_properties', 'reward_property_records'];

export class RewardAnswerNotifications1764200000300 implements MigrationInterface {
  name = 'RewardAnswerNotifications1764200000300';

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
