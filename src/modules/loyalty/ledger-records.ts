import { EntityManager } from 'typeorm';
import { decimalText, unitsOf } from './rules/decimal-amount';
import { Deduction, SpendableRecord } from './rules/ledger-consumption';

/** A table of ledger records that each hold an available amount: points or credits. */
export interface LedgerTable {
  table: string;
  idColumn: string;
  availableColumn: string;
  /** Decimal places the amounts are stored with. */
  scale: number;
}

export interface LockedRecord extends SpendableRecord {
  partnerId: string;
  storeId: string | null;
}

/**
 * Locks every active record of one balance that still holds an amount, in one order for every caller
 * so concurrent deductions cannot deadlock, and writes off the expired ones. Returns the spendable
 * records oldest first, and the expired ones with what they held, for the caller's history.
 * `balance` maps the columns that name the balance (customer, type, currency) to their values.
 */
export async function lockBalance(
  manager: EntityManager,
  ledger: LedgerTable,
  balance: Record<string, string>,
): Promise<{ spendable: LockedRecord[]; expired: LockedRecord[] }> {
  const columns = Object.keys(balance);
  const rows: { id: string; available: string; partner_id: string; store_id: string | null; expired: boolean; created_at: Date }[] =
    await manager.query(
      `SELECT ${ledger.idColumn} AS id, ${ledger.availableColumn}::text AS available, partner_id, store_id, created_at,
              (valid_to IS NOT NULL AND valid_to <= now()) AS expired
       FROM ${ledger.table}
       WHERE ${columns.map((column, index) => `${column} = $${index + 1}`).join(' AND ')} AND ${ledger.availableColumn} > 0 AND state = 1
       ORDER BY created_at, ${ledger.idColumn}
       FOR UPDATE`,
      Object.values(balance),
    );
  // Rows re-read after waiting for a lock carry fresh values but may come back out of order.
  rows.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || (a.id < b.id ? -1 : 1));
  const records = rows.map((row) => ({
    record: { id: row.id, available: unitsOf(row.available, ledger.scale) ?? 0n, partnerId: row.partner_id, storeId: row.store_id },
    expired: row.expired,
  }));
  const expired = records.filter((row) => row.expired).map((row) => row.record);
  if (expired.length > 0) {
    await manager.query(
      `UPDATE ${ledger.table} SET ${ledger.availableColumn} = 0, state = 2 WHERE ${ledger.idColumn} = ANY($1::varchar[])`,
      [expired.map((record) => record.id)],
    );
  }
  return { spendable: records.filter((row) => !row.expired).map((row) => row.record), expired };
}

/** Leaves each record of a deduction plan with what it keeps, in one statement. */
export async function applyDeductions(manager: EntityManager, ledger: LedgerTable, plan: Deduction[]): Promise<void> {
  await manager.query(
    `UPDATE ${ledger.table} r SET ${ledger.availableColumn} = v.remaining::numeric
     FROM unnest($1::varchar[], $2::text[]) AS v(id, remaining) WHERE r.${ledger.idColumn} = v.id`,
    [plan.map((deduction) => deduction.id), plan.map((deduction) => decimalText(deduction.remaining, ledger.scale))],
  );
}
