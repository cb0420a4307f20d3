import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { RedisConnection } from '../redis/redis-connection';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Rate-limit counters in Redis when it is configured and reachable, so a limit holds across instances;
 * in this instance's memory otherwise, so losing Redis loosens limits instead of failing requests.
 */
@Injectable()
export class ResilientThrottlerStorage implements ThrottlerStorage, OnApplicationShutdown {
  private readonly local = new ThrottlerStorageService();
  private readonly shared: ThrottlerStorageRedisService | null;

  constructor(private readonly redis: RedisConnection) {
    this.shared = redis.client ? new ThrottlerStorageRedisService(redis.client) : null;
  }

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (this.shared && this.redis.available) {
      const shared = this.shared;
      try {
        return await this.redis.use(() => shared.increment(key, ttl, limit, blockDuration, throttlerName));
      } catch {
        // The connection has opened its breaker: count in memory until Redis answers in time again.
      }
    }
    return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  onApplicationShutdown(): void {
    this.local.onApplicationShutdown();
  }
}
