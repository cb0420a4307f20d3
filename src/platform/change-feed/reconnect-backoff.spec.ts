import { MAX_RECONNECT_DELAY_MS, reconnectDelayMs } from './reconnect-backoff';

describe('reconnectDelayMs', () => {
  it('doubles with each failure in a row up to its cap', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => reconnectDelayMs(failures, noJitter))).toEqual([
      250, 500, 1_000, 2_000, 4_000, 5_000, 5_000,
    ]);
    expect(reconnectDelayMs(10_000, noJitter)).toBe(MAX_RECONNECT_DELAY_MS);
  });

  it('takes off up to half at random, never more', () => {
    expect(reconnectDelayMs(3, () => 0.999999)).toBe(500);
    expect(reconnectDelayMs(20, () => 0.5)).toBe(3_750);
    for (let i = 0; i < 100; i++) {
      const delay = reconnectDelayMs(8);
      expect(delay).toBeGreaterThanOrEqual(MAX_RECONNECT_DELAY_MS / 2);
      expect(delay).toBeLessThanOrEqual(MAX_RECONNECT_DELAY_MS);
    }
  });
});
