import { EntityManager } from 'typeorm';
import { ChangeFeed, ChangeListener } from './change-feed.service';
import { MemorySnapshot } from './memory-snapshot';

/** A feed whose notifications and liveness the test drives; loads get no real manager. */
function fakeFeed() {
  const listeners = new Map<string, ChangeListener[]>();
  const feed = {
    live: true,
    on: (tables: readonly string[], listener: ChangeListener) => {
      for (const table of tables) listeners.set(table, [...(listeners.get(table) ?? []), listener]);
    },
    load: <T>(read: (manager: EntityManager) => Promise<T>) => read({} as EntityManager),
    notify: (table: string) => (listeners.get(table) ?? []).forEach((listener) => listener(undefined)),
  };
  return feed;
}

describe('MemorySnapshot', () => {
  it('loads once while nothing changes, and again after a change to one of its tables', async () => {
    const feed = fakeFeed();
    let loads = 0;
    const snapshot = new MemorySnapshot(feed as unknown as ChangeFeed, ['stores'], async () => ++loads);
    expect([await snapshot.get(), await snapshot.get()]).toEqual([1, 1]);
    feed.notify('countries');
    expect(await snapshot.get()).toBe(1);
    feed.notify('stores');
    expect(await snapshot.get()).toBe(2);
  });

  it('does not keep a load that a change overtook', async () => {
    const feed = fakeFeed();
    let loads = 0;
    let release: () => void = () => undefined;
    const snapshot = new MemorySnapshot(feed as unknown as ChangeFeed, ['stores'], async () => {
      const load = ++loads;
      if (load === 1) await new Promise<void>((resolve) => (release = resolve));
      return load;
    });
    const first = snapshot.get();
    feed.notify('stores');
    release();
    expect(await first).toBe(1);
    expect(await snapshot.get()).toBe(2);
  });

  it('reads through to the database while the feed is not listening', async () => {
    const feed = fakeFeed();
    feed.live = false;
    let loads = 0;
    const snapshot = new MemorySnapshot(feed as unknown as ChangeFeed, ['stores'], async () => ++loads);
    expect([await snapshot.get(), await snapshot.get()]).toEqual([1, 2]);
  });

  it('forgets a failed load', async () => {
    const feed = fakeFeed();
    let loads = 0;
    const snapshot = new MemorySnapshot(feed as unknown as ChangeFeed, ['stores'], async () => {
      if (++loads === 1) throw new Error('database away');
      return loads;
    });
    await expect(snapshot.get()).rejects.toThrow('database away');
    expect(await snapshot.get()).toBe(2);
  });
});
