import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError, DATABASE_RETRY_AFTER_SECONDS } from '@tessera/http';
import { RedisConnection } from '../../platform/redis/redis-connection';

/**
 * A probe must answer sooner than a balancer gives up on it, even when the database accepts connections
 * but not queries, or the pool's connections are all busy.
 */
const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** Liveness and readiness probes for process supervisors and load balancers. */
@ApiExcludeController()
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redis: RedisConnection,
  ) {}

  @Get('health')
  @HttpCode(200)
  health() {
    return { status: 'ok' };
  }

  /** Not ready while the database or a configured Redis is unreachable, so a balancer routes elsewhere; the answer names which. */
  @Get('ready')
  async ready() {
    const [database, redis] = await Promise.all([this.databaseAnswers(), this.redis.configured ? this.redis.ping() : undefined]);
    const down = [database ? null : 'the database', redis === false ? 'Redis' : null].filter((name): name is string => name !== null);
    if (down.length > 0) throw ApiError.unavailable(DATABASE_RETRY_AFTER_SECONDS, `Not ready: ${down.join(' and ')} cannot be reached`);
    return redis === undefined ? { status: 'ready', database: 'ok' } : { status: 'ready', database: 'ok', redis: 'ok' };
  }

  private async databaseAnswers(): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_TIMEOUT_MS)));
    try {
      return await Promise.race([this.dataSource.query('SELECT 1').then(() => true), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }
}
