import { RedisConnection } from '../redis/redis-connection';
import { RequestBudget } from './request-budget';

const withoutRedis = { keyPrefix: 'test', client: null, available: false } as unknown as RedisConnection;

describe('RequestBudget', () => {
  it('allows a holder its limit in a window, then blocks it for the seconds left in it', async () => {
    const budget = new RequestBudget('client', { limit: 3, windowSeconds: 60 }, withoutRedis);
    for (let hit = 1; hit <= 3; hit += 1) expect(await budget.count('device:a')).toMatchObject({ totalHits: hit, isBlocked: false });
    const refused = await budget.count('device:a');
    expect(refused).toMatchObject({ totalHits: 4, isBlocked: true });
    expect(refused.timeToBlockExpire).toBeGreaterThan(55);
    expect(refused.timeToBlockExpire).toBeLessThanOrEqual(60);
  });

  it('counts every holder apart', async () => {
    const budget = new RequestBudget('operation', { limit: 1, windowSeconds: 60 }, withoutRedis);
    expect((await budget.count('GET /languages:device:a')).isBlocked).toBe(false);
    expect((await budget.count('GET /languages:device:a')).isBlocked).toBe(true);
    expect((await budget.count('GET /languages:device:b')).isBlocked).toBe(false);
    expect((await budget.count('GET /languages:user:c')).isBlocked).toBe(false);
  });

  it('counts in memory while the Redis connection is unavailable, without sending it a command', async () => {
    const client = { evalsha: jest.fn(), eval: jest.fn(), multi: jest.fn(), status: 'end' };
    const use = jest.fn(() => Promise.reject(new Error('Redis is not available')));
    const redis = { keyPrefix: 'test', client, available: false, use } as unknown as RedisConnection;
    const budget = new RequestBudget('client', { limit: 1, windowSeconds: 60 }, redis);
    expect((await budget.count('device:a')).isBlocked).toBe(false);
    expect((await budget.count('device:a')).isBlocked).toBe(true);
    expect(use).not.toHaveBeenCalled();
    expect(client.eval).not.toHaveBeenCalled();
  });
});
