import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per external application, the operations an operator granted or revoked against the defaults. Only
 * differences are stored, so every application (existing ones included) follows the defaults, and
 * operations added later follow them too. The primary key serves the one lookup: all rows of an application.
 */
export class ApplicationOperationPermissions1764000000700 implements MigrationInterface {
  name = 'ApplicationOperationPermissions1764000000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE application_operation_overrides (
        external_application_id varchar(32) NOT NULL REFERENCES external_applications(external_application_id) ON DELETE CASCADE,
        operation_key text NOT NULL CHECK (operation_key ~ '^(GET|POST|PUT|DELETE) /'),
        permitted boolean NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (external_application_id, operation_key)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE application_operation_overrides`);
  }
}
