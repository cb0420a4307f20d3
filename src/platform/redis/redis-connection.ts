import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CircuitBreaker } from './redis-circuit-breaker';
import { withinTimeout } from './redis-timeout';

const CONNECT_WAIT_MS = 2_000;
const PROBE_INTERVAL_MS = 1_000;

/**
 * The one Redis connection an instance keeps when `REDIS_URL` is set. Every command gives up after
 * `TESSERA_REDIS_TIMEOUT`, and the first failure or timeout opens a circuit breaker: from then on
 * `available` is false, so callers use in-memory state at once instead of each waiting out a timeout on a
 * Redis that is down or frozen. A PING probes it in the background; once one answers in time, the recovery
 * listeners catch Redis up and shared state resumes.
 *
 * The connection is kept across a stall rather than dropped: ioredis matches replies to commands in order,
 * and a timed-out command still takes its reply, so later replies stay with their own commands. Keeping it
 * also means the probe's PONG arrives only after Redis has run everything sent before it, so the recovery
 * flush that follows removes whatever those late writes left behind.
 */
@Injectable()
export class RedisConnection implements OnModuleInit, OnModuleDestroy {
  readonly client: Redis | null;
  readonly keyPrefix: string;
  private readonly logger = new Logger('Redis');
  private readonly recoveryListeners: (() => Promise<void>)[] = [];
  private readonly breaker: CircuitBreaker;
  private readonly timeoutMs: number;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.keyPrefix = config.redisPrefix;
    this.timeoutMs = config.redisTimeoutMs;
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          lazyConnect: true,
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          connectTimeout: CONNECT_WAIT_MS,
          retryStrategy: (attempt) => Math.min(attempt * 250, 5_000),
        })
      : null;
    this.breaker = new CircuitBreaker(
      {
        probe: () => this.answersPing(),
        recover: () => this.runRecoveryListeners(),
        opened: (reason) =>
          this.logger.warn(`Redis is unreachable (${reason.message}); caching in memory and limiting per instance until it is back`),
        closed: () => this.logger.log('Redis is reachable again; cache and rate limits are shared again'),
      },
      PROBE_INTERVAL_MS,
    );
    this.client?.on('error', (error: Error) => this.markUnavailable(error));
    this.client?.on('close', () => this.markUnavailable(new Error('Connection closed')));
    this.client?.on('ready', () => this.breaker.probeNow());
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
    this.breaker.stop();
    this.client?.disconnect(false);
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /** Whether shared state can be used right now. */
  get available(): boolean {
    return this.client?.status === 'ready' && this.breaker.isClosed;
  }

  /**
   * Registers work that catches Redis up when it is back after an outage (e.g. dropping answers cached
   * meanwhile). It runs before callers use Redis again; if it fails, Redis stays bypassed and is probed again.
   */
  onRecovery(listener: () => Promise<void>): void {
    this.recoveryListeners.push(listener);
  }

  /** Called by users of the connection when a command failed or timed out, so every caller bypasses Redis at once. */
  markUnavailable(error: Error): void {
    if (this.configured) this.breaker.trip(error);
  }

  /**
   * Runs commands on the shared connection while it is available; a failure or timeout opens the breaker
   * before it reaches the caller, who then falls back to in-memory state.
   */
  async use<T>(commands: (client: Redis) => Promise<T>): Promise<T> {
    if (!this.client || !this.available) throw new Error('Redis is not available');
    try {
      return await this.inTime(commands(this.client));
    } catch (error) {
      this.markUnavailable(error as Error);
      throw error;
    }
  }

  /**
   * Runs commands of a recovery listener: Redis has answered a probe but callers still bypass it, so only
   * the timeout applies. A failure keeps the breaker open and Redis is probed again.
   */
  async useWhileRecovering<T>(commands: (client: Redis) => Promise<T>): Promise<T> {
    if (!this.client) throw new Error('Redis is not configured');
    return this.inTime(commands(this.client));
  }

  /** Whether shared state answers now: `use` bounds the PING by the command timeout and opens the breaker if it fails. */
  async ping(): Promise<boolean> {
    try {
      return (await this.use((client) => client.ping())) === 'PONG';
    } catch {
      return false;
    }
  }

  private async answersPing(): Promise<boolean> {
    return this.client?.status === 'ready' && (await this.inTime(this.client.ping())) === 'PONG';
  }

  private async runRecoveryListeners(): Promise<void> {
    for (const listener of this.recoveryListeners) await listener();
  }

  private inTime<T>(command: Promise<T>): Promise<T> {
    return withinTimeout(command, this.timeoutMs, 'Redis');
  }
}
