import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Card types are deactivated, never deleted (decision 35): the cards of a deactivated type keep it,
 * and no new card is issued with it.
 */
export class CardTypeState1764600000400 implements MigrationInterface {
  name = 'CardTypeState1764600000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE card_types ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE card_types DROP COLUMN state`);
  }
}
