import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Store properties join the shared property catalogue, whose definitions carry a description beside
 * the name (decision 35). The contract's store property does not show it.
 */
export class StorePropertyDescription1764600001100 implements MigrationInterface {
  name = 'StorePropertyDescription1764600001100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE store_properties ADD COLUMN description text`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE store_properties DROP COLUMN description`);
  }
}
