import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earning rules (issue 29): the operator's definitions, held in memory on every instance and rebuilt
 * when a write notifies the change feed (decision 29). What rules have granted is counted apart, in
 * tables without that trigger, so a grant does not make every instance reload the rules. Nothing is
 * converted: an installation earns by `points_per_currency_unit` exactly as before until a rule is added.
 */
export class EarningRules1764600001400 implements MigrationInterface {
  name = 'EarningRules1764600001400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE earning_rules (
        earning_rule_id varchar(32) PRIMARY KEY,
        code text NOT NULL UNIQUE,
        name text NOT NULL,
        priority integer NOT NULL,
        definition jsonb NOT NULL,
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1)),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_change timestamptz NOT NULL DEFAULT now()
      );
      CREATE TRIGGER earning_rules_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON earning_rules
        FOR EACH STATEMENT EXECUTE FUNCTION tessera_notify_table_change();
      -- What each rule granted in all, against its budgets; a grant adds to it by one conditional statement.
      CREATE TABLE earning_rule_budgets (
        earning_rule_id varchar(32) PRIMARY KEY REFERENCES earning_rules ON DELETE CASCADE,
        granted_points numeric NOT NULL DEFAULT 0,
        granted_money numeric NOT NULL DEFAULT 0
      );
      -- Grants per customer and period (a day, an ISO week, a month, or the rule's lifetime), against its limits.
      CREATE TABLE earning_rule_grants (
        earning_rule_id varchar(32) NOT NULL REFERENCES earning_rules ON DELETE CASCADE,
        customer_id varchar(32) NOT NULL,
        period_key text NOT NULL,
        times integer NOT NULL,
        PRIMARY KEY (earning_rule_id, customer_id, period_key)
      );
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE earning_rule_grants; DROP TABLE earning_rule_budgets; DROP TABLE earning_rules`);
  }
}
