import { parseRequestDateTime } from './request-date-time';

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
});
