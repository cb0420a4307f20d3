/**
 * Counts handlers still running. A handler can outlive its connection (the client gave up), so
 * closing the HTTP server is not enough to know the database pool is no longer in use. Counted around
 * each route's handler rather than by a Nest interceptor, which would cost every request an async
 * resource and an observable chain.
 */
export class InFlightRequests {
  private running = 0;
  private readonly idleWaiters: (() => void)[] = [];

  /** `handler`, counted from its call until its promise settles. */
  wrap<TThis, TArgs extends unknown[], TResult>(
    handler: (this: TThis, ...args: TArgs) => TResult,
  ): (this: TThis, ...args: TArgs) => TResult {
    const { started, finished } = this;
    return function (this: TThis, ...args: TArgs): TResult {
      started();
      const result = handler.apply(this, args);
      // Returned untouched: Fastify's reply is thenable, and chaining on it would wait for the send.
      if (result instanceof Promise) result.then(finished, finished);
      else finished();
      return result;
    };
  }

  /** Resolves once no handler runs, or after `timeoutMs` at the latest. */
  whenIdle(timeoutMs: number): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.idleWaiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private readonly started = (): void => {
    this.running += 1;
  };

  private readonly finished = (): void => {
    this.running -= 1;
    if (this.running === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
  };
}
