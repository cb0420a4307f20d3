import { endOfMonth, pointsMoneyValue, walletInterval } from './wallet-rules';

describe('walletInterval', () => {
  it('covers whole days, both included, from midnight to the midnight after the last day', () => {
    expect(walletInterval('2026-03-01', '2026-03-31', 'UTC')).toEqual({
      from: new Date('2026-03-01T00:00:00Z'),
      until: new Date('2026-04-01T00:00:00Z'),
    });
  });

  it('reads the days in the project time zone, across a daylight saving change', () => {
    // Prague moves to summer time on 2026-03-29: the 28th starts at 23:00 UTC, the 30th at 22:00 UTC.
    expect(walletInterval('2026-03-28', '2026-03-29', 'Europe/Prague')).toEqual({
      from: new Date('2026-03-27T23:00:00Z'),
      until: new Date('2026-03-29T22:00:00Z'),
    });
  });

  it('leaves a missing bound open and rolls over the year end', () => {
    expect(walletInterval(undefined, '2025-12-31', 'UTC')).toEqual({ from: null, until: new Date('2026-01-01T00:00:00Z') });
    expect(walletInterval('2025-02-28', undefined, 'UTC')).toEqual({ from: new Date('2025-02-28T00:00:00Z'), until: null });
    expect(walletInterval(undefined, undefined, 'UTC')).toEqual({ from: null, until: null });
  });
});

describe('endOfMonth', () => {
  it('is the first midnight of the next month in the time zone', () => {
    expect(endOfMonth(new Date('2026-05-15T12:00:00Z'), 'UTC')).toEqual(new Date('2026-06-01T00:00:00Z'));
    expect(endOfMonth(new Date('2026-12-31T23:59:59Z'), 'UTC')).toEqual(new Date('2027-01-01T00:00:00Z'));
  });

  it('takes the month of the local date, not the UTC one', () => {
    // 2026-05-31 23:30 UTC is already June 1st in Prague.
    expect(endOfMonth(new Date('2026-05-31T23:30:00Z'), 'Europe/Prague')).toEqual(new Date('2026-06-30T22:00:00Z'));
  });
});

describe('pointsMoneyValue', () => {
  it('values the points in each currency, rounded down to its decimals', () => {
    expect(
      pointsMoneyValue(1234.56, 0.01, [
        { id: 'eur', minorUnits: 2 },
        { id: 'jpy', minorUnits: 0 },
        { id: 'xau', minorUnits: null },
      ]),
    ).toEqual([
      { currency_id: 'eur', value: 12.34 },
      { currency_id: 'jpy', value: 12 },
      { currency_id: 'xau', value: 12.34 },
    ]);
  });

  it('keeps exact products exact', () => {
    expect(pointsMoneyValue(0.29, 100, [{ id: 'eur', minorUnits: 2 }])).toEqual([{ currency_id: 'eur', value: 29 }]);
    expect(pointsMoneyValue(0, 0.5, [{ id: 'eur', minorUnits: 2 }])).toEqual([{ currency_id: 'eur', value: 0 }]);
  });
});
