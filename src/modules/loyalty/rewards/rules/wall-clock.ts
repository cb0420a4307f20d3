import { parseRequestDateTime } from '../../../../../libs/http/src';

export interface WallClock {
  year: number;
  month: number;
  day: number;
  /** `YYYY-MM-DD` */
  date: string;
  /** `HH:MM:SS` */
  time: string;
  /** ISO weekday: 1 Monday .. 7 Sunday. */
  weekday: number;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };
const pad = (n: number) => String(n).padStart(2, '0');

/** Building a formatter costs far more than using one, and every voucher check reads the clock. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The calendar date, time of day and weekday that `at` shows on a clock in `timeZone`. */
export function wallClock(at: Date, timeZone: string): WallClock {
  const parts: Record<string, string> = {};
  const formatter = formatterFor(timeZone);
  for (const part of formatter.formatToParts(at)) parts[part.type] = part.value;
  const [year, month, day] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  return {
    year,
    month,
    day,
    date: `${year}-${pad(month)}-${pad(day)}`,
    time: `${pad(Number(parts.hour))}:${pad(Number(parts.minute))}:${pad(Number(parts.second))}`,
    weekday: WEEKDAYS[parts.weekday],
  };
}

/** The instant a wall-clock datetime (calendar fields may overflow: day 32 is the next month's 1st) names in `timeZone`. */
export function fromWallClock(year: number, month: number, day: number, time: string, timeZone: string): Date {
  const normal = new Date(Date.UTC(year, month - 1, day));
  const text = `${normal.getUTCFullYear()}-${pad(normal.getUTCMonth() + 1)}-${pad(normal.getUTCDate())} ${time}`;
  const instant = parseRequestDateTime(text, timeZone);
  if (!instant) throw new Error(`Not a wall-clock datetime: ${text}`);
  return instant;
}
