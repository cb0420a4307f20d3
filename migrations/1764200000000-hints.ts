import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hints (the API's "recommendations"): texts the operator writes and assigns to customers, which the
 * API only reads. A removed hint keeps its row (state 0) and its assignments.
 */
export class Hints1764200000000 implements MigrationInterface {
  name = 'Hints1764200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE hints (
        hint_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        brief_description text,
        detailed_description text,
        content text,
        picture_urls text[] NOT NULL DEFAULT '{}',
        web_url text,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX hints_name_trgm_idx ON hints USING gin (name gin_trgm_ops);

      CREATE TABLE customer_hint_records (
        hint_id varchar(32) NOT NULL REFERENCES hints(hint_id) ON DELETE CASCADE,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, hint_id)
      );
      CREATE INDEX customer_hint_records_hint_idx ON customer_hint_records (hint_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE customer_hint_records, hints`);
  }
}
