import { DynamicModule, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ApiInterface, INTERFACE_BASE_PATHS, OPERATOR_BASE_PATH } from '@tessera/http';
import { isPoolWorker, startWorkers } from './cluster/worker-pool';
import { AppConfig, SETTINGS, loadConfig } from './config/app-config';
import { AppConfigModule } from './config/app-config.module';
import { connectDatabase } from './database/database-connection';
import { DatabaseModule, runMigrations } from './database/database.module';
import { DOCS_PATHS, OPERATOR_DOCS_PATH, closeGracefully, createHttpApp } from './http/create-http-app';
import { GUIDE_PREFIX, findGuideSite } from './http/guide-site';
import { TlsMaterial, loadTlsMaterial } from './http/tls';
import { DemoCredentials } from './modules/auth';
import { LiveSettings, withOperatorSettings } from './platform/live-settings';
import { AppLogger } from './platform/logging/app-logger';
import { ProjectSetupService } from './setup/project-setup.service';
import { SetupModule } from './setup/setup.module';
import { startBackgroundWorker } from './worker/background-worker';

/** What serves requests once the database is ready: this process, or a pool of workers. */
interface Serving {
  demo: DemoCredentials | null;
  stop(): Promise<void>;
}

/**
 * Starts Tessera: database (embedded unless configured), migrations, defaults, then HTTPS, in this
 * process or in `TESSERA_WORKERS` worker processes sharing the port.
 */
export async function serve(): Promise<void> {
  const startConfig = loadConfig();
  const logger = new AppLogger(startConfig.logLevel, 'Tessera');
  if (isPoolWorker()) return serveAsWorker(startConfig, logger);

  // The server drains its requests on SIGTERM/SIGINT before it stops an embedded PostgreSQL itself.
  const database = await connectDatabase(startConfig, (line) => logger.debug(line, 'PostgreSQL'), { stopsOnSignals: true });
  const applied = await runMigrations(database.url);
  logMigrations(logger, applied);
  const config = await withOperatorSettings(startConfig, database.url);
  logger.setLevel(config.logLevel);
  // Loaded before any worker starts, so that all of them find and share one self-signed certificate.
  const tls = config.plainHttp ? undefined : await loadTlsMaterial(config);

  const serving =
    config.workers === 1 ? await serveInThisProcess(config, database.url, tls) : await serveInWorkers(config, database.url, logger);
  process.stdout.write(startupLines(config, database.embedded, tls, serving.demo).join('\n') + '\n');
  onShutdownSignal(logger, async () => {
    await serving.stop();
    await database.close();
  });
}

async function serveInThisProcess(config: AppConfig, databaseUrl: string, tls: TlsMaterial | undefined): Promise<Serving> {
  const app = await createHttpApp({ config, databaseUrl, tls });
  const demo = await app.get(ProjectSetupService).ensure({ createDemo: true });
  await app.listen({ port: config.port, host: config.host });
  return { demo, stop: () => closeGracefully(app) };
}

/** The project setup runs here once, so the workers only serve (and the demo credentials print once). */
async function serveInWorkers(config: AppConfig, databaseUrl: string, logger: AppLogger): Promise<Serving> {
  const demo = await setUpProject(config, databaseUrl, logger);
  const workers = await startWorkers(config.workers, { [SETTINGS.databaseUrl.env]: databaseUrl }, logger);
  return { demo, stop: () => workers.stop() };
}

/** Project setup in an application context of its own, without the HTTP layer. */
async function setUpProject(config: AppConfig, databaseUrl: string, logger: AppLogger): Promise<DemoCredentials | null> {
  const context = await NestFactory.createApplicationContext(ProjectSetupContextModule.forRoot(config, databaseUrl), {
    logger,
    abortOnError: false,
  });
  try {
    return await context.get(ProjectSetupService).ensure({ createDemo: true });
  } finally {
    await context.close();
  }
}

@Module({})
class ProjectSetupContextModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: ProjectSetupContextModule,
      imports: [AppConfigModule.forRoot(config), DatabaseModule.forRoot(databaseUrl, config.databaseConnectTimeoutSeconds), SetupModule],
    };
  }
}

