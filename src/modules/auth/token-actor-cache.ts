import { ChangeFeed } from '../../platform/change-feed';

/** Enough for every live session of a large project; past it the oldest entries go first. */
const MAX_ENTRIES = 100_000;

interface CachedActor<A> {
  actor: A;
  /** Epoch ms after which the token is no longer valid, or null. */
  validUntil: number | null;
}

/**
 * Token hash -> actor, so an authenticated request needs no round trip (decision 29). The token's own
 * row notifies its hash when it changes (logout, revocation, customer bound or unbound); the tables
 * in `flushTables` (users, applications, permissions) drop every entry; a customer who stops being
 * active drops the entries of the tokens they are logged in on.
 */
export class TokenActorCache<A> {
  private readonly entries = new Map<string, CachedActor<A>>();
  /** Bumped by every change, so a lookup that a change overtook is not cached. */
  private generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    tokenTable: string,
    flushTables: readonly string[],
    private readonly customerOf: (actor: A) => string | null,
  ) {
    feed.on([tokenTable], (tokenHash) => this.drop((hash) => tokenHash === undefined || hash === tokenHash));
    feed.on(flushTables, () => this.drop(() => true));
    feed.on(['customers'], (customerId) =>
      this.drop((_, entry) => customerId === undefined || this.customerOf(entry.actor) === customerId),
    );
  }

  /** The actor of `tokenHash`, from memory when it may be, otherwise from `lookup` (remembered when it is still current). */
  async resolve(tokenHash: string, lookup: () => Promise<CachedActor<A> | null>): Promise<A | null> {
    const live = this.feed.live;
    const cached = live ? this.entries.get(tokenHash) : undefined;
    if (cached) {
      if (cached.validUntil === null || cached.validUntil > Date.now()) return cached.actor;
      this.entries.delete(tokenHash);
      return null;
    }
    const generation = this.generation;
    const found = await lookup();
    if (!found) return null;
    if (live && this.feed.live && generation === this.generation) this.remember(tokenHash, found);
    return found.actor;
  }

  private remember(tokenHash: string, entry: CachedActor<A>): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(tokenHash, entry);
  }

  private drop(matches: (tokenHash: string, entry: CachedActor<A>) => boolean): void {
    this.generation++;
    for (const [hash, entry] of this.entries) if (matches(hash, entry)) this.entries.delete(hash);
  }
}
