import { RedisConnection } from '../redis/redis-connection';
import { RequestBudget } from './request-budget';

const withoutRedis = { keyPrefix: 'test', client: null, available: false } as unknown as RedisConnection;

describe('RequestBudget', () => {
  it('allows a holder its limit in a window, then refuses with the seconds left in it', async () => {
    const budget = new RequestBudget('client', { limit: 3, windowSeconds: 60 }, withoutRedis);
    for (let i = 0; i < 3; i += 1) expect(await budget.spend('device:a')).toEqual({ allowed: true });
    const refused = await budget.spend('device:a');
    expect(refused.allowed).toBe(false);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(55);
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it('counts every holder apart', async () => {
    const budget = new RequestBudget('operation:GET /languages', { limit: 1, windowSeconds: 60 }, withoutRedis);
    expect(await budget.spend('device:a')).toEqual({ allowed: true });
    expect((await budget.spend('device:a')).allowed).toBe(false);
    expect(await budget.spend('device:b')).toEqual({ allowed: true });
    expect(await budget.spend('user:c')).toEqual({ allowed: true });
  });

  it('counts in memory while the Redis connection is unavailable, without sending it a command', async () => {
    const client = { evalsha: jest.fn(), eval: jest.fn(), multi: jest.fn(), status: 'end' };
    const use = jest.fn(() => Promise.reject(new Error('Redis is not available')));
    const redis = { keyPrefix: 'test', client, available: false, use } as unknown as RedisConnection;
    const budget = new RequestBudget('client', { limit: 1, windowSeconds: 60 }, redis);
    expect(await budget.spend('device:a')).toEqual({ allowed: true });
    expect((await budget.spend('device:a')).allowed).toBe(false);
    expect(use).not.toHaveBeenCalled();
    expect(client.eval).not.toHaveBeenCalled();
  });
});
