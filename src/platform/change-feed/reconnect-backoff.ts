const FIRST_DELAY_MS = 250;
/** Short enough that caches are served from memory again soon after the database is back. */
export const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * The wait before the next attempt after `failures` failed in a row: doubling from 250 ms up to 5 s,
 * less up to half of it at random, so that instances which lost the database together do not all
 * knock at the same moment when it comes back.
 */
export function reconnectDelayMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_RECONNECT_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling * (1 - random() / 2));
}
