import { MigrationInterface, QueryRunner } from 'typeorm';

/** Definitions that had no state: the operator deactivates them rather than deleting them (decision 35). */
const STATELESS_DEFINITIONS = ['reservable_products', 'point_types', 'credit_types', 'reward_types', 'customer_address_types'];

/**
 * Reservable products, point, credit, reward and customer address types get the state every other
 * definition has, so the records pointing at them stay whole. A reward type's `kind` now says how the
 * rules apply its rewards, apart from its text id, so the operator can add reward types of a known kind
 * under keys of their own.
 */
export class DefinitionLifecycleStates1764600001200 implements MigrationInterface {
  name = 'DefinitionLifecycleStates1764600001200';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of STATELESS_DEFINITIONS) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))`);
    }
    await queryRunner.query(`
      ALTER TABLE reward_types ADD COLUMN kind text;
      UPDATE reward_types SET kind = text_id;
      ALTER TABLE reward_types ALTER COLUMN kind SET NOT NULL,
        ADD CONSTRAINT reward_types_kind_check
          CHECK (kind IN ('fixed_discount', 'percentage_discount', 'final_price', 'catalogue_item', 'gift_card'));
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE reward_types DROP COLUMN kind`);
    for (const table of STATELESS_DEFINITIONS) await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN state`);
  }
}
