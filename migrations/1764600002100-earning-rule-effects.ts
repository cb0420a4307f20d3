import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Earning rules book credits, reward vouchers and stamps (issue 29). Each such grant is recorded with
 * its rule and the purchase that caused it (none for an event), so a cancellation finds what to take
 * back and gives the money back to the rule's budget. A stamp a rule grants has no stamp card condition
 * and, for an event, no purchase: it names its rule instead. Existing rows are untouched.
 */
export class EarningRuleEffects1764600002100 implements MigrationInterface {
  name = 'EarningRuleEffects1764600002100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE earning_rule_effects (
        earning_rule_effect_id varchar(32) PRIMARY KEY,
        earning_rule_id varchar(32) NOT NULL REFERENCES earning_rules,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id) ON DELETE CASCADE,
        purchase_id varchar(32) REFERENCES purchases(purchase_id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('credits', 'reward_voucher', 'stamp')),
        credit_id varchar(32) REFERENCES credits(credit_id),
        -- A withdrawn voucher is deleted, so this keeps its id without a reference.
        voucher_id varchar(32),
        reward_id varchar(32),
        stamper_campaign_id varchar(32),
        money numeric NOT NULL DEFAULT 0,
        stamps integer NOT NULL DEFAULT 0,
        reversed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX earning_rule_effects_purchase_idx ON earning_rule_effects (purchase_id) WHERE purchase_id IS NOT NULL;
      CREATE INDEX earning_rule_effects_customer_idx ON earning_rule_effects (customer_id, created_at);

      ALTER TABLE stamper_stamps ALTER COLUMN purchase_id DROP NOT NULL,
        ALTER COLUMN stamper_condition_id DROP NOT NULL,
        ADD COLUMN earning_rule_id varchar(32) REFERENCES earning_rules,
        ADD CONSTRAINT stamper_stamps_cause CHECK (stamper_condition_id IS NOT NULL OR earning_rule_id IS NOT NULL);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DELETE FROM stamper_stamps WHERE stamper_condition_id IS NULL OR purchase_id IS NULL;
      ALTER TABLE stamper_stamps DROP CONSTRAINT stamper_stamps_cause, DROP COLUMN earning_rule_id,
        ALTER COLUMN purchase_id SET NOT NULL, ALTER COLUMN stamper_condition_id SET NOT NULL;
      DROP TABLE earning_rule_effects;
    `);
  }
}
