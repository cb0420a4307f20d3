import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { loggableError } from '@tessera/core';
import { Client, Notification } from 'pg';
import { DataSource, EntityManager } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { DEFAULT_CONNECT_TIMEOUT_MS } from '../../database/connection-limits';
import { reconnectDelayMs } from './reconnect-backoff';

export const CHANGE_FEED_DATABASE_URL = Symbol('CHANGE_FEED_DATABASE_URL');
const CHANNEL = 'tessera_changes';
/** Names the listening connection, so that its own queries can be told from the pool's. */
export const CHANGE_FEED_APPLICATION_NAME = 'tessera change feed';
export const LOADER_APPLICATION_NAME = 'tessera snapshot loader';
/** Connections of the loading pool: loads are few and short, and each instance adds these to its pool's. */
export const LOADER_POOL_SIZE = 2;

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
  private closed = false;
  private listening = false;
  /**
   * The one loop that keeps a listening connection, from the first use to shutdown: it alone opens
   * connections, so any number of failures still leaves at most one.
   */
  private supervisor?: Promise<void>;
  private firstAttempt?: Promise<void>;
  /** Ends the loop's current wait (a backoff pause, or a connection that is listening) early. */
  private wake?: () => void;
  /** The sync whose notification is on its way, and the one that callers arriving meanwhile share. */
  private syncInFlight?: Promise<void>;
  private syncQueued?: Promise<void>;

  /**
   * Loads run on a pool of their own: a request may need a snapshot while its transaction holds a
   * connection, and with every connection of the main pool held so, a load from it would wait forever.
   */
  private loader?: Promise<DataSource>;

  /** The pool's bound on opening a connection, which also bounds the listening connection's attempts and syncs. */
  private readonly connectTimeoutMs: number;

  constructor(
    @Inject(CHANGE_FEED_DATABASE_URL) private readonly databaseUrl: string,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    const extra = (dataSource.options as PostgresConnectionOptions).extra as { connectionTimeoutMillis?: number } | undefined;
    this.connectTimeoutMs = extra?.connectionTimeoutMillis ?? DEFAULT_CONNECT_TIMEOUT_MS;
  }

  /** True while notifications arrive: only then may a cached value be served. */
  get live(): boolean {
    void this.connect();
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
    const options = this.dataSource.options as PostgresConnectionOptions;
    this.loader ??= new DataSource({
      ...options,
      entities: this.dataSource.entityMetadatas.map((metadata) => metadata.target),
      migrations: [],
      // The pool's connection timeout and session options hold for loads too.
      extra: { ...(options.extra as Record<string, unknown>), max: LOADER_POOL_SIZE, application_name: LOADER_APPLICATION_NAME },
    })
      .initialize()
      .catch((error: unknown) => {
        this.loader = undefined;
        throw error;
      });
    return read((await this.loader).manager);
  }

  /**
   * Starts the loop that keeps the feed listening, unless it runs already; resolves once its first
   * attempt has ended, listening or not (a failed one is retried by the loop).
   */
  connect(): Promise<void> {
    if (!this.supervisor && !this.closed) {
      let attempted!: () => void;
      this.firstAttempt = new Promise((resolve) => (attempted = resolve));
      this.supervisor = this.keepListening(attempted);
    }
    return this.firstAttempt ?? Promise.resolve();
  }

  /** Listening before the first request spares the first requests their read-through. */
  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    this.listening = false;
    this.wake?.();
    await this.supervisor;
    await this.client?.end().catch(() => undefined);
    this.client = undefined;
    const loader = await this.loader?.catch(() => undefined);
    await loader?.destroy();
  }

  /**
   * Listens, waits while the connection lasts, and after a loss or a failed attempt tries again after
   * a backoff that grows with the failures in a row.
   */
  private async keepListening(attempted: () => void): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      try {
        await this.listen();
      } catch (error) {
        attempted();
        if (this.closed) return;
        failures += 1;
        if (failures === 1) {
          this.logger.warn(`Change notifications unavailable (${loggableError(error).message}); caches read through until they are back`);
        }
        const delay = reconnectDelayMs(failures);
        await this.waitUntil((wake) => {
          const timer = setTimeout(wake, delay);
          return () => clearTimeout(timer);
        });
        continue;
      }
      attempted();
      if (failures > 0) this.logger.log(`Change notifications are back after ${failures} failed attempts`);
      failures = 0;
      // `lost` and shutdown wake this wait; a loss that came first leaves nothing to wait for.
      if (this.listening) await this.waitUntil(() => () => undefined);
    }
  }

  /** Resolves once woken (by `wake` or the timer `arm` starts); the cleanup `arm` answers runs then, so no timer outlives the wait. */
  private waitUntil(arm: (wake: () => void) => () => void): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        this.wake = undefined;
        cleanup();
        resolve();
      };
      this.wake = wake;
      const cleanup = arm(wake);
    });
  }

  /** One attempt: resolves once the new connection listens (or, closed meanwhile, is ended again); fails with the cause. */
  private async listen(): Promise<void> {
    const client = new Client({
      connectionString: this.databaseUrl,
      application_name: CHANGE_FEED_APPLICATION_NAME,
      connectionTimeoutMillis: this.connectTimeoutMs,
    });
    client.on('notification', (notification) => this.dispatch(notification));
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) throw new Error('The change feed closed while connecting');
      // Whatever was cached before this connection listened may have missed a notification.
      this.dropEverything();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.listening = true;
  }

  /**
   * A connection that stopped answering without closing (a network gone quiet) would hold every write's
   * answer: past the connection timeout it counts as lost, and caches read through until the next one listens.
   */
  private async sendSync(): Promise<void> {
    const client = this.client;
    let timer: NodeJS.Timeout | undefined;
    try {
      const unanswered = new Promise<'unanswered'>((resolve) => (timer = setTimeout(() => resolve('unanswered'), this.connectTimeoutMs)));
      if ((await Promise.race([client?.query('SELECT 1'), unanswered])) === 'unanswered' && client) this.lost(client);
    } catch {
      // A lost connection stops serving from memory altogether (see `lost`).
    } finally {
      clearTimeout(timer);
      this.syncInFlight = undefined;
    }
  }

  /** The listening connection failed or ended: it is closed for good, and the loop opens another. */
  private lost(client: Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.listening = false;
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn('Change notifications connection lost; caches read through until it is back');
    this.wake?.();
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
