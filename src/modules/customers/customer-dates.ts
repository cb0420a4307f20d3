import { isCalendarDate } from '@tessera/http';

/** A birthdate filter as `YYYY-MM-DD` (also accepted as `DD.MM.YYYY`), or null when it is neither. */
export function parseBirthdateFilter(text: string): string | null {
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const iso = dotted ? `${dotted[3]}-${dotted[2]}-${dotted[1]}` : text;
  return isCalendarDate(iso) ? iso : null;
}

const UNITS: Record<string, 'day' | 'month'> = {
  day: 'day',
  days: 'day',
  week: 'day',
  weeks: 'day',
  month: 'month',
  months: 'month',
  year: 'month',
  years: 'month',
};
const FACTORS: Record<string, number> = { day: 1, days: 1, week: 7, weeks: 7, month: 1, months: 1, year: 12, years: 12 };

/**
 * The end of a status held from `from` for a validity period such as "12 months" or "2 years";
 * null for an unlimited or unreadable period (the status then stays until replaced).
 */
export function validityEnd(from: Date, period: string): Date | null {
  const match = /^\s*(\d+)\s*([a-z]+)\s*$/i.exec(period);
  if (!match) return null;
  const unit = match[2].toLowerCase();
  if (!UNITS[unit]) return null;
  const amount = Number(match[1]) * FACTORS[unit];
  const end = new Date(from);
  if (UNITS[unit] === 'day') end.setUTCDate(end.getUTCDate() + amount);
  else end.setUTCMonth(end.getUTCMonth() + amount);
  return end;
}
