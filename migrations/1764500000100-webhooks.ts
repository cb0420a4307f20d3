import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks: endpoints the operator subscribes to customer events, and one delivery per endpoint and
 * event, which is also the delivery log. Secrets are stored encrypted (AES-256-GCM), never in clear.
 * `seq` orders the deliveries of one endpoint and customer: a delivery goes out only after every
 * earlier one of the same pair has finished.
 */
export class Webhooks1764500000100 implements MigrationInterface {
  name = 'Webhooks1764500000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE webhook_endpoints (
        endpoint_id varchar(32) PRIMARY KEY,
        url text NOT NULL,
        event_types text[] NOT NULL DEFAULT '{}',
        secret text NOT NULL,
        previous_secret text,
        previous_secret_until timestamptz,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (1, 2)),
        disabled_reason text,
        failing_since timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE webhook_deliveries (
        delivery_id bigserial PRIMARY KEY,
        endpoint_id varchar(32) NOT NULL REFERENCES webhook_endpoints(endpoint_id) ON DELETE CASCADE,
        event_id varchar(32) NOT NULL REFERENCES customer_events(event_id) ON DELETE CASCADE,
        customer_id varchar(32) NOT NULL,
        seq bigserial NOT NULL,
        status smallint NOT NULL DEFAULT 0 CHECK (status IN (0, 1, 2)),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL DEFAULT now(),
        last_status_code integer,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        UNIQUE (endpoint_id, event_id)
      );
      CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at, seq) WHERE status = 0;
      CREATE INDEX webhook_deliveries_queue_idx ON webhook_deliveries (endpoint_id, customer_id, seq) WHERE status = 0;
      CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
      CREATE INDEX webhook_deliveries_finished_idx ON webhook_deliveries (created_at) WHERE status <> 0;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook_deliveries, webhook_endpoints`);
  }
}
