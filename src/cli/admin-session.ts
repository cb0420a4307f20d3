import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../config/app-config';
import { connectDatabase } from '../database/database-connection';
import { runMigrations } from '../database/database.module';
import { ProjectSetupService } from '../setup/project-setup.service';
import { AdminContextModule } from './admin-context.module';
import { CliIo } from './cli-io';

export interface AdminSession {
  context: INestApplicationContext;
  appliedMigrations: string[];
}

/**
 * Runs `work` against the server's configuration: database (reusing a running embedded PostgreSQL),
 * pending migrations and project defaults first, so a fresh data directory works; always closes both.
 */
export async function withAdminSession<T>(io: CliIo, work: (session: AdminSession) => Promise<T>): Promise<T> {
  const config = loadConfig(io.env);
  const database = await connectDatabase(config, (line) => {
    if (config.logLevel === 'debug' || config.logLevel === 'trace') io.stderr(`${line}\n`);
  });
  try {
    const appliedMigrations = await runMigrations(database.url);
    const context = await NestFactory.createApplicationContext(AdminContextModule.forRoot(config, database.url), { logger: false });
    try {
      await context.get(ProjectSetupService).ensure({ createDemo: false });
      return await work({ context, appliedMigrations });
    } finally {
      await context.close();
    }
  } finally {
    await database.close();
  }
}
