import { MigrationInterface, QueryRunner } from 'typeorm';

/** Definitions that had no state: the operator deactivates them rather than deleting them (decision 35). */
const STATELESS_DEFINITIONS = ['customer_types', 'segment_groups', 'segments'];

/** Customer types, segment groups and segments get the state every other definition has, so records pointing at them stay whole. */
export class CustomerAndSegmentDefinitionStates1764600000500 implements MigrationInterface {
  name = 'CustomerAndSegmentDefinitionStates1764600000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of STATELESS_DEFINITIONS) {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1))`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of STATELESS_DEFINITIONS) await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN state`);
  }
}
