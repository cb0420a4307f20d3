import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lets send-purchase find another purchase (item) with a unique property's value without reading every
 * value. Hash indexes, because a btree refuses entries as long as a string value may be.
 */
export class PurchasePropertyValueIndexes1763900000500 implements MigrationInterface {
  name = 'PurchasePropertyValueIndexes1763900000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE INDEX purchase_property_records_value_idx ON purchase_property_records USING hash (property_value);
      CREATE INDEX purchase_item_property_records_value_idx ON purchase_item_property_records USING hash (property_value);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX purchase_item_property_records_value_idx, purchase_property_records_value_idx`);
  }
}
