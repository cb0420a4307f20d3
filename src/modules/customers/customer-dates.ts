/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A birthdate filter as `YYYY-MM-DD` (also accepted as `DD.MM.YYYY`), or null when it is neither. */
export function parseBirthdateFilter(text: string): string | null {
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const iso = dotted ? `${dotted[3]}-${dotted[2]}-${dotted[1]}` : text;
  return isCalendarDate(iso) ? iso : null;
}

const UNITS: Record<string, 'day' | 'month'> = { day: 'day', days: 'day', week: 'day', weeks: 'day', month: 'month', months: 'month', year: 'month', years: 'month' };
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

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Minutes `timeZone` is ahead of UTC at `instant`. */
function zoneOffsetMinutes(instant: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  for (const part of format.formatToParts(new Date(instant))) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return (Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second) - instant) / 60000;
}

/**
 * A request datetime: `YYYY-MM-DD HH:MM:SS` or ISO 8601. Without an offset it is read in the
 * project's time zone; with one it is converted. Null when the text is no such datetime.
 */
export function parseRequestDateTime(text: string, timeZone: string): Date | null {
  const match = DATE_TIME.exec(text);
  if (!match || !isCalendarDate(`${match[1]}-${match[2]}-${match[3]}`)) return null;
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6])];
  if (hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]), hour, minute, second);
  const offset = match[7];
  if (offset) {
    if (offset === 'Z') return new Date(wall);
    const sign = offset.startsWith('-') ? -1 : 1;
    const digits = offset.slice(1).replace(':', '');
    return new Date(wall - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60000);
  }
  // Two passes settle the offset across a daylight-saving change.
  let instant = wall - zoneOffsetMinutes(wall, timeZone) * 60000;
  instant = wall - zoneOffsetMinutes(instant, timeZone) * 60000;
  return new Date(instant);
}
