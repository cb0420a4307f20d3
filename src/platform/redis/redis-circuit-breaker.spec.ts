import { CircuitBreaker } from './redis-circuit-breaker';

const INTERVAL_MS = 1_000;

function breakerWith(probeAnswers: (boolean | Error)[], recoverFailures = 0) {
  const events: string[] = [];
  let probes = 0;
  let recoveries = 0;
  const breaker = new CircuitBreaker(
    {
      probe: async () => {
        const answer = probeAnswers[Math.min(probes++, probeAnswers.length - 1)];
        if (answer instanceof Error) throw answer;
        return answer;
      },
      recover: async () => {
        recoveries += 1;
        if (recoveries <= recoverFailures) throw new Error('flush failed');
      },
      opened: (reason) => events.push(`opened: ${reason.message}`),
      closed: () => events.push('closed'),
    },
    INTERVAL_MS,
  );
  return { breaker, events, probes: () => probes, recoveries: () => recoveries };
}

/** Lets the probe's and the recovery's promises settle after the timers fired. */
async function advance(ms: number): Promise<void> {
  await jest.advanceTimersByTimeAsync(ms);
}

describe('CircuitBreaker', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts closed and opens on the first failure, reporting it once', () => {
    const { breaker, events } = breakerWith([false]);
    expect(breaker.isClosed).toBe(true);
    breaker.trip(new Error('Command timed out'));
    breaker.trip(new Error('Command timed out'));
    expect(breaker.isClosed).toBe(false);
    expect(events).toEqual(['opened: Command timed out']);
    breaker.stop();
  });

  it('probes at the interval while open, and closes after a probe answers and recovery ran', async () => {
    const { breaker, events, probes, recoveries } = breakerWith([false, new Error('Command timed out'), true]);
    breaker.trip(new Error('Command timed out'));
    await advance(INTERVAL_MS - 1);
    expect(probes()).toBe(0);
    await advance(1);
    expect(probes()).toBe(1);
    await advance(INTERVAL_MS);
    expect(probes()).toBe(2);
    expect(breaker.isClosed).toBe(false);
    await advance(INTERVAL_MS);
    expect(probes()).toBe(3);
    expect(recoveries()).toBe(1);
    expect(breaker.isClosed).toBe(true);
    expect(events).toEqual(['opened: Command timed out', 'closed']);
    await advance(10 * INTERVAL_MS);
    expect(probes()).toBe(3);
  });

  it('stays open while recovery fails, and tries again at the next probe', async () => {
    const { breaker, probes, recoveries } = breakerWith([true], 1);
    breaker.trip(new Error('Command timed out'));
    await advance(INTERVAL_MS);
    expect(recoveries()).toBe(1);
    expect(breaker.isClosed).toBe(false);
    await advance(INTERVAL_MS);
    expect(probes()).toBe(2);
    expect(breaker.isClosed).toBe(true);
  });

  it('probes at once when asked (a reconnect), without a second probe in flight or a lost schedule', async () => {
    let answer: (value: boolean) => void = () => undefined;
    let probes = 0;
    const breaker = new CircuitBreaker(
      {
        probe: () => {
          probes += 1;
          return new Promise<boolean>((done) => (answer = done));
        },
        recover: async () => undefined,
        opened: () => undefined,
        closed: () => undefined,
      },
      INTERVAL_MS,
    );
    breaker.trip(new Error('Connection closed'));
    breaker.probeNow();
    breaker.probeNow();
    expect(probes).toBe(1);
    answer(false);
    await advance(INTERVAL_MS);
    expect(probes).toBe(2);
    answer(true);
    await advance(0);
    expect(breaker.isClosed).toBe(true);
  });

  it('does nothing when asked to probe while closed, and nothing at all once stopped', async () => {
    const { breaker, events, probes } = breakerWith([true]);
    breaker.probeNow();
    await advance(INTERVAL_MS);
    expect(probes()).toBe(0);
    breaker.stop();
    breaker.trip(new Error('Connection closed'));
    await advance(10 * INTERVAL_MS);
    expect(events).toEqual([]);
    expect(breaker.isClosed).toBe(true);
  });
});
