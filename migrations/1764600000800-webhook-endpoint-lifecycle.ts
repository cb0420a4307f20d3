import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook endpoints are deactivated by the operator (state 0) rather than deleted, so their delivery
 * log and audit trail stay whole; 2 stays "disabled after failing". `last_change` dates the operator's
 * last write.
 */
export class WebhookEndpointLifecycle1764600000800 implements MigrationInterface {
  name = 'WebhookEndpointLifecycle1764600000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_state_check;
      ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_state_check CHECK (state IN (0, 1, 2));
      ALTER TABLE webhook_endpoints ADD COLUMN last_change timestamptz NOT NULL DEFAULT now();
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE webhook_endpoints DROP COLUMN last_change;
      ALTER TABLE webhook_endpoints DROP CONSTRAINT webhook_endpoints_state_check;
      ALTER TABLE webhook_endpoints ADD CONSTRAINT webhook_endpoints_state_check CHECK (state IN (1, 2));
    `);
  }
}
