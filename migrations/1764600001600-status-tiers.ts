import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tiers (issue 29): a status may also be reached by a number of purchases within its period, and keeps
 * its holders `downgrade_grace_days` past the end of their record before they are moved down. Every
 * change of a customer's status is kept with its cause. Existing statuses get no purchase threshold and
 * no grace, so they qualify as before.
 */
export class StatusTiers1764600001600 implements MigrationInterface {
  name = 'StatusTiers1764600001600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE statuses
        ADD COLUMN qualification_purchases integer CHECK (qualification_purchases > 0),
        ADD COLUMN downgrade_grace_days integer NOT NULL DEFAULT 0 CHECK (downgrade_grace_days >= 0);

      CREATE TABLE customer_status_changes (
        status_change_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        from_status_id varchar(32) REFERENCES statuses(status_id),
        to_status_id varchar(32) REFERENCES statuses(status_id),
        reason text NOT NULL CHECK (reason IN ('purchase', 'cancellation', 'points', 'period_end', 'manual')),
        status_record_id varchar(32) REFERENCES customer_status_records(status_record_id),
        changed_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX customer_status_changes_customer_idx ON customer_status_changes (customer_id, changed_at DESC, status_change_id DESC);

      -- The period-end run looks for active records that have ended.
      CREATE INDEX customer_status_records_ending_idx ON customer_status_records (valid_to) WHERE state = 1 AND valid_to IS NOT NULL;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX customer_status_records_ending_idx;
      DROP TABLE customer_status_changes;
      ALTER TABLE statuses DROP COLUMN downgrade_grace_days, DROP COLUMN qualification_purchases;
    `);
  }
}
