import { parseInterval, voucherValidity, voucherValidityProblem } from './voucher-validity';

const issued = new Date('2025-06-11T10:15:00Z'); // a Wednesday
const base = { value: null, rewardValidFrom: null, rewardValidTo: null };

describe('voucher validity', () => {
  it('parses intervals', () => {
    expect(parseInterval('7 days')).toEqual({ amount: 7, unit: 'day' });
    expect(parseInterval('1 Year')).toEqual({ amount: 1, unit: 'year' });
    expect(parseInterval('0 days')).toBeNull();
    expect(parseInterval('soon')).toBeNull();
  });

  it('validates the value against the mode', () => {
    expect(voucherValidityProblem('reward_validity', undefined)).toBeNull();
    expect(voucherValidityProblem('interval', undefined)).toMatch(/required/);
    expect(voucherValidityProblem('interval', '2 weeks')).toBeNull();
    expect(voucherValidityProblem('interval', 'end_of_week')).not.toBeNull();
    expect(voucherValidityProblem('end_of_time_unit', 'end_of_month')).toBeNull();
    expect(voucherValidityProblem('end_of_time_unit', '7 days')).not.toBeNull();
  });

  it('adds an interval on the wall clock', () => {
    expect(voucherValidity({ ...base, mode: 'interval', value: '7 days' }, issued, 'UTC')).toEqual({
      from: issued,
      to: new Date('2025-06-18T10:15:00Z'),
    });
    expect(voucherValidity({ ...base, mode: 'interval', value: '1 month' }, new Date('2025-01-31T08:00:00Z'), 'UTC').to).toEqual(
      new Date('2025-02-28T08:00:00Z'),
    );
    expect(voucherValidity({ ...base, mode: 'interval', value: '2 years' }, issued, 'UTC').to).toEqual(new Date('2027-06-11T10:15:00Z'));
    expect(voucherValidity({ ...base, mode: 'interval', value: '3 hours' }, issued, 'UTC').to).toEqual(new Date('2025-06-11T13:15:00Z'));
  });

  it('ends at the end of the day, week, month or year in the project time zone', () => {
    const end = (value: string, zone = 'UTC') => voucherValidity({ ...base, mode: 'end_of_time_unit', value }, issued, zone).to;
    expect(end('end_of_the_day')).toEqual(new Date('2025-06-11T23:59:59Z'));
    expect(end('end_of_week')).toEqual(new Date('2025-06-15T23:59:59Z'));
    expect(end('end_of_month')).toEqual(new Date('2025-06-30T23:59:59Z'));
    expect(end('end_of_year')).toEqual(new Date('2025-12-31T23:59:59Z'));
    // Prague is two hours ahead in summer.
    expect(end('end_of_the_day', 'Europe/Prague')).toEqual(new Date('2025-06-11T21:59:59Z'));
  });

  it('follows the reward for reward_validity and never outlasts it', () => {
    expect(voucherValidity({ ...base, mode: 'reward_validity' }, issued, 'UTC')).toEqual({ from: issued, to: null });
    expect(voucherValidity({ ...base, mode: 'reward_validity', rewardValidTo: '2025-07-01' }, issued, 'UTC').to).toEqual(
      new Date('2025-07-01T23:59:59Z'),
    );
    expect(voucherValidity({ ...base, mode: 'interval', value: '1 year', rewardValidTo: '2025-07-01' }, issued, 'UTC').to).toEqual(
      new Date('2025-07-01T23:59:59Z'),
    );
    expect(voucherValidity({ ...base, mode: 'reward_validity', rewardValidFrom: '2025-08-01' }, issued, 'UTC').from).toEqual(
      new Date('2025-08-01T00:00:00Z'),
    );
  });
});
