import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mailings (issue 30): a template sent to an audience's members at once. The mailing keeps what the
 * send found (members, those skipped for want of consent or of an address, those queued); its messages
 * name it, so their states give the delivery report.
 */
export class Mailings1764600002600 implements MigrationInterface {
  name = 'Mailings1764600002600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE mailings (
        mailing_id varchar(32) PRIMARY KEY,
        audience_id varchar(32) NOT NULL REFERENCES audiences(audience_id),
        message_template_id varchar(32) NOT NULL REFERENCES message_templates(message_template_id),
        communication_channel_code smallint NOT NULL,
        member_count integer NOT NULL,
        skipped_without_consent integer NOT NULL,
        skipped_without_contact integer NOT NULL,
        queued_count integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX mailings_audience_idx ON mailings (audience_id, created_at);
      ALTER TABLE messages ADD COLUMN mailing_id varchar(32) CONSTRAINT messages_mailing_fkey REFERENCES mailings(mailing_id);
      CREATE INDEX messages_mailing_idx ON messages (mailing_id, status) WHERE mailing_id IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE messages DROP COLUMN mailing_id; DROP TABLE mailings`);
  }
}
