import type Redis from 'ioredis';
import { Keyv } from 'keyv';
import type { RedisConnection } from '../redis/redis-connection';
import { RedisCacheStore } from './redis-cache.store';

describe('RedisCacheStore', () => {
  it('keeps entries under the configured prefix when Keyv wraps it', async () => {
    const written: string[] = [];
    const client = {
      set: async (key: string) => {
        written.push(key);
        return 'OK';
      },
      get: async () => null,
    } as unknown as Redis;
    const connection = { keyPrefix: 'project-a', client, use: <T>(commands: (redis: Redis) => Promise<T>) => commands(client) };
    const keyv = new Keyv({ store: new RedisCacheStore(connection as RedisConnection), useKeyPrefix: false, throwOnErrors: true });
    await keyv.set('generation:stores', 'abc', 60_000);
    expect(written).toEqual(['project-a:cache:generation:stores']);
  });
});
