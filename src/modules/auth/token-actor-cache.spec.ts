import { ChangeFeed, ChangeListener } from '../../platform/change-feed';
import { TokenActorCache } from './token-actor-cache';

function fakeFeed() {
  const listeners = new Map<string, ChangeListener[]>();
  return {
    live: true,
    on: (tables: readonly string[], listener: ChangeListener) => {
      for (const table of tables) listeners.set(table, [...(listeners.get(table) ?? []), listener]);
    },
    notify: (table: string, key?: string) => (listeners.get(table) ?? []).forEach((listener) => listener(key)),
  };
}

interface Actor {
  name: string;
  customerId: string | null;
}

describe('TokenActorCache', () => {
  const setUp = () => {
    const feed = fakeFeed();
    const cache = new TokenActorCache<Actor>(
      feed as unknown as ChangeFeed,
      'device_tokens',
      ['external_applications'],
      (a) => a.customerId,
    );
    let lookups = 0;
    const lookup =
      (actor: Actor, validUntil: number | null = null) =>
      async () => {
        lookups += 1;
        return { actor, validUntil };
      };
    return { feed, cache, lookup, lookups: () => lookups };
  };

  it('answers a known token from memory until its own row changes', async () => {
    const { feed, cache, lookup, lookups } = setUp();
    const alice = { name: 'alice', customerId: 'c1' };
    await cache.resolve('h1', lookup(alice));
    await cache.resolve('h1', lookup(alice));
    expect(lookups()).toBe(1);
    feed.notify('device_tokens', 'h2');
    await cache.resolve('h1', lookup(alice));
    expect(lookups()).toBe(1);
    feed.notify('device_tokens', 'h1');
    await cache.resolve('h1', lookup(alice));
    expect(lookups()).toBe(2);
  });

  it('drops the tokens of a customer whose state changed, and everything on an application change', async () => {
    const { feed, cache, lookup, lookups } = setUp();
    await cache.resolve('h1', lookup({ name: 'a', customerId: 'c1' }));
    await cache.resolve('h2', lookup({ name: 'b', customerId: 'c2' }));
    feed.notify('customers', 'c1');
    await cache.resolve('h1', lookup({ name: 'a', customerId: null }));
    await cache.resolve('h2', lookup({ name: 'b', customerId: 'c2' }));
    expect(lookups()).toBe(3);
    feed.notify('external_applications');
    await cache.resolve('h2', lookup({ name: 'b', customerId: 'c2' }));
    expect(lookups()).toBe(4);
  });

  it('refuses an expired token without asking the database', async () => {
    const { cache, lookup, lookups } = setUp();
    const actor = { name: 'a', customerId: null };
    expect(await cache.resolve('h1', lookup(actor, Date.now() + 60_000))).toBe(actor);
    expect(await cache.resolve('h2', lookup(actor, Date.now() - 1))).toBe(actor);
    expect(await cache.resolve('h2', lookup(actor, Date.now() - 1))).toBeNull();
    expect(lookups()).toBe(2);
  });

  it('does not remember a lookup that a change overtook', async () => {
    const { feed, cache, lookups } = setUp();
    const actor = { name: 'a', customerId: null };
    await cache.resolve('h1', async () => {
      feed.notify('device_tokens', 'h1');
      return { actor, validUntil: null };
    });
    let asked = 0;
    await cache.resolve('h1', async () => {
      asked += 1;
      return { actor, validUntil: null };
    });
    expect(asked + lookups()).toBe(1);
  });
});
