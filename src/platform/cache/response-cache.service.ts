import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable } from '@nestjs/common';
import { Cache, createCache } from 'cache-manager';
import { Keyv } from 'keyv';
import { randomBytes } from 'node:crypto';
import { RedisConnection } from '../redis/redis-connection';
import { BoundedMemoryStore } from './redis-cache.store';

/** Entries an instance keeps in memory (without Redis, or while Redis is away). */
export const MEMORY_CACHE_MAX_ENTRIES = 10_000;

export interface CachedResponse {
  body: unknown;
  /** Epoch milliseconds, so a hit can say how long the answer stays fresh. */
  expiresAt: number;
}

export function memoryCache(): Cache {
  return createCache({ stores: [new Keyv({ store: new BoundedMemoryStore(MEMORY_CACHE_MAX_ENTRIES) })] });
}

/**
 * Cached answers and the generation of each resource family. A write bumps its family's generation, so
 * every cached answer of that family (on every instance sharing Redis) stops matching at once. While a
 * configured Redis is unreachable the instance caches in memory rather than failing requests.
 */
@Injectable()
export class ResponseCacheService {
  private readonly fallback = memoryCache();

  constructor(
    @Inject(CACHE_MANAGER) private readonly shared: Cache,
    private readonly redis: RedisConnection,
  ) {
    // Writes made during an outage bumped only in-memory generations: drop what Redis kept meanwhile.
    redis.onRecovery(async () => {
      await this.shared.clear();
    });
  }

  async get(key: string): Promise<CachedResponse | undefined> {
    return this.use((cache) => cache.get<CachedResponse>(key));
  }

  async set(key: string, body: unknown, ttlSeconds: number): Promise<void> {
    const entry: CachedResponse = { body, expiresAt: Date.now() + ttlSeconds * 1000 };
    await this.use((cache) => cache.set(key, entry, ttlSeconds * 1000));
  }

  async generations(families: string[]): Promise<string[]> {
    return this.use(async (cache) => (await cache.mget<string>(families.map(generationKey))).map((value) => value ?? '0'));
  }

  async invalidate(families: string[]): Promise<void> {
    const generation = randomBytes(6).toString('hex');
    await this.use((cache) => cache.mset(families.map((family) => ({ key: generationKey(family), value: generation }))));
  }

  private async use<T>(work: (cache: Cache) => Promise<T>): Promise<T> {
    if (!this.redis.configured) return work(this.shared);
    if (!this.redis.available) return work(this.fallback);
    try {
      const result = await work(this.shared);
      // cache-manager answers a failed read as a miss; the store has opened the breaker, so ask memory instead.
      return this.redis.available ? result : await work(this.fallback);
    } catch (error) {
      this.redis.markUnavailable(error as Error);
      return work(this.fallback);
    }
  }
}

function generationKey(family: string): string {
  return `generation:${family}`;
}
