import { parseBirthdateFilter, validityEnd } from './customer-dates';

describe('customer dates', () => {
  it('reads birthdate filters in both accepted forms', () => {
    expect(parseBirthdateFilter('1990-02-28')).toBe('1990-02-28');
    expect(parseBirthdateFilter('28.02.1990')).toBe('1990-02-28');
    expect(parseBirthdateFilter('1990-02-30')).toBeNull();
    expect(parseBirthdateFilter('28/02/1990')).toBeNull();
  });

  it('ends a status after its validity period, or never', () => {
    const from = new Date('2024-01-31T10:00:00Z');
    expect(validityEnd(from, '12 months')?.toISOString()).toBe('2025-01-31T10:00:00.000Z');
    expect(validityEnd(from, '2 years')?.toISOString()).toBe('2026-01-31T10:00:00.000Z');
    expect(validityEnd(from, '10 days')?.toISOString()).toBe('2024-02-10T10:00:00.000Z');
    expect(validityEnd(from, 'unlimited')).toBeNull();
  });
});
