import { RedisConnection } from '../redis/redis-connection';

/**
 * A Map-like Keyv store on the shared Redis connection: keys live under `<prefix>:cache:` and expire in
 * Redis itself, so every instance sees the same entries and nothing outlives its time-to-live. A failed or
 * slow command opens the connection's breaker even where cache-manager would report it as a miss.
 */
export class RedisCacheStore {
  // Not `namespace`: Keyv overwrites a store's `namespace` with its own ("keyv").
  private readonly keyPrefix: string;

  constructor(private readonly redis: RedisConnection) {
    this.keyPrefix = `${redis.keyPrefix}:cache:`;
  }

  async get(key: string): Promise<string | undefined> {
    return (await this.redis.use((client) => client.get(this.keyPrefix + key))) ?? undefined;
  }

  async set(key: string, value: string, ttlMs?: number): Promise<boolean> {
    await this.redis.use((client) =>
      ttlMs ? client.set(this.keyPrefix + key, value, 'PX', ttlMs) : client.set(this.keyPrefix + key, value),
    );
    return true;
  }

  async delete(key: string): Promise<boolean> {
    return (await this.redis.use((client) => client.del(this.keyPrefix + key))) > 0;
  }

  /**
   * Drops this project's cache entries only (other keys in the same Redis are left alone). It runs as
   * recovery, before callers use Redis again.
   */
  async clear(): Promise<void> {
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.useWhileRecovering((client) =>
        client.scan(cursor, 'MATCH', `${this.keyPrefix}*`, 'COUNT', 1000),
      );
      if (keys.length) await this.redis.useWhileRecovering((client) => client.unlink(...keys));
      cursor = next;
    } while (cursor !== '0');
  }
}

/** An in-memory Keyv store that forgets its oldest entries beyond `maxEntries`, so memory stays bounded. */
export class BoundedMemoryStore<V> extends Map<string, V> {
  constructor(private readonly maxEntries: number) {
    super();
  }

  override set(key: string, value: V): this {
    if (this.has(key)) this.delete(key);
    super.set(key, value);
    while (this.size > this.maxEntries) this.delete(this.keys().next().value as string);
    return this;
  }
}
