import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Records which API interface created each customer relation: the Customer interface shows a related
 * customer's name only for relations an operator made on the Enterprise interface. Relations that
 * exist already count as made on the Customer interface, since nothing recorded who made them and
 * that reading never shows a name a customer could have obtained by relating himself to a stranger.
 */
export class CustomerRelationOrigin1764000000300 implements MigrationInterface {
  name = 'CustomerRelationOrigin1764000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE customer_relations
        ADD COLUMN created_on_interface text NOT NULL DEFAULT 'customer' CHECK (created_on_interface IN ('enterprise', 'customer'));
      ALTER TABLE customer_relations ALTER COLUMN created_on_interface DROP DEFAULT;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE customer_relations DROP COLUMN created_on_interface`);
  }
}
