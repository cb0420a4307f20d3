import { alignRange, parseFigureDate } from './figure-periods';

describe('alignRange', () => {
  it('keeps days as asked, both ends included', () => {
    expect(alignRange('2026-03-30', '2026-04-02', 'day')).toEqual({ start: '2026-03-30', end: '2026-04-03', periods: 4 });
  });

  it('widens to whole ISO weeks, Monday to Sunday', () => {
    // 2026-04-01 is a Wednesday; 2026-04-12 a Sunday.
    expect(alignRange('2026-04-01', '2026-04-12', 'week')).toEqual({ start: '2026-03-30', end: '2026-04-13', periods: 2 });
    expect(alignRange('2026-04-05', '2026-04-05', 'week')).toEqual({ start: '2026-03-30', end: '2026-04-06', periods: 1 });
  });

  it('widens to whole calendar months across a year end', () => {
    expect(alignRange('2025-12-15', '2026-02-01', 'month')).toEqual({ start: '2025-12-01', end: '2026-03-01', periods: 3 });
  });

  it('refuses reversed ranges, impossible dates, unknown granularities and too many periods', () => {
    expect(() => alignRange('2026-04-02', '2026-04-01', 'day')).toThrow('to must not be before from');
    expect(() => parseFigureDate('2026-02-30', 'from')).toThrow('from must be a calendar date');
    expect(() => parseFigureDate('2026-2-3', 'from')).toThrow(RangeError);
    expect(() => alignRange('2026-01-01', '2026-01-02', 'year' as never)).toThrow('granularity');
    expect(() => alignRange('2020-01-01', '2026-01-01', 'day')).toThrow('at most 1000 periods');
  });
});
