import { fromWallClock, wallClock } from './wall-clock';

export const VOUCHER_VALIDITY_MODES = ['interval', 'end_of_time_unit', 'reward_validity'] as const;
export type VoucherValidityMode = (typeof VOUCHER_VALIDITY_MODES)[number];

export const END_OF_TIME_UNITS = ['end_of_the_day', 'end_of_week', 'end_of_month', 'end_of_year'] as const;
export type EndOfTimeUnit = (typeof END_OF_TIME_UNITS)[number];

export type IntervalUnit = 'hour' | 'day' | 'week' | 'month' | 'year';
export interface Interval {
  amount: number;
  unit: IntervalUnit;
}

const INTERVAL = /^\s*(\d{1,4})\s*(hour|day|week|month|year)s?\s*$/i;

/** `7 days`, `1 week`, `2 years`, ...; null when the text is not such an interval (or is zero). */
export function parseInterval(text: string): Interval | null {
  const match = INTERVAL.exec(text);
  if (!match || Number(match[1]) === 0) return null;
  return { amount: Number(match[1]), unit: match[2].toLowerCase() as IntervalUnit };
}

/**
 * Why a reward's voucher validity setting is unusable, or null when it is fine: `interval` and
 * `end_of_time_unit` need a value of their own form; `reward_validity` ignores the value.
 */
export function voucherValidityProblem(mode: VoucherValidityMode, value: string | null | undefined): string | null {
  if (mode === 'reward_validity') return null;
  if (value === undefined || value === null || value.trim() === '') return `voucher_validity_value is required for ${mode}`;
  if (mode === 'interval' && !parseInterval(value)) return 'voucher_validity_value must be an interval such as "7 days" or "2 years"';
  if (mode === 'end_of_time_unit' && !(END_OF_TIME_UNITS as readonly string[]).includes(value)) {
    return `voucher_validity_value must be one of ${END_OF_TIME_UNITS.join(', ')}`;
  }
  return null;
}

export interface VoucherValidityInput {
  mode: VoucherValidityMode;
  value: string | null;
  /** The reward's last valid day (`YYYY-MM-DD`), if it has one. */
  rewardValidTo: string | null;
  /** The reward's first valid day, if it has one. */
  rewardValidFrom: string | null;
}

/**
 * The validity window of a voucher issued at `issuedAt`: from issue (or the reward's first day, if
 * later) until the interval ends, the day/week/month/year ends, or the reward's last day ends, all
 * on the project's clock. Never past the reward's own last day; null `to` means no end.
 */
export function voucherValidity(input: VoucherValidityInput, issuedAt: Date, timeZone: string): { from: Date; to: Date | null } {
  const now = wallClock(issuedAt, timeZone);
  const rewardStart = input.rewardValidFrom ? fromWallClock(...dateParts(input.rewardValidFrom), '00:00:00', timeZone) : null;
  const from = rewardStart && rewardStart > issuedAt ? rewardStart : issuedAt;
  const rewardEnd = input.rewardValidTo ? fromWallClock(...dateParts(input.rewardValidTo), '23:59:59', timeZone) : null;
  let to: Date | null = null;
  if (input.mode === 'interval') {
    const interval = parseInterval(input.value ?? '');
    if (!interval) throw new Error(`Invalid interval ${input.value}`);
    to = addInterval(now, interval, timeZone);
  } else if (input.mode === 'end_of_time_unit') {
    to = endOf(now, input.value as EndOfTimeUnit, timeZone);
  }
  if (to === null || (rewardEnd !== null && rewardEnd < to)) to = rewardEnd;
  return { from, to };
}

function dateParts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

function addInterval(now: ReturnType<typeof wallClock>, interval: Interval, timeZone: string): Date {
  const { year, month, day, time } = now;
  switch (interval.unit) {
    case 'hour':
      return new Date(fromWallClock(year, month, day, time, timeZone).getTime() + interval.amount * 3_600_000);
    case 'day':
      return fromWallClock(year, month, day + interval.amount, time, timeZone);
    case 'week':
      return fromWallClock(year, month, day + 7 * interval.amount, time, timeZone);
    case 'month':
      return fromWallClock(year, month + interval.amount, Math.min(day, daysIn(year, month + interval.amount)), time, timeZone);
    case 'year':
      return fromWallClock(year + interval.amount, month, Math.min(day, daysIn(year + interval.amount, month)), time, timeZone);
  }
}

function endOf(now: ReturnType<typeof wallClock>, unit: EndOfTimeUnit, timeZone: string): Date {
  const { year, month, day, weekday } = now;
  switch (unit) {
    case 'end_of_the_day':
      return fromWallClock(year, month, day, '23:59:59', timeZone);
    case 'end_of_week':
      return fromWallClock(year, month, day + (7 - weekday), '23:59:59', timeZone);
    case 'end_of_month':
      return fromWallClock(year, month, daysIn(year, month), '23:59:59', timeZone);
    case 'end_of_year':
      return fromWallClock(year, 12, 31, '23:59:59', timeZone);
  }
}

/** Days in a month; `month` may overflow past 12. */
function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}
