import { ThrottledWarning } from './throttled-warning';

describe('ThrottledWarning', () => {
  it('lets the first occurrence through, then one per interval with the count held back', () => {
    let now = 1_000;
    const warning = new ThrottledWarning(10_000, () => now);
    expect(warning.take()).toBe(0);
    now += 1_000;
    expect(warning.take()).toBeNull();
    now += 8_999;
    expect(warning.take()).toBeNull();
    now += 1;
    expect(warning.take()).toBe(2);
    now += 60_000;
    expect(warning.take()).toBe(0);
  });
});
