import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rollups behind the programme dashboards, kept by a background job so a dashboard read never scans
 * purchases, customers or the point history. Days are UTC calendar days; `store_id` '' is "no store"
 * in the daily figures and "every store" in the active-customer counts.
 *
 * The job finds the days touched since its last run by the time rows were written, so those columns
 * get indexes of their own here; failed webhook deliveries get a partial index so counting them per
 * period reads only the failures.
 */
export class ProgrammeFigures1764600000300 implements MigrationInterface {
  name = 'ProgrammeFigures1764600000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE programme_daily_figures (
        day date NOT NULL,
        store_id varchar(32) NOT NULL,
        new_customers integer NOT NULL DEFAULT 0,
        purchases integer NOT NULL DEFAULT 0,
        cancellations integer NOT NULL DEFAULT 0,
        turnover numeric(20,4) NOT NULL DEFAULT 0,
        points_earned numeric(16,2) NOT NULL DEFAULT 0,
        points_spent numeric(16,2) NOT NULL DEFAULT 0,
        points_expired numeric(16,2) NOT NULL DEFAULT 0,
        points_net numeric(16,2) NOT NULL DEFAULT 0,
        vouchers_issued integer NOT NULL DEFAULT 0,
        vouchers_used integer NOT NULL DEFAULT 0,
        PRIMARY KEY (day, store_id)
      );
      CREATE INDEX programme_daily_figures_store_idx ON programme_daily_figures (store_id, day);

      CREATE TABLE programme_period_customers (
        granularity text NOT NULL CHECK (granularity IN ('week', 'month')),
        period date NOT NULL,
        store_id varchar(32) NOT NULL,
        customer_id varchar(32) NOT NULL,
        PRIMARY KEY (granularity, period, store_id, customer_id)
      );

      CREATE TABLE programme_active_customers (
        granularity text NOT NULL CHECK (granularity IN ('day', 'week', 'month')),
        period date NOT NULL,
        store_id varchar(32) NOT NULL,
        customers integer NOT NULL,
        PRIMARY KEY (granularity, store_id, period)
      );

      CREATE TABLE programme_figure_marks (
        source text PRIMARY KEY,
        scanned_to timestamptz NOT NULL
      );

      CREATE TABLE programme_snapshot_figures (
        kind text NOT NULL,
        key text NOT NULL,
        count bigint NOT NULL,
        PRIMARY KEY (kind, key)
      );

      CREATE INDEX purchases_created_idx ON purchases (created_at);
      CREATE INDEX customers_created_idx ON customers (created_at);
      CREATE INDEX point_history_recorded_idx ON point_history (recorded_at);
      CREATE INDEX vouchers_created_idx ON vouchers (created_at);
      CREATE INDEX webhook_deliveries_failed_idx ON webhook_deliveries (created_at) WHERE status = 2;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX webhook_deliveries_failed_idx;
      DROP INDEX vouchers_created_idx;
      DROP INDEX point_history_recorded_idx;
      DROP INDEX customers_created_idx;
      DROP INDEX purchases_created_idx;
      DROP TABLE programme_snapshot_figures;
      DROP TABLE programme_figure_marks;
      DROP TABLE programme_active_customers;
      DROP TABLE programme_period_customers;
      DROP TABLE programme_daily_figures;
    `);
  }
}
