import { formatDateTime, parseRequestDateTime } from '@tessera/http';

/** A span of time as instants: from `from` (inclusive) up to `until` (exclusive); null bounds are open. */
export interface Interval {
  from: Date | null;
  until: Date | null;
}

/** The midnight that starts a `YYYY-MM-DD` day in the time zone. */
function midnight(date: string, timeZone: string): Date {
  const instant = parseRequestDateTime(date, timeZone);
  if (!instant) throw new Error(`Not a calendar date: ${date}`);
  return instant;
}

/** The `YYYY-MM-DD` day after a calendar date. */
function nextDay(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day + 1)).toISOString().slice(0, 10);
}

/**
 * The instants the wallet interval covers: `dateFrom` and `dateTo` are whole days in the project's
 * time zone, both included, so the interval runs from the first day's midnight to the midnight after
 * the last day. A missing date leaves that side open.
 */
export function walletInterval(dateFrom: string | undefined, dateTo: string | undefined, timeZone: string): Interval {
  return {
    from: dateFrom === undefined ? null : midnight(dateFrom, timeZone),
    until: dateTo === undefined ? null : midnight(nextDay(dateTo), timeZone),
  };
}

/** The midnight that ends the month `now` falls in, in the time zone: expiries before it are "this month". */
export function endOfMonth(now: Date, timeZone: string): Date {
  const [year, month] = formatDateTime(now, timeZone).slice(0, 7).split('-').map(Number);
  const first = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
  return midnight(first, timeZone);
}

/** A currency the wallet states money in. */
export interface ValueCurrency {
  id: string;
  /** ISO decimals; null for currencies without them (then two). */
  minorUnits: number | null;
}

/**
 * What `points` (a decimal amount) are worth at `pointValue` money per point in each currency, rounded
 * down to the currency's decimals as the purchase closure rounds a point payment.
 */
export function pointsMoneyValue(
  points: number,
  pointValue: number,
  currencies: readonly ValueCurrency[],
): { currency_id: string; value: number }[] {
  return currencies.map((currency) => {
    const scale = 10 ** (currency.minorUnits ?? 2);
    return { currency_id: currency.id, value: Math.floor(points * pointValue * scale + 1e-9) / scale };
  });
}
