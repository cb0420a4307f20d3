import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The operator API (decision 35): what each user role may do there, an optional second factor per API
 * user, and operator sessions, which are kept apart from the Enterprise interface's so that a till's
 * token never opens the operator API. Roles gain a state, as definitions are deactivated, never deleted.
 */
export class OperatorAccess1764600000010 implements MigrationInterface {
  name = 'OperatorAccess1764600000010';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE user_roles ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1));
      ALTER TABLE user_roles ADD COLUMN description text NOT NULL DEFAULT '';

      CREATE TABLE user_role_permissions (
        user_role_id varchar(32) NOT NULL REFERENCES user_roles(user_role_id),
        permission text NOT NULL,
        PRIMARY KEY (user_role_id, permission)
      );

      ALTER TABLE api_users ADD COLUMN totp_secret text;
      -- A secret is in force only once the user has proved their authenticator produces its codes.
      ALTER TABLE api_users ADD COLUMN totp_confirmed_at timestamptz;

      CREATE TABLE operator_sessions (
        session_id varchar(32) PRIMARY KEY,
        token_hash text NOT NULL UNIQUE,
        user_id varchar(32) NOT NULL REFERENCES api_users(user_id),
        client text NOT NULL DEFAULT 'api',
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX operator_sessions_user_idx ON operator_sessions (user_id) WHERE revoked_at IS NULL;

      -- Signed-in operators are cached by token (decision 29): a sign-out drops its token everywhere, a
      -- change to roles or role holders drops every cached operator.
      CREATE TRIGGER operator_sessions_notify_change AFTER UPDATE OR DELETE ON operator_sessions
        FOR EACH ROW EXECUTE FUNCTION tessera_notify_token_change();
      CREATE TRIGGER operator_sessions_notify_truncate AFTER TRUNCATE ON operator_sessions
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
      CREATE TRIGGER user_roles_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_roles
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
      CREATE TRIGGER user_role_permissions_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_role_permissions
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
      CREATE TRIGGER api_user_role_records_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON api_user_role_records
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP TRIGGER api_user_role_records_notify_change ON api_user_role_records;
      DROP TRIGGER user_roles_notify_change ON user_roles;
      DROP TABLE operator_sessions;
      ALTER TABLE api_users DROP COLUMN totp_confirmed_at, DROP COLUMN totp_secret;
      DROP TABLE user_role_permissions;
      ALTER TABLE user_roles DROP COLUMN description, DROP COLUMN state;
    `);
  }
}
