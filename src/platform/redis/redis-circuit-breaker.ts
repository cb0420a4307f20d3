export interface CircuitBreakerHooks {
  /** Asks the dependency for a sign of life; `false` or a rejection keeps the circuit open. */
  probe: () => Promise<boolean>;
  /** Catches the dependency up on what it missed while bypassed; a rejection keeps the circuit open. */
  recover: () => Promise<void>;
  opened: (reason: Error) => void;
  closed: () => void;
}

/**
 * Closed: the dependency is used. The first failure opens it; callers then bypass the dependency at once
 * instead of each waiting for their own timeout, and probes run every `probeIntervalMs` in the background
 * until one succeeds and recovery has run, which closes it again.
 */
export class CircuitBreaker {
  private open = false;
  private probing = false;
  private stopped = false;
  private nextProbe?: NodeJS.Timeout;

  constructor(
    private readonly hooks: CircuitBreakerHooks,
    private readonly probeIntervalMs: number,
  ) {}

  get isClosed(): boolean {
    return !this.open;
  }

  trip(reason: Error): void {
    if (this.open || this.stopped) return;
    this.open = true;
    this.hooks.opened(reason);
    this.scheduleProbe();
  }

  /** Probes now rather than at the next interval (e.g. the connection has just been re-established). */
  probeNow(): void {
    if (!this.open || this.stopped || this.probing) return;
    clearTimeout(this.nextProbe);
    void this.attemptRecovery();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.nextProbe);
  }

  private scheduleProbe(): void {
    if (this.stopped) return;
    clearTimeout(this.nextProbe);
    this.nextProbe = setTimeout(() => void this.attemptRecovery(), this.probeIntervalMs);
    this.nextProbe.unref();
  }

  private async attemptRecovery(): Promise<void> {
    this.probing = true;
    try {
      if ((await this.hooks.probe()) && !this.stopped) {
        await this.hooks.recover();
        if (this.stopped) return;
        this.open = false;
        this.hooks.closed();
        return;
      }
    } catch {
      // Still away: the next probe follows at the interval.
    } finally {
      this.probing = false;
    }
    this.scheduleProbe();
  }
}
