/**
 * Keeps a failure that repeats on every request or run (a database outage) from flooding the log: the
 * first occurrence is let through, then at most one per `intervalMs`, each saying how many were held back.
 */
export class ThrottledWarning {
  private lastLoggedAt = Number.NEGATIVE_INFINITY;
  private heldBack = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Null when this occurrence is to be held back; otherwise how many were held back since the last one logged. */
  take(): number | null {
    const at = this.now();
    if (at - this.lastLoggedAt < this.intervalMs) {
      this.heldBack += 1;
      return null;
    }
    const held = this.heldBack;
    this.heldBack = 0;
    this.lastLoggedAt = at;
    return held;
  }
}
