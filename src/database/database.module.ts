import { DynamicModule, Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../migrations';
import { CHANGE_FEED_DATABASE_URL, ChangeFeed } from '../platform/change-feed/change-feed.service';

export function dataSourceOptions(url: string): DataSourceOptions {
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
    extra: { max: 10, options: '-c plan_cache_mode=force_generic_plan' },
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
  static forRoot(url: string): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [TypeOrmModule.forRoot({ ...dataSourceOptions(url), autoLoadEntities: true })],
      providers: [{ provide: CHANGE_FEED_DATABASE_URL, useValue: url }, ChangeFeed],
      exports: [ChangeFeed],
    };
  }
}
