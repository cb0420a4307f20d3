import { EntityManager } from 'typeorm';
import { CommonException, InvalidReason } from '@tessera/http';
import { DefinitionState } from '../audit';

/** A definition table with an `is_default` flag that exactly one active row carries. */
export interface DefaultedTable {
  table: string;
  idColumn: string;
  /** What one row is called in a refusal: "point type". */
  noun: string;
}

/**
 * The rules that keep exactly one active row the default, checked in the write's own transaction:
 * making a row the default takes the flag from the one that has it, and the default can be neither
 * unmade nor deactivated but by making another the default. Refusals name `is_default`.
 */
export const keepOneDefault = {
  async beforeInsert(target: DefaultedTable, isDefault: boolean, manager: EntityManager): Promise<void> {
    if (isDefault) await takeDefault(target, manager);
  },

  async beforeUpdate(target: DefaultedTable, id: string, isDefault: boolean, manager: EntityManager): Promise<void> {
    const current = await currentOf(target, id, manager);
    if (current.is_default && !isDefault) {
      throw CommonException.invalid(
        'is_default',
        InvalidReason.NotAllowedValue,
        `One ${target.noun} is always the default: make another the default instead`,
        false,
      );
    }
    if (isDefault && current.state === 0) {
      throw CommonException.invalid(
        'is_default',
        InvalidReason.NotAllowedValue,
        `A deactivated ${target.noun} cannot be the default`,
        true,
      );
    }
    if (!current.is_default && isDefault) await takeDefault(target, manager);
  },

  async beforeSetState(target: DefaultedTable, id: string, state: DefinitionState, manager: EntityManager): Promise<void> {
    if (state === 0 && (await currentOf(target, id, manager)).is_default) {
      throw CommonException.invalid(
        'is_default',
        InvalidReason.NotAllowedValue,
        `The default ${target.noun} cannot be deactivated: make another the default first`,
        true,
      );
    }
  },
};

async function currentOf(target: DefaultedTable, id: string, manager: EntityManager): Promise<{ is_default: boolean; state: number }> {
  const [current] = await manager.query<{ is_default: boolean; state: number }[]>(
    `SELECT is_default, state FROM ${target.table} WHERE ${target.idColumn} = $1 FOR UPDATE`,
    [id],
  );
  return current;
}

async function takeDefault(target: DefaultedTable, manager: EntityManager): Promise<void> {
  await manager.query(`UPDATE ${target.table} SET is_default = false, last_change = now() WHERE is_default`);
}
