import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../config/app-config';
import { connectDatabase } from '../database/database-connection';
import { runMigrations } from '../database/database.module';
import { ProjectSetupService } from '../setup/project-setup.service';
import { AdminContextModule } from './admin-context.module';
import { CliIo } from './cli-io';
import type { ProgressBar } from './progress-bar';

export interface AdminSession {
  context: INestApplicationContext;
  appliedMigrations: string[];
}

/** The steps a session takes before `work`, for commands whose progress bar counts them. */
export const ADMIN_SESSION_STEPS = 3;

/**
 * Runs `work` against the server's configuration: database (reusing a running embedded PostgreSQL),
 * pending migrations and project defaults first, so a fresh data directory works; always closes both.
 * Starting an embedded PostgreSQL and migrating a large database take long, so `progress` names those steps.
 */
export async function withAdminSession<T>(io: CliIo, work: (session: AdminSession) => Promise<T>, progress?: ProgressBar): Promise<T> {
  const config = loadConfig(io.env);
  progress?.step('opening the database');
  const database = await connectDatabase(config, (line) => {
    if (config.logLevel === 'debug' || config.logLevel === 'trace') io.stderr(`${line}\n`);
  });
  try {
    progress?.step('applying migrations');
    const appliedMigrations = await runMigrations(database.url);
    const context = await NestFactory.createApplicationContext(AdminContextModule.forRoot(config, database.url), { logger: false });
    try {
      progress?.step('ensuring project defaults');
      await context.get(ProjectSetupService).ensure({ createDemo: false });
      return await work({ context, appliedMigrations });
    } finally {
      await context.close();
    }
  } finally {
    await database.close();
  }
}
