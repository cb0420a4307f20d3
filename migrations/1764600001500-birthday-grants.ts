import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The birthday run's claims (issue 29): one row per customer, birthday rule and year, inserted in the
 * transaction that grants, so two runs at once, or a run killed part way, never grant a year twice.
 */
export class BirthdayGrants1764600001500 implements MigrationInterface {
  name = 'BirthdayGrants1764600001500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE birthday_grants (
        customer_id varchar(32) NOT NULL,
        earning_rule_id varchar(32) NOT NULL REFERENCES earning_rules ON DELETE CASCADE,
        year integer NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (customer_id, earning_rule_id, year)
      )
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE birthday_grants`);
  }
}
