import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dynamic segments (issue 30): a segment may carry a condition tree, and then its members are kept by
 * the evaluation. `conditions_changed_at` after `evaluated_at` asks for a full evaluation.
 *
 * The evaluation reads the outbox for the customers it must re-check. Each event notes the transaction
 * that wrote it (`txid`), and the cursor keeps the snapshot of the last read, so a read takes exactly the
 * events committed since, whatever order transactions commit in: an event of a transaction still open
 * is taken by a later read, none twice. Rows written before have no `txid` and are never read: the
 * first full evaluation covers them. The column is added without a default first, so the table is not
 * rewritten.
 *
 * The indexes serve the conditions' set-based reads of a full evaluation.
 */
export class DynamicSegments1764600002300 implements MigrationInterface {
  name = 'DynamicSegments1764600002300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE segments
        ADD COLUMN conditions jsonb,
        ADD COLUMN conditions_changed_at timestamptz,
        ADD COLUMN evaluated_at timestamptz;

      ALTER TABLE customer_events ADD COLUMN txid xid8;
      ALTER TABLE customer_events ALTER COLUMN txid SET DEFAULT pg_current_xact_id();
      CREATE INDEX customer_events_txid_idx ON customer_events (txid) WHERE txid IS NOT NULL;

      CREATE TABLE segment_evaluation_cursor (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        snapshot pg_snapshot NOT NULL,
        read_at timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO segment_evaluation_cursor (snapshot) VALUES (pg_current_snapshot());

      CREATE INDEX customer_events_type_time_idx ON customer_events (event_type_id, created_at) INCLUDE (customer_id);
      CREATE INDEX purchase_items_group_idx ON purchase_items (product_group_id) WHERE product_group_id IS NOT NULL;
      CREATE INDEX purchase_items_brand_idx ON purchase_items (product_brand_id) WHERE product_brand_id IS NOT NULL;
      CREATE INDEX customer_consents_given_idx ON customer_consents (agreement_id, customer_id) WHERE consent_value = 1;
      CREATE INDEX vouchers_customer_applied_idx ON vouchers (customer_id, applied_at) WHERE applied_at IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX vouchers_customer_applied_idx, customer_consents_given_idx, purchase_items_brand_idx, purchase_items_group_idx,
        customer_events_type_time_idx, customer_events_txid_idx;
      DROP TABLE segment_evaluation_cursor;
      ALTER TABLE customer_events DROP COLUMN txid;
      ALTER TABLE segments DROP COLUMN conditions, DROP COLUMN conditions_changed_at, DROP COLUMN evaluated_at;
    `);
  }
}
