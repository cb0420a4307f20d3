import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';

const CONNECT_WAIT_MS = 2_000;

/**
 * The one Redis connection an instance keeps when `REDIS_URL` is set. Commands fail at once while Redis
 * is away (no offline queue), so callers fall back to in-memory state instead of waiting; the client keeps
 * reconnecting in the background and shared state resumes when it is back.
 */
@Injectable()
export class RedisConnection implements OnModuleInit, OnModuleDestroy {
  readonly client: Redis | null;
  readonly keyPrefix: string;
  private readonly logger = new Logger('Redis');
  private degraded = false;
  private readonly recoveryListeners: (() => void)[] = [];

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.keyPrefix = config.redisPrefix;
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: CONNECT_WAIT_MS,
          retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
        })
      : null;
    this.client?.on('error', (error: Error) => this.markUnavailable(error));
    this.client?.on('ready', () => this.markAvailable());
  }

  /** Waits briefly for a configured Redis so a healthy deployment starts with shared state. */
  async onModuleInit(): Promise<void> {
    if (!this.client) return;
    try {
      await this.client.connect();
    } catch (error) {
      this.markUnavailable(error as Error);
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.client?.disconnect(false);
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** Whether shared state can be used right now. */
  get available(): boolean {
    return this.client?.status === 'ready';
  }

  /** Registers work to do when Redis comes back after an outage (e.g. dropping answers cached meanwhile). */
  onRecovery(listener: () => void): void {
    this.recoveryListeners.push(listener);
  }

  /** Called by users of the connection when a command failed, so the outage is reported once. */
  markUnavailable(error: Error): void {
    if (this.degraded) return;
    this.degraded = true;
    this.logger.warn(`Redis is unreachable (${error.message}); caching in memory and limiting per instance until it is back`);
  }

  async ping(timeoutMs = 1_000): Promise<boolean> {
    if (!this.client || !this.available) return false;
    let timer: NodeJS.Timeout | undefined;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('Redis did not answer PING in time')), timeoutMs);
      });
      return (await Promise.race([this.client.ping(), timeout])) === 'PONG';
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  private markAvailable(): void {
    if (!this.degraded) return;
    this.degraded = false;
    this.logger.log('Redis is reachable again; cache and rate limits are shared again');
    for (const listener of this.recoveryListeners) listener();
  }
}
