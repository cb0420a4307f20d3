import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Records when the related customer (or an operator) confirmed a relation (decision 33): until then it is
 * only the claim of the customer who made it on the Customer interface, and the related customer
 * neither sees it nor has it in their event stream. Relations an operator made count as confirmed when
 * made. Those made on the Customer interface before count as unconfirmed claims, since nothing
 * recorded that the related customer agreed; they stay visible to the customer who made them.
 */
export class CustomerRelationConfirmation1764500000700 implements MigrationInterface {
  name = 'CustomerRelationConfirmation1764500000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE customer_relations ADD COLUMN confirmed_at timestamptz;
      UPDATE customer_relations SET confirmed_at = valid_from WHERE created_on_interface = 'enterprise';
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE customer_relations DROP COLUMN confirmed_at`);
  }
}
