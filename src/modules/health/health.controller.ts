import { Controller, Get, HttpCode } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ApiError } from '@tessera/http';
import { RedisConnection } from '../../platform/redis/redis-connection';

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

  /** Not ready while the database or a configured Redis is unreachable, so a balancer routes elsewhere. */
  @Get('ready')
  async ready() {
    try {
      await this.dataSource.query('SELECT 1');
    } catch {
      throw ApiError.unavailable(5, 'The database is not reachable');
    }
    if (!this.redis.configured) return { status: 'ready', database: 'ok' };
    if (!(await this.redis.ping())) throw ApiError.unavailable(5, 'Redis is not reachable');
    return { status: 'ready', database: 'ok', redis: 'ok' };
  }
}
