import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operators deactivate payment, purchase and purchase item types rather than delete them (decision 35):
 * purchases and orders keep pointing at them. The tables already notify the change feed.
 */
export class PurchaseDefinitionState1764600000610 implements MigrationInterface {
  name = 'PurchaseDefinitionState1764600000610';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payment_types ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1));
      ALTER TABLE purchase_types ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1));
      ALTER TABLE purchase_item_types ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE payment_types DROP COLUMN state;
      ALTER TABLE purchase_types DROP COLUMN state;
      ALTER TABLE purchase_item_types DROP COLUMN state;
    `);
  }
}
