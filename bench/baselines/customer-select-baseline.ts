import { Controller, DynamicModule, Get, Inject, Module, NotFoundException, Param } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { createHash } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { Pool } from 'pg';
import { dataSourceOptions } from '../../src/database/database.module';
import { Baseline } from '../bench-suite';
import { measureHttp } from '../http-load-runner';
import { countSeparately, StatementTally } from '../statement-counter';
import { PROBE } from '../suites/customers.bench';

const NAME = 'baseline nest-pg-select: bare NestJS, pg customer SELECT';
const CUSTOMER_POOL = Symbol('CUSTOMER_POOL');
const CUSTOMER_SELECT = 'SELECT * FROM customers WHERE customer_id = $1';

@Controller('customers')
class CustomerSelectController {
  constructor(@Inject(CUSTOMER_POOL) private readonly pool: Pool) {}

  @Get(':customerId')
  async customer(@Param('customerId') customerId: string): Promise<Record<string, unknown>> {
    const { rows } = await this.pool.query<Record<string, unknown>>(CUSTOMER_SELECT, [customerId]);
    if (rows.length === 0) throw new NotFoundException();
    return rows[0];
  }
}

@Module({ controllers: [CustomerSelectController] })
export class CustomerSelectModule {
  static withPool(pool: Pool): DynamicModule {
    return { module: CustomerSelectModule, providers: [{ provide: CUSTOMER_POOL, useValue: pool }] };
  }
}

/** The app's pool size (TypeORM hands `extra` to its `pg.Pool`; pg's default is 10), so both queue alike. */
export function appPoolSize(databaseUrl: string): number {
  const extra = (dataSourceOptions(databaseUrl) as { extra?: { max?: number } }).extra;
  return extra?.max ?? 10;
}

/**
 * A bare NestJS-on-Fastify app (no guards, pipes or interceptors) reading the customers suite's probe
 * customer by primary key through `pg`: what any read by id costs before the app's own work.
 */
export const customerSelectBaseline: Baseline = {
  name: NAME,
  async measure({ databaseUrl, log }) {
    const tally = new StatementTally();
    const pool = new Pool({ connectionString: databaseUrl, max: appPoolSize(databaseUrl) });
    pool.on('connect', (client) => countSeparately(client, tally));
    const app = await NestFactory.create<NestFastifyApplication>(CustomerSelectModule.withPool(pool), new FastifyAdapter(), {
      logger: false,
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const customerId = createHash('md5').update(`bench-customer-${PROBE}`).digest('hex');
      const probe = await pool.query(CUSTOMER_SELECT, [customerId]);
      if (probe.rowCount === 0)
        log(`The probe customer ${customerId} is missing (the customers suite generates it): the baseline answers 404.`);
      const url = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}/customers/${customerId}`;
      return await measureHttp({ name: NAME, url }, tally);
    } finally {
      await app.close();
      await pool.end();
    }
  },
};
