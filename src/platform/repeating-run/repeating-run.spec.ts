import { RepeatingRun } from './repeating-run';

describe('RepeatingRun', () => {
  it('runs requests made during a run once more after it, never two at a time, and stops after the run under way', async () => {
    let active = 0;
    let most = 0;
    const finishes: (() => void)[] = [];
    const runs = new RepeatingRun(
      () => {
        active += 1;
        most = Math.max(most, active);
        return new Promise<void>((resolve) =>
          finishes.push(() => {
            active -= 1;
            resolve();
          }),
        );
      },
      () => undefined,
    );
    runs.request();
    runs.request();
    runs.request();
    expect(finishes).toHaveLength(1);
    finishes[0]();
    await new Promise((resolve) => setImmediate(resolve));
    expect(finishes).toHaveLength(2);
    const stopped = runs.stop();
    runs.request();
    finishes[1]();
    await stopped;
    expect(finishes).toHaveLength(2);
    expect(most).toBe(1);
  });

  it('reports a failed run and keeps serving requests', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const runs = new RepeatingRun(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('down');
      },
      (error) => errors.push(error),
    );
    runs.request();
    await new Promise((resolve) => setImmediate(resolve));
    runs.request();
    await runs.stop();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('down')]);
  });

  it('takes a new interval in place of the old one, and stops its timer at 0', async () => {
    jest.useFakeTimers();
    try {
      let runs = 0;
      const run = new RepeatingRun(
        async () => void (runs += 1),
        () => undefined,
      );
      run.start(1000);
      await jest.advanceTimersByTimeAsync(3000);
      expect(runs).toBe(4);
      run.start(10_000);
      await jest.advanceTimersByTimeAsync(9000);
      expect(runs).toBe(5);
      run.start(0);
      await jest.advanceTimersByTimeAsync(60_000);
      expect(runs).toBe(5);
      await run.stop();
      run.start(1000);
      await jest.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(5);
    } finally {
      jest.useRealTimers();
    }
  });
});
