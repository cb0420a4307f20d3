import { EntityManager } from 'typeorm';
import { ChangeFeed } from './change-feed.service';

/**
 * A value built from some tables, held in memory and rebuilt after any change to them. A load that a
 * change overtakes is not kept, so no request after the change is served what was read before it.
 */
export class MemorySnapshot<T> {
  private value?: Promise<T>;

  constructor(
    private readonly feed: ChangeFeed,
    tables: readonly string[],
    private readonly read: (manager: EntityManager) => Promise<T>,
  ) {
    feed.on(tables, () => (this.value = undefined));
  }

  get(): Promise<T> {
    if (!this.feed.live) return this.feed.load(this.read);
    if (this.value) return this.value;
    const loading = this.feed.load(this.read);
    this.value = loading;
    loading.catch(() => {
      if (this.value === loading) this.value = undefined;
    });
    return loading;
  }
}

/** The rows of a definition table by id, held as a `MemorySnapshot`. */
export function snapshotById<T>(
  feed: ChangeFeed,
  tables: readonly string[],
  read: (manager: EntityManager) => Promise<T[]>,
  idOf: (row: T) => string,
): MemorySnapshot<Map<string, T>> {
  return new MemorySnapshot(feed, tables, async (manager) => new Map((await read(manager)).map((row) => [idOf(row), row])));
}
