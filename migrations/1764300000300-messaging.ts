import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Messaging: templates (a catalogue every instance keeps in memory, so changes notify), messages
 * (each row is also its own delivery job: rows in state 0 or 5 whose `next_attempt_at` has come are
 * due, and workers claim them with `FOR UPDATE SKIP LOCKED`), their attachments, one-time passwords
 * and password-setup links (both stored only as hashes). The default templates for one-time passwords
 * and password setup are seeded; operators change them with `tessera message-template`.
 */
export class Messaging1764300000300 implements MigrationInterface {
  name = 'Messaging1764300000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE message_templates (
        message_template_id varchar(32) PRIMARY KEY,
        name text NOT NULL,
        communication_channel_code smallint NOT NULL CHECK (communication_channel_code IN (1, 2, 4, 5, 9)),
        message_template_group_id smallint NOT NULL CHECK (message_template_group_id IN (1, 2, 3)),
        consent_free boolean NOT NULL DEFAULT false,
        sender text NOT NULL DEFAULT '',
        subject text NOT NULL DEFAULT '',
        plain_text_body text NOT NULL DEFAULT '',
        html_body text NOT NULL DEFAULT '',
        preview_url text,
        icon_url text,
        template_data jsonb NOT NULL DEFAULT '[]',
        purpose text CHECK (purpose IN ('one_time_password', 'password_setup')),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      -- One default template per purpose and channel.
      CREATE UNIQUE INDEX message_templates_purpose_key ON message_templates (purpose, communication_channel_code)
        WHERE purpose IS NOT NULL AND state = 1;
      CREATE TRIGGER message_templates_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON message_templates
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();

      CREATE TABLE messages (
        message_id varchar(32) PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('message', 'one_time_password', 'password_setup')),
        message_template_id varchar(32) NOT NULL REFERENCES message_templates(message_template_id),
        customer_id varchar(32) REFERENCES customers(customer_id),
        communication_channel_code smallint NOT NULL CHECK (communication_channel_code IN (1, 2, 4, 5)),
        contact text,
        status smallint NOT NULL CHECK (status IN (0, 1, -1, -2, 2, 4, 5)),
        sender text NOT NULL DEFAULT '',
        title text NOT NULL DEFAULT '',
        plain_text_body text NOT NULL DEFAULT '',
        html_body text NOT NULL DEFAULT '',
        message_data jsonb NOT NULL DEFAULT '[]',
        attempts smallint NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_error text,
        tracking_token varchar(64) UNIQUE,
        send_time timestamptz,
        opened_time timestamptz,
        mail_client_user_agent text,
        mail_client_language text,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX messages_due_idx ON messages (next_attempt_at) WHERE status IN (0, 5);
      CREATE INDEX messages_customer_idx ON messages (customer_id, created_at);
      CREATE INDEX messages_contact_idx ON messages (lower(contact));
      -- The worker's sweeps look only at what still holds a secret or a file, not at the whole history.
      CREATE INDEX messages_secrets_idx ON messages (created_at) WHERE kind <> 'message' AND message_data <> '[]';

      CREATE TABLE message_attachments (
        message_id varchar(32) NOT NULL REFERENCES messages(message_id) ON DELETE CASCADE,
        position smallint NOT NULL,
        file_name text NOT NULL,
        content_type text NOT NULL,
        -- Dropped once the message is delivered or given up, unless cache_for asked to keep it until keep_until.
        content bytea,
        keep_until timestamptz,
        PRIMARY KEY (message_id, position)
      );
      CREATE INDEX message_attachments_kept_idx ON message_attachments (keep_until) WHERE content IS NOT NULL;

      CREATE TABLE one_time_passwords (
        request_hash varchar(64) PRIMARY KEY,
        external_application_id varchar(32) NOT NULL REFERENCES external_applications(external_application_id),
        communication_channel_code smallint NOT NULL,
        recipient text NOT NULL,
        code_hash varchar(64) NOT NULL,
        message_id varchar(32) NOT NULL REFERENCES messages(message_id),
        failed_attempts smallint NOT NULL DEFAULT 0,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX one_time_passwords_recipient_idx ON one_time_passwords (recipient, created_at);

      CREATE TABLE password_setup_tokens (
        token_hash varchar(64) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        message_id varchar(32) NOT NULL REFERENCES messages(message_id),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX password_setup_tokens_customer_idx ON password_setup_tokens (customer_id, created_at);

      -- Project defaults (F8): the templates one-time passwords and password-setup links go out with.
      INSERT INTO message_templates (message_template_id, name, communication_channel_code, message_template_group_id,
                                     consent_free, subject, plain_text_body, html_body, purpose)
      SELECT md5(random()::text || clock_timestamp()::text || t.name), t.name, t.code, 2, true, t.subject, t.plain, t.html, t.purpose
      FROM (VALUES
        ('One-time password (e-mail)', 1, 'Your verification code',
         E'Your verification code is {{code}}. It is valid for {{valid_minutes}} minutes.',
         '<p>Your verification code is <strong>{{code}}</strong>.</p><p>It is valid for {{valid_minutes}} minutes.</p>',
         'one_time_password'),
        ('One-time password (SMS)', 2, '', 'Your verification code is {{code}}', '', 'one_time_password'),
        ('One-time password (mobile push)', 4, 'Verification code', 'Your verification code is {{code}}', '', 'one_time_password'),
        ('One-time password (in the app)', 5, 'Verification code', 'Your verification code is {{code}}', '', 'one_time_password'),
        ('Password setup (e-mail)', 1, 'Set your password',
         E'Set your password here: {{link}}\\nThe link works once, for {{valid_hours}} hours.',
         '<p><a href="{{link}}">Set your password</a></p><p>The link works once, for {{valid_hours}} hours.</p>',
         'password_setup'),
        ('Password setup (SMS)', 2, '', 'Set your password: {{link}}', '', 'password_setup')
      ) AS t(name, code, subject, plain, html, purpose);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE password_setup_tokens, one_time_passwords, message_attachments, messages, message_templates`);
  }
}
