import { Injectable } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { RedisConnection } from '../redis/redis-connection';
import { RequestBudget, ThrottlerStorageRecord } from './request-budget';

/**
 * The throttler's storage as counters: each budget (a throttler's limit and window) is one
 * rate-limiter-flexible limiter, so counting a request is a map lookup and an addition (or one Redis
 * script), where the throttler's own storage kept every hit's expiry with a timer each.
 */
@Injectable()
export class BudgetThrottlerStorage implements ThrottlerStorage {
  private readonly budgets = new Map<string, RequestBudget>();

  constructor(private readonly redis: RedisConnection) {}

  increment(key: string, ttl: number, limit: number, _blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    // A budget spent stays refused until its window ends, so the block lasts what the window has left.
    const name = `${throttlerName}:${limit}/${ttl}`;
    let budget = this.budgets.get(name);
    if (!budget) {
      budget = new RequestBudget(name, { limit, windowSeconds: Math.max(1, Math.round(ttl / 1000)) }, this.redis);
      this.budgets.set(name, budget);
    }
    return budget.count(key);
  }
}
