import { Injectable } from '@nestjs/common';

/**
 * Tells this process's delivery worker that a message was just queued, so it need not wait for its
 * next poll. Without a worker (the admin CLI, a server with polling off) nobody listens.
 */
@Injectable()
export class DeliveryRequests {
  private readonly listeners: (() => void)[] = [];

  subscribe(listener: () => void): void {
    this.listeners.push(listener);
  }

  /** Called after the transaction that queued a message has committed. */
  request(): void {
    for (const listener of this.listeners) listener();
  }
}
