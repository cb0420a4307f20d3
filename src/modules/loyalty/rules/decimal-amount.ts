/**
 * Exact amounts for the ledgers. PostgreSQL `numeric` comes back as text and JSON brings floats, so
 * amounts are carried as integers of the smallest unit (bigint scaled by 10^scale) and only turned
 * back into numbers for responses.
 */

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Smallest units of a decimal text such as `12.5` or `-3.0000`; extra digits beyond `scale` are refused. */
export function unitsOf(text: string, scale: number): bigint | null {
  const match = PLAIN_DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const significant = fraction.replace(/0+$/, '');
  if (significant.length > scale) return null;
  const units = BigInt(whole) * 10n ** BigInt(scale) + BigInt(significant.padEnd(scale, '0') || '0');
  return sign === '-' ? -units : units;
}

/** A request amount: a finite number above zero with at most `scale` decimals, else null. */
export function positiveAmountUnits(value: unknown, scale: number): bigint | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null;
  // Shortest round-trip text of the float: 0.1 stays "0.1"; tiny values written with an exponent are refused.
  const units = unitsOf(String(value), scale);
  return units !== null && units > 0n ? units : null;
}

/** A target value that may be zero (synchronisation sets a balance). */
export function nonNegativeAmountUnits(value: unknown, scale: number): bigint | null {
  if (value === 0) return 0n;
  return positiveAmountUnits(value, scale);
}

/** Decimal text for SQL parameters, e.g. 1250n at scale 2 is `12.50`. */
export function decimalText(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The JSON number of an amount (the API's amounts are numbers). */
export function amountNumber(units: bigint, scale: number): number {
  return Number(decimalText(units, scale));
}
