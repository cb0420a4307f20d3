import type { ThrottlerStorage } from '@nestjs/throttler';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { RateLimit } from '../../config/app-config';
import { RedisConnection } from '../redis/redis-connection';

/** What the throttler's guard reads back from its storage for one counted request. */
export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

function recordOf(result: RateLimiterRes, limit: number): ThrottlerStorageRecord {
  const secondsLeft = Math.max(1, Math.ceil(result.msBeforeNext / 1000));
  const isBlocked = result.consumedPoints > limit;
  return { totalHits: result.consumedPoints, timeToExpire: secondsLeft, isBlocked, timeToBlockExpire: isBlocked ? secondsLeft : 0 };
}

/**
 * One request budget (a number of requests per fixed window, per holder), counted by rate-limiter-flexible.
 *
 * Without Redis the count is a map entry in this instance's memory: one lookup and an addition per request.
 * With Redis the count is shared between instances: one atomic script per request (ioredis sends the
 * scripts of concurrent requests together), and a holder who has spent the budget is refused from memory
 * until the window ends (`inMemoryBlockOnConsumed`), so the callers that load a server most cost no round
 * trip at all. The memory counter is the insurance: while the Redis connection's breaker is open, requests
 * are counted here, so losing Redis loosens limits to one instance's share instead of failing requests.
 */
export class RequestBudget {
  private readonly local: RateLimiterMemory;
  private readonly shared: RateLimiterRedis | null;

  constructor(
    name: string,
    private readonly limit: RateLimit,
    private readonly redis: RedisConnection,
  ) {
    const options = { keyPrefix: `${redis.keyPrefix}:limit:${name}`, points: limit.limit, duration: limit.windowSeconds };
    this.local = new RateLimiterMemory(options);
    this.shared = redis.client
      ? new RateLimiterRedis({ ...options, storeClient: redis.client, inMemoryBlockOnConsumed: limit.limit + 1 })
      : null;
  }

  /** Counts one request of `holder`: its hits in the window so far, and whether it is over the limit until the window ends. */
  async count(holder: string): Promise<ThrottlerStorageRecord> {
    if (this.shared && this.redis.available) {
      const shared = this.shared;
      try {
        return recordOf(await this.redis.use(() => consumed(shared, holder)), this.limit.limit);
      } catch {
        // The connection has opened its breaker: count in memory until Redis answers in time again.
      }
    }
    return recordOf(await consumed(this.local, holder), this.limit.limit);
  }
}

/** The count after consuming one point; a spent budget is an answer, not a failure (rate-limiter-flexible rejects with it). */
function consumed(limiter: RateLimiterMemory | RateLimiterRedis, holder: string): Promise<RateLimiterRes> {
  return limiter.consume(holder).catch((reason: unknown) => {
    if (reason instanceof RateLimiterRes) return reason;
    throw reason;
  });
}
