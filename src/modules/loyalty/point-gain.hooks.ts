import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** Runs inside the transaction that gave the points, so what it decides commits or rolls back with them. */
export type PointGainListener = (customerId: string, manager: EntityManager) => Promise<void>;

/**
 * Who reacts when a customer gains points outside a purchase (an assignment, a transfer, a
 * synchronisation). Contexts that build on loyalty, such as status qualification in purchases,
 * register here: loyalty cannot call them without depending on them.
 */
@Injectable()
export class PointGainHooks {
  private readonly listeners: PointGainListener[] = [];

  onGain(listener: PointGainListener): void {
    this.listeners.push(listener);
  }

  async gained(customerId: string, manager: EntityManager): Promise<void> {
    for (const listener of this.listeners) await listener(customerId, manager);
  }
}
