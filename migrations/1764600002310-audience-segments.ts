import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Audiences target (issue 30): an audience is one or more segments, its members the customers in any
 * of them, and a campaign may name the audience it addresses. An audience without segments stays the
 * label it was.
 */
export class AudienceSegments1764600002310 implements MigrationInterface {
  name = 'AudienceSegments1764600002310';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE audience_segments (
        audience_id varchar(32) NOT NULL REFERENCES audiences(audience_id) ON DELETE CASCADE,
        segment_id varchar(32) NOT NULL REFERENCES segments(segment_id),
        PRIMARY KEY (audience_id, segment_id)
      );
      ALTER TABLE campaigns ADD COLUMN audience_id varchar(32) CONSTRAINT campaigns_audience_fkey REFERENCES audiences(audience_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE campaigns DROP COLUMN audience_id; DROP TABLE audience_segments`);
  }
}
