import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { CHANGE_FEED_DATABASE_URL, ChangeFeed } from '../platform/change-feed/change-feed.service';
import { LiveSettings } from '../platform/live-settings/live-settings.service';
import { DEFAULT_CONNECT_TIMEOUT_MS, POOL_SIZE } from './connection-limits';

/** Names the pool's sessions in `pg_stat_activity`, so an operator can tell the server's connections from others. */
export const POOL_APPLICATION_NAME = 'tessera';

/**
 * `connectTimeoutMs` bounds both the wait for a free connection and the opening of a new one, so while
 * the database is down a request fails within it (and answers 503). The pool drops a connection that
 * failed and opens new ones as they are needed: it never holds more than its size and needs no
 * reconnecting of its own once the database is back.
 */
export function dataSourceOptions(url: string, connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    // TypeORM's logger prints failed queries with their parameters (the row's personal data); errors
    // reach the log only through the exception filter, which names the SQLSTATE and constraint instead.
    logging: false,
    // The hot paths' statements are named prepared statements (`preparedQuery`): their plans are kept
    // per connection instead of being made again for every call's values. Unnamed statements are
    // planned per call as before.
    extra: {
      max: POOL_SIZE,
      connectionTimeoutMillis: connectTimeoutMs,
      application_name: POOL_APPLICATION_NAME,
      options: '-c plan_cache_mode=force_generic_plan',
    },
  };
}

/** Applies every pending migration; the server runs this at start and `tessera migrate` on demand. */
export async function runMigrations(url: string): Promise<string[]> {
  const dataSource = new DataSource(dataSourceOptions(url));
  await dataSource.initialize();
  try {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await dataSource.destroy();
  }
}

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(url: string, connectTimeoutSeconds: number): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(url, connectTimeoutSeconds * 1000), autoLoadEntities: true })],
      // Settings that apply at once follow the database's change feed wherever it is reached.
      providers: [{ provide: CHANGE_FEED_DATABASE_URL, useValue: url }, ChangeFeed, LiveSettings],
      exports: [ChangeFeed, LiveSettings],
    };
  }
}
