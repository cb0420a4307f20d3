import { isAllowedRewardCode } from './reward-code';

describe('reward and voucher codes', () => {
  it('refuses | and - in reward codes', () => {
    expect(isAllowedRewardCode('BIRTHDAY20')).toBe(true);
    expect(isAllowedRewardCode('BIRTH-DAY')).toBe(false);
    expect(isAllowedRewardCode('A|B')).toBe(false);
    expect(isAllowedRewardCode('  ')).toBe(false);
  });
});
