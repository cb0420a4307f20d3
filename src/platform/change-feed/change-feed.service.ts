import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Client, Notification } from 'pg';
import { DataSource, EntityManager } from 'typeorm';

export const CHANGE_FEED_DATABASE_URL = Symbol('CHANGE_FEED_DATABASE_URL');
const CHANNEL = 'tessera_changes';
const RECONNECT_DELAY_MS = 1_000;
/** Names the listening connection, so that its own queries can be told from the pool's. */
export const CHANGE_FEED_APPLICATION_NAME = 'tessera change feed';

/** Whether a pg client is a change feed's listening connection rather than a pool's: statement counts leave it out. */
export function isChangeFeedClient(client: unknown): boolean {
  return (
    (client as { connectionParameters?: { application_name?: string } }).connectionParameters?.application_name ===
    CHANGE_FEED_APPLICATION_NAME
  );
}

/** Called with the changed row's key when the notification names one, otherwise with undefined (drop everything). */
export type ChangeListener = (key: string | undefined) => void;

/**
 * The database's change notifications for this process (decision 29). Triggers notify inside the
 * writing transaction, so an instance hears of a write as it commits. In-memory copies may be served
 * only while the feed is live: until it listens, and after its connection drops, they read through to
 * the database, and every listener is told to drop everything when it listens again, since
 * notifications sent meanwhile are lost.
 */
@Injectable()
export class ChangeFeed implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ChangeFeed.name);
  private readonly listeners = new Map<string, Set<ChangeListener>>();
  private client?: Client;
  private connecting?: Promise<void>;
  private closed = false;
  private listening = false;
  /** The sync whose notification is on its way, and the one that callers arriving meanwhile share. */
  private syncInFlight?: Promise<void>;
  private syncQueued?: Promise<void>;

  /**
   * Loads run on a pool of their own: a request may need a snapshot while its transaction holds a
   * connection, and with every connection of the main pool held so, a load from it would wait forever.
   */
  private loader?: Promise<DataSource>;

  constructor(
    @Inject(CHANGE_FEED_DATABASE_URL) private readonly databaseUrl: string,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** True while notifications arrive: only then may a cached value be served. */
  get live(): boolean {
    if (!this.listening && !this.closed) void this.connect();
    return this.listening;
  }

  /** Calls `listener` on every change to `tables`. */
  on(tables: readonly string[], listener: ChangeListener): void {
    for (const table of tables) {
      let set = this.listeners.get(table);
      if (!set) this.listeners.set(table, (set = new Set()));
      set.add(listener);
    }
  }

  /**
   * Resolves once this process has heard every change committed before the call. A commit signals the
   * listening sessions before it answers its own client, and an idle session hands over the notifications
   * it was signalled before it answers its next query: the answer to a trivial query on the listening
   * connection comes after them. A write answers only after this, so the instance that acknowledged it
   * never serves what it replaced.
   */
  sync(): Promise<void> {
    if (!this.listening) return Promise.resolve();
    if (!this.syncInFlight) return (this.syncInFlight = this.sendSync());
    // The sync in flight may have been sent before the caller's commit: share the next one.
    this.syncQueued ??= this.syncInFlight.then(() => {
      this.syncQueued = undefined;
      return (this.syncInFlight = this.sendSync());
    });
    return this.syncQueued;
  }

  /** Runs a snapshot's load on the loading pool. */
  async load<T>(read: (manager: EntityManager) => Promise<T>): Promise<T> {
    this.loader ??= new DataSource({
      ...this.dataSource.options,
      entities: this.dataSource.entityMetadatas.map((metadata) => metadata.target),
      migrations: [],
      extra: { max: 2 },
    })
      .initialize()
      .catch((error: unknown) => {
        this.loader = undefined;
        throw error;
      });
    return read((await this.loader).manager);
  }

  /** Starts listening; resolves once notifications are being received (or the attempt failed and will be retried). */
  connect(): Promise<void> {
    this.connecting ??= this.listen().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  /** Listening before the first request spares the first requests their read-through. */
  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.listening = false;
    await this.connecting?.catch(() => undefined);
    await this.client?.end().catch(() => undefined);
    const loader = await this.loader?.catch(() => undefined);
    await loader?.destroy();
  }

  private async listen(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: CHANGE_FEED_APPLICATION_NAME });
    client.on('notification', (notification) => this.dispatch(notification));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.logger.warn(`Change notifications unavailable (${(error as Error).name}); caches read through until they are`);
      this.retryLater();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Whatever was cached before this connection listened may have missed a notification.
    this.dropEverything();
    this.listening = true;
  }

  private async sendSync(): Promise<void> {
    try {
      await this.client?.query('SELECT 1');
    } catch {
      // A lost connection stops serving from memory altogether (see `lost`).
    } finally {
      this.syncInFlight = undefined;
    }
  }

  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    if (this.closed) return;
    this.logger.warn('Change notifications connection lost; caches read through until it is back');
    this.retryLater();
  }

  private retryLater(): void {
    if (this.closed) return;
    setTimeout(() => void this.connect(), RECONNECT_DELAY_MS).unref();
  }

  private dispatch(notification: Notification): void {
    const payload = notification.payload ?? '';
    const separator = payload.indexOf(':');
    const table = separator < 0 ? payload : payload.slice(0, separator);
    const key = separator < 0 ? undefined : payload.slice(separator + 1);
    for (const listener of this.listeners.get(table) ?? []) listener(key);
  }

  private dropEverything(): void {
    for (const set of this.listeners.values()) for (const listener of set) listener(undefined);
  }
}
