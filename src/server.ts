import { ConsoleLogger } from '@nestjs/common';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { loadConfig } from './config/app-config';
import { connectDatabase } from './database/database-connection';
import { runMigrations } from './database/database.module';
import { DOCS_PATHS, closeGracefully, createHttpApp, nestLogLevels } from './http/create-http-app';
import { loadTlsMaterial } from './http/tls';
import { ProjectSetupService } from './setup/project-setup.service';

/** Starts Tessera: database (embedded unless configured), migrations, defaults, then HTTPS. */
export async function serve(): Promise<void> {
  const config = loadConfig();
  const logger = new ConsoleLogger('Tessera', { json: true, logLevels: nestLogLevels(config.logLevel) });
  const database = await connectDatabase(config, (line) => logger.debug(line, 'PostgreSQL'));
  const applied = await runMigrations(database.url);
  if (applied.length > 0) logger.log(`Applied migrations: ${applied.join(', ')}`);

  const tls = config.plainHttp ? undefined : await loadTlsMaterial(config);
  const app = await createHttpApp({ config, databaseUrl: database.url, tls });
  const demo = await app.get(ProjectSetupService).ensure({ createDemo: true });
  await app.listen({ port: config.port, host: config.host });

  const scheme = tls ? 'https' : 'http';
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const origin = `${scheme}://${host}:${config.port}`;
  const lines = [
    `Tessera is listening on ${origin}${database.embedded ? ' (embedded PostgreSQL in ' + config.dataDir + ')' : ''}`,
    `  Enterprise interface: ${origin}/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`,
    `  Customer interface:   ${origin}/${INTERFACE_BASE_PATHS[ApiInterface.Customer]}`,
    `  Swagger UI:           ${origin}/${DOCS_PATHS[ApiInterface.Enterprise]} and ${origin}/${DOCS_PATHS[ApiInterface.Customer]}`,
  ];
  if (tls?.selfSigned) lines.push('  TLS: self-signed certificate (use curl -k, or configure TESSERA_TLS_CERT_FILE/KEY_FILE)');
  if (demo) {
    lines.push(
      'First start: demo credentials (shown once)',
      `  Enterprise external application id: ${demo.enterpriseApplicationId}`,
      `  Customer external application id:   ${demo.customerApplicationId}`,
      `  API user login: ${demo.login}`,
      `  API user password: ${demo.password}`,
    );
  }
  process.stdout.write(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: finishing in-flight requests`);
    await closeGracefully(app);
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
