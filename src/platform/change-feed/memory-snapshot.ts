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
    private readonly load: () => Promise<T>,
  ) {
    feed.on(tables, () => (this.value = undefined));
  }

  get(): Promise<T> {
    if (!this.feed.live) return this.load();
    if (this.value) return this.value;
    const loading = this.load();
    this.value = loading;
    loading.catch(() => {
      if (this.value === loading) this.value = undefined;
    });
    return loading;
  }
}
