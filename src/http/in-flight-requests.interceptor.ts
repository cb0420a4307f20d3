import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Observable, finalize } from 'rxjs';

/**
 * Counts handlers still running. A handler can outlive its connection (the client gave up), so
 * closing the HTTP server is not enough to know the database pool is no longer in use.
 */
@Injectable()
export class InFlightRequestsInterceptor implements NestInterceptor {
  private running = 0;
  private readonly idleWaiters: (() => void)[] = [];

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.running += 1;
    return next.handle().pipe(
      finalize(() => {
        this.running -= 1;
        if (this.running === 0) this.idleWaiters.splice(0).forEach((resolve) => resolve());
      }),
    );
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
}
