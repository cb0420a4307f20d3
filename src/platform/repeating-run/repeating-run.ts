/**
 * Runs a task every `intervalMs` and whenever asked, never two at a time: a request made while a run is
 * under way starts one more run after it, so work queued meanwhile is not left for the next interval.
 * Background workers (message delivery, webhooks) each hold one.
 */
export class RepeatingRun {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly task: () => Promise<unknown>,
    private readonly onError: (error: unknown) => void,
  ) {}

  /**
   * Runs at once, then every `intervalMs`, in place of any interval set before; 0 stops the timer (a run
   * under way finishes). The timer does not keep the process alive.
   */
  start(intervalMs: number): void {
    clearInterval(this.timer);
    this.timer = undefined;
    if (intervalMs <= 0 || this.stopped) return;
    this.timer = setInterval(() => this.request(), intervalMs);
    this.timer.unref();
    this.request();
  }

  request(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.task()
      .then(() => undefined)
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.request();
        }
      });
  }

  /** Stops the timer and waits for the run under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