/** A worker of the pool: the primary has started and migrated the database (named by DATABASE_URL) and set the project up. */
async function serveAsWorker(startConfig: AppConfig, logger: AppLogger): Promise<void> {
  const config = await withOperatorSettings(startConfig, startConfig.databaseUrl);
  const tls = config.plainHttp ? undefined : await loadTlsMaterial(config);
  const app = await createHttpApp({ config, databaseUrl: config.databaseUrl, tls });
  await app.listen({ port: config.port, host: config.host });
  onShutdownSignal(logger, () => closeGracefully(app));
}

/**
 * `tessera worker`: sends webhooks and queued messages without serving HTTP, for operators who scale
 * the senders apart from the servers (which then run with `TESSERA_WEBHOOK_POLL` and `TESSERA_MESSAGE_POLL` at 0).
 */
export async function work(): Promise<void> {
  const startConfig = loadConfig();
  const logger = new AppLogger(startConfig.logLevel, 'Tessera');
  const database = await connectDatabase(startConfig, (line) => logger.debug(line, 'PostgreSQL'), { stopsOnSignals: true });
  const applied = await runMigrations(database.url);
  logMigrations(logger, applied);
  const config = await withOperatorSettings(startConfig, database.url);
  logger.setLevel(config.logLevel);
  const worker = await startBackgroundWorker(config, database.url, logger);
  worker.get(LiveSettings).onChange(['logLevel'], () => logger.setLevel(config.logLevel));
  const every = (seconds: number) => (seconds > 0 ? `every ${seconds}s` : 'never (0)');
  process.stdout.write(
    `Tessera worker: webhooks ${every(config.webhookPollSeconds)}, messages ${every(config.messagePollSeconds)}` +
      `, figures ${every(config.figuresPollSeconds)}, birthdays ${every(config.birthdayPollSeconds)}, statuses ${every(config.statusPollSeconds)}, segments ${every(config.segmentPollSeconds)}` +
      `${database.embedded ? ' (embedded PostgreSQL in ' + config.dataDir + ')' : ''}\n`,
  );
  onShutdownSignal(logger, async () => {
    await worker.close();
    await database.close();
  });
}

/** One line at info however many migrations ran (a first start runs them all); their names at debug. */
function logMigrations(logger: AppLogger, applied: string[]): void {
  if (applied.length === 0) return;
  logger.log(`Database: applied ${applied.length} migration${applied.length === 1 ? '' : 's'}, up to ${applied.at(-1)}`);
  logger.debug(`Applied migrations: ${applied.join(', ')}`);
}

/** On SIGTERM or SIGINT (both reach every process of a terminal's Ctrl-C, hence once only): stops, then exits. */
function onShutdownSignal(logger: AppLogger, stop: () => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: finishing in-flight requests`);
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function startupLines(config: AppConfig, embeddedDatabase: boolean, tls: TlsMaterial | undefined, demo: DemoCredentials | null): string[] {
  const scheme = tls ? 'https' : 'http';
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const origin = `${scheme}://${host}:${config.port}`;
  const workers = config.workers > 1 ? ` with ${config.workers} workers` : '';
  const lines = [
    `Tessera is listening on ${origin}${workers}${embeddedDatabase ? ' (embedded PostgreSQL in ' + config.dataDir + ')' : ''}`,
    `  Enterprise interface: ${origin}/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`,
    `  Customer interface:   ${origin}/${INTERFACE_BASE_PATHS[ApiInterface.Customer]}`,
    `  Swagger UI:           ${origin}/${DOCS_PATHS[ApiInterface.Enterprise]} and ${origin}/${DOCS_PATHS[ApiInterface.Customer]}`,
    `  Operator API:         ${origin}/${OPERATOR_BASE_PATH} (Swagger UI ${origin}/${OPERATOR_DOCS_PATH})`,
  ];
  if (findGuideSite()) lines.push(`  Documentation:        ${origin}${GUIDE_PREFIX}/`);
  if (tls?.selfSigned) lines.push('  TLS: self-signed certificate (use curl -k, or configure TESSERA_TLS_CERT_FILE/KEY_FILE)');
  if (demo) {
    lines.push(
      'First start: demo credentials (shown once)',
      `  Enterprise external application id: ${demo.enterpriseApplicationId}`,
      `  Customer external application id:   ${demo.customerApplicationId}`,
      `  API user login: ${demo.login}`,
      `  API user password: ${demo.password}`,
      '  (the demo user is also the operator API owner)',
    );
  }
  return lines;
}
