/** A collection record that still has something to spend, oldest first. */
export interface SpendableRecord {
  id: string;
  available: bigint;
}

export interface Deduction {
  id: string;
  take: bigint;
  /** What the record keeps after this deduction. */
  remaining: bigint;
}

/**
 * Which records pay for `amount`, oldest first, each giving what it has until the amount is covered.
 * Null when all of them together hold less than the amount: nothing is taken then.
 */
export function planDeductions(records: readonly SpendableRecord[], amount: bigint): Deduction[] | null {
  if (amount <= 0n) return [];
  const deductions: Deduction[] = [];
  let missing = amount;
  for (const record of records) {
    if (missing === 0n) break;
    if (record.available <= 0n) continue;
    const take = record.available < missing ? record.available : missing;
    deductions.push({ id: record.id, take, remaining: record.available - take });
    missing -= take;
  }
  return missing === 0n ? deductions : null;
}

export function totalAvailable(records: readonly SpendableRecord[]): bigint {
  return records.reduce((sum, record) => sum + (record.available > 0n ? record.available : 0n), 0n);
}
