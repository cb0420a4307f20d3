import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Communication channels: records with opaque ids, as the string-typed fields refer to them, each also
 * carrying the numeric code that messages, templates and one-time passwords use (null where no enum
 * of the API lists one). Every instance keeps the list in memory, so changes notify.
 */
export class CommunicationChannels1764300000000 implements MigrationInterface {
  name = 'CommunicationChannels1764300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE communication_channels (
        communication_channel_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        text_id text NOT NULL UNIQUE,
        code smallint UNIQUE,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      INSERT INTO communication_channels (communication_channel_id, name, text_id, code)
      SELECT md5(random()::text || clock_timestamp()::text || c.text_id), c.name, c.text_id, c.code
      FROM (VALUES ('E-mail', 'email', 1), ('SMS', 'sms', 2), ('Mobile push', 'mobile_push', 4),
                   ('Notification in the app', 'internal_notification', 5), ('Viber', 'viber', 9),
                   ('Web push', 'web_push', NULL), ('WhatsApp', 'whatsapp', NULL), ('Post', 'white_post', NULL))
           AS c(name, text_id, code);
      CREATE TRIGGER communication_channels_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON communication_channels
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE communication_channels`);
  }
}
