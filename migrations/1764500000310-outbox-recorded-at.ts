import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `recorded_at`: when an event row was written. `created_at` is when the event happened, which a client
 * posting an event may set in the past; webhook fan-out, its retention window and replay go by the write,
 * so an event posted late is still sent to the endpoints added before it was written. Rows already
 * written keep their `created_at`, the best record of their write there is.
 */
export class OutboxRecordedAt1764500000310 implements MigrationInterface {
  name = 'OutboxRecordedAt1764500000310';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE customer_events ADD COLUMN recorded_at timestamptz;
      UPDATE customer_events SET recorded_at = created_at;
      ALTER TABLE customer_events ALTER COLUMN recorded_at SET DEFAULT clock_timestamp(), ALTER COLUMN recorded_at SET NOT NULL;
      DROP INDEX customer_events_undelivered_idx;
      CREATE INDEX customer_events_undelivered_idx ON customer_events (recorded_at) WHERE delivered_at IS NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX customer_events_undelivered_idx;
      CREATE INDEX customer_events_undelivered_idx ON customer_events (created_at) WHERE delivered_at IS NULL;
      ALTER TABLE customer_events DROP COLUMN recorded_at;
    `);
  }
}
