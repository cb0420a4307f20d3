import { formatDateTime, isValidTimeZone } from './date-time';

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
