import { EntityManager } from 'typeorm';
import { CatalogueException } from '../catalogue.exceptions';
import { foreignKeyViolation } from '@tessera/core';
import { BatchFailures } from '@tessera/http';

/**
 * For each foreign key the write may violate (by constraint name): the errors of a row that carries
 * the missing value, or none when the row does not carry it.
 */
export type MissingReferenceRules<TRow> = Record<string, (row: TRow, missingValue: string) => CatalogueException[]>;

/**
 * Writes the rows in one statement. Stores, partners and currencies belong to other contexts, so their
 * ids are checked by the foreign keys: when one is missing, the rows carrying it fail (in mode 1 that
 * ends the batch) and the others are written again from a savepoint. `stillWritable` re-applies
 * dependencies between rows (a child of a dropped row, say) before each new attempt.
 */
export async function writeDroppingMissingReferences<TRow extends { index: number }>(
  manager: EntityManager,
  rows: TRow[],
  failures: BatchFailures,
  write: (rows: TRow[]) => Promise<void>,
  rules: MissingReferenceRules<TRow>,
  stillWritable: (rows: TRow[]) => TRow[] = (remaining) => remaining,
): Promise<void> {
  let remaining = rows;
  while (remaining.length > 0) {
    await manager.query('SAVEPOINT catalogue_batch_write');
    try {
      await write(remaining);
      await manager.query('RELEASE SAVEPOINT catalogue_batch_write');
      return;
    } catch (error) {
      const violation = foreignKeyViolation(error);
      const rule = violation ? rules[violation.constraint] : undefined;
      if (!violation || !rule) throw error;
      await manager.query('ROLLBACK TO SAVEPOINT catalogue_batch_write');
      let dropped = 0;
      for (const row of remaining) {
        const errors = rule(row, violation.value);
        if (errors.length === 0) continue;
        failures.fail(
          row.index,
          errors.map((e) => e.toInvalidParam()),
        );
        dropped += 1;
      }
      // A violation no row explains would otherwise loop for ever.
      if (dropped === 0) throw error;
      remaining = stillWritable(remaining.filter((row) => !failures.has(row.index)));
    }
  }
}
