import { Logger } from '@nestjs/common';
import { isDatabaseUnreachable, loggableError, ThrottledWarning } from '@tessera/core';

/** A run every few seconds fails alike for as long as the database is away: one line a minute says so. */
const OUTAGE_WARNING_INTERVAL_MS = 60_000;

/**
 * The `onError` of a background run. A run that failed because the database cannot be reached is a
 * warning, not an error: the next run retries the same work, and it resumes by itself once the
 * database is back. Any other failure is an error.
 */
export function runFailureLog(logger: Logger, run: string): (error: unknown) => void {
  const outage = new ThrottledWarning(OUTAGE_WARNING_INTERVAL_MS);
  return (error) => {
    if (!isDatabaseUnreachable(error)) {
      logger.error(`${run} failed: ${loggableError(error).message}`);
      return;
    }
    const heldBack = outage.take();
    if (heldBack === null) return;
    const since = heldBack > 0 ? ` (${heldBack} more failed alike since the last warning)` : '';
    logger.warn(`${run} failed: the database cannot be reached (${loggableError(error).message}); the next run retries${since}`);
  };
}
