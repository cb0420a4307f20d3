// Jest runs the global setup outside its module registry, where the path aliases are not mapped.
import './path-aliases';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { loadConfig } from '../../src/config/app-config';
import { connectDatabase } from '../../src/database/database-connection';
import { runMigrations } from '../../src/database/database.module';
import { AdminContextModule } from '../../src/cli/admin-context.module';
import { ProjectSetupService } from '../../src/setup/project-setup.service';
import { TEST_SERVER_URL_ENV, TEST_TEMPLATE_ENV, databaseUrl, withAdminClient } from './test-database';

/**
 * Finds a PostgreSQL server (`DATABASE_URL`, else the embedded one in a temporary directory),
 * migrates a template database once and seeds its defaults; each test file then clones it.
 */
export default async function globalSetup(): Promise<void> {
  const dataDir = mkdtempSync(join(process.env.TESSERA_TEST_TMP ?? tmpdir(), 'tessera-test-'));
  const config = loadConfig({
    ...process.env,
    TESSERA_DATA_DIR: dataDir,
    TESSERA_EMBEDDED_PG_PORT: process.env.TESSERA_EMBEDDED_PG_PORT ?? '54339',
  });
  const connection = await connectDatabase(config, () => undefined);
  const serverUrl = connection.url;
  const template = `tessera_test_template_${process.pid}`;
  await withAdminClient(serverUrl, async (client) => {
    await client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${template}"`);
  });
  const templateUrl = databaseUrl(serverUrl, template);
  await runMigrations(templateUrl);
  const context = await NestFactory.createApplicationContext(AdminContextModule.forRoot(config, templateUrl), { logger: false });
  await context.get(ProjectSetupService).ensure({ createDemo: false });
  await context.close();
  process.env[TEST_SERVER_URL_ENV] = serverUrl;
  process.env[TEST_TEMPLATE_ENV] = template;
  (globalThis as { __tesseraDatabase?: typeof connection }).__tesseraDatabase = connection;
}
