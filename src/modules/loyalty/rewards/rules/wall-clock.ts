import { formatDateTime, parseRequestDateTime } from '@tessera/http';

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

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar date, time of day and weekday that `at` shows on a clock in `timeZone`. */
export function wallClock(at: Date, timeZone: string): WallClock {
  const [date, time] = formatDateTime(at, timeZone).split(' ');
  const [year, month, day] = date.split('-').map(Number);
  return { year, month, day, date, time, weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay() || 7 };
}

/** The instant a wall-clock datetime (calendar fields may overflow: day 32 is the next month's 1st) names in `timeZone`. */
export function fromWallClock(year: number, month: number, day: number, time: string, timeZone: string): Date {
  const normal = new Date(Date.UTC(year, month - 1, day));
  const text = `${normal.getUTCFullYear()}-${pad(normal.getUTCMonth() + 1)}-${pad(normal.getUTCDate())} ${time}`;
  const instant = parseRequestDateTime(text, timeZone);
  if (!instant) throw new Error(`Not a wall-clock datetime: ${text}`);
  return instant;
}
