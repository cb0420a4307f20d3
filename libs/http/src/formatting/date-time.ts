import { CommonException } from '../errors/common.exceptions';
import { InvalidReason } from '../errors/invalid-reason';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `YYYY-MM-DD HH:MM:SS` in the project's time zone, without an offset, as the API writes datetimes. */
export function formatDateTime(value: Date, timeZone: string): string {
  // UTC, the default, needs no time-zone database: the ISO text already holds the wall time.
  if (timeZone === 'UTC') {
    const year = value.getUTCFullYear();
    if (year >= 1000 && year <= 9999) {
      const iso = value.toISOString();
      return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
    }
  }
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(value)) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function formatNullableDateTime(value: Date | null | undefined, timeZone: string): string | null {
  return value ? formatDateTime(value, timeZone) : null;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Milliseconds the zone's wall clock is ahead of UTC at `instant`. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  if (timeZone === 'UTC') return 0;
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * A datetime from a request: `YYYY-MM-DD HH:MM:SS`, ISO 8601 with or without an offset, or a bare date
 * (its midnight). Without an offset the wall time is read in the project's time zone. Null when the
 * text is not such a datetime or names an impossible date.
 */
export function parseRequestDateTime(text: string, timeZone: string): Date | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', offset] = match;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const wall = Date.UTC(...fields, Number(fraction.padEnd(3, '0').slice(0, 3)));
  const check = new Date(wall);
  if (check.getUTCMonth() !== fields[1] || check.getUTCDate() !== fields[2] || fields[3] > 23 || fields[4] > 59 || fields[5] > 59) {
    return null;
  }
  if (offset) {
    if (offset === 'Z') return new Date(wall);
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
    return new Date(wall - sign * minutes * 60_000);
  }
  // The offset at the guessed instant, then again at the corrected one, settles DST transitions.
  let instant = wall - zoneOffsetMs(wall, timeZone);
  instant = wall - zoneOffsetMs(instant, timeZone);
  return new Date(instant);
}

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A request datetime of the named field (decision 6), or a 400 `invalid_value_format` naming it; null when absent. */
export function optionalRequestDateTime(text: string | undefined, field: string, timeZone: string): Date | null {
  if (text === undefined) return null;
  const value = parseRequestDateTime(text, timeZone);
  if (!value) throw CommonException.invalid(field, InvalidReason.InvalidValueFormat, `${field} must be YYYY-MM-DD HH:MM:SS`, text);
  return value;
}
