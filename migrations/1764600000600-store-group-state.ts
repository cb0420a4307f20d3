import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators deactivate store groups rather than delete them (decision 35): the stores and rewards
 * that name a group keep pointing at it. The table already notifies the change feed.
 */
export class StoreGroupState1764600000600 implements MigrationInterface {
  name = 'StoreGroupState1764600000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE store_groups ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE store_groups DROP COLUMN state`);
  }
}
