import { formatDateTime, isValidTimeZone, parseRequestDateTime } from './date-time';

describe('formatDateTime', () => {
  const instant = new Date('2026-07-01T22:30:05Z');
  it('writes the project time zone without an offset', () => {
    expect(formatDateTime(instant, 'UTC')).toBe('2026-07-01 22:30:05');
    expect(formatDateTime(instant, 'Europe/Prague')).toBe('2026-07-02 00:30:05');
    expect(formatDateTime(new Date('2026-01-01T00:00:00Z'), 'America/New_York')).toBe('2025-12-31 19:00:00');
  });

  it('recognises IANA zones', () => {
    expect(isValidTimeZone('Europe/Prague')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('parseRequestDateTime', () => {
  it('reads the API form in the project time zone', () => {
    expect(parseRequestDateTime('2024-01-15 10:30:00', 'UTC')?.toISOString()).toBe('2024-01-15T10:30:00.000Z');
    expect(parseRequestDateTime('2024-01-15 10:30:00', 'Europe/Prague')?.toISOString()).toBe('2024-01-15T09:30:00.000Z');
    expect(parseRequestDateTime('2024-07-15 10:30:00', 'Europe/Prague')?.toISOString()).toBe('2024-07-15T08:30:00.000Z');
  });

  it('reads ISO 8601 with and without an offset, and bare dates', () => {
    expect(parseRequestDateTime('2024-01-15T10:30:00+02:00', 'UTC')?.toISOString()).toBe('2024-01-15T08:30:00.000Z');
    expect(parseRequestDateTime('2024-01-15T10:30:00Z', 'Europe/Prague')?.toISOString()).toBe('2024-01-15T10:30:00.000Z');
    expect(parseRequestDateTime('2024-01-15T10:30:00', 'UTC')?.toISOString()).toBe('2024-01-15T10:30:00.000Z');
    expect(parseRequestDateTime('2024-01-15', 'UTC')?.toISOString()).toBe('2024-01-15T00:00:00.000Z');
  });

  it('refuses other text and impossible dates', () => {
    expect(parseRequestDateTime('15.01.2024', 'UTC')).toBeNull();
    expect(parseRequestDateTime('2024-02-30 10:00:00', 'UTC')).toBeNull();
    expect(parseRequestDateTime('2024-01-15 25:00:00', 'UTC')).toBeNull();
    expect(parseRequestDateTime('soon', 'UTC')).toBeNull();
  });

  it('reads local datetimes in the project zone and converts offsets', () => {
    expect(parseRequestDateTime('2024-07-01 12:00:00', 'Europe/Prague')?.toISOString()).toBe('2024-07-01T10:00:00.000Z');
    expect(parseRequestDateTime('2024-01-01T12:00:00', 'Europe/Prague')?.toISOString()).toBe('2024-01-01T11:00:00.000Z');
    expect(parseRequestDateTime('2024-01-01T12:00:00+05:00', 'UTC')?.toISOString()).toBe('2024-01-01T07:00:00.000Z');
    expect(parseRequestDateTime('2024-02-30 12:00:00', 'UTC')).toBeNull();
    expect(parseRequestDateTime('yesterday', 'UTC')).toBeNull();
  });
});

describe('formatDateTime in UTC', () => {
  it('writes the same text as the time-zone formatter', () => {
    for (const iso of ['2026-11-24T17:05:09.123Z', '1999-12-31T23:59:59.999Z', '2000-02-29T00:00:00.000Z', '0999-01-01T00:00:00.000Z']) {
      const value = new Date(iso);
      const parts: Record<string, string> = {};
      const viaZone = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'UTC',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      });
      for (const part of viaZone.formatToParts(value)) parts[part.type] = part.value;
      expect(formatDateTime(value, 'UTC')).toBe(`${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`);
    }
  });
});
