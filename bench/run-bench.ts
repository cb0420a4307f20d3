import { randomBytes } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { loadConfig } from '../src/config/app-config';
import { connectDatabase } from '../src/database/database-connection';
import { runMigrations } from '../src/database/database.module';
import { closeGracefully, createHttpApp } from '../src/http/create-http-app';
import { ApiUserService, ExternalApplicationService } from '../src/modules/auth';
import { ProjectSetupService } from '../src/setup/project-setup.service';
import { BASELINES } from './baselines';
import { BENCH_SECONDS, WARM_UP_SECONDS } from './bench-settings';
import { BaselineKind, BenchContext, BenchSuite, Measurement } from './bench-suite';
import { measureHttp } from './http-load-runner';
import { formatTable, ResultRow } from './results-table';
import { appStatements, installStatementCounter } from './statement-counter';
import { BENCH_SUITES } from './suites';

/**
 * Load-tests the suites in `bench/suites` on the configured database. Each row is compared with its own
 * baseline (see `BaselineKind`), measured in the same run, and shows the SQL statements it ran per request.
 * autocannon runs in a worker thread, so the load generator does not share the app's event loop; the
 * deployment suite runs the built server, its baselines and autocannon in processes of their own.
 */

const DEPLOYED_BASELINES = new Set<BaselineKind>(['https-countries-json', 'https-nest-pg-select', 'pgbench-closure']);

function selectedSuites(): BenchSuite[] {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only?.length) return BENCH_SUITES;
  const unknown = only.filter((name) => !BENCH_SUITES.some((suite) => suite.name === name));
  if (unknown.length) throw new Error(`Unknown bench suites: ${unknown.join(', ')} (known: ${BENCH_SUITES.map((s) => s.name).join(', ')})`);
  return BENCH_SUITES.filter((suite) => only.includes(suite.name));
}

async function main(): Promise<void> {
  const suites = selectedSuites();
  // Before the app exists, so every pg client it creates counts its statements.
  installStatementCounter();
  // One client sends everything here: rate limits stay off unless the environment sets them.
  const config = loadConfig({
    TESSERA_RATE_LIMIT: 'off',
    TESSERA_RATE_LIMIT_ANONYMOUS: 'off',
    // The delivery worker's idle polls would be counted as the measured requests' statements.
    TESSERA_MESSAGE_POLL: '0',
    // Likewise the webhook worker's; the webhooks suite runs its deliveries itself.
    TESSERA_WEBHOOK_POLL: '0',
    // Likewise the figures rollup's; the figures suite runs it itself.
    TESSERA_FIGURES_POLL: '0',
    // Likewise the segment evaluation's; the segments suite evaluates itself.
    TESSERA_SEGMENT_POLL: '0',
    ...process.env,
    TESSERA_LOG_LEVEL: 'warn',
    TESSERA_PLAIN_HTTP: 'true',
  });
  const database = await connectDatabase(config, () => undefined);
  let app: Awaited<ReturnType<typeof createHttpApp>> | undefined;
  const started: BenchSuite[] = [];
  try {
    await runMigrations(database.url);
    app = await createHttpApp({ config, databaseUrl: database.url });
    await app.get(ProjectSetupService).ensure({ createDemo: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const api = `${origin}/${INTERFACE_BASE_PATHS[ApiInterface.Enterprise]}`;
    const customerApi = `${origin}/${INTERFACE_BASE_PATHS[ApiInterface.Customer]}`;

    const suffix = randomBytes(4).toString('hex');
    const applicationId = await app.get(ExternalApplicationService).create(`bench ${suffix}`, ApiInterface.Enterprise);
    const login = `bench-${suffix}`;
    const password = randomBytes(12).toString('hex');
    await app.get(ApiUserService).create({ login, password });

    const loginBody = JSON.stringify({ user_external_application_id: applicationId, login, password });
    const loginResponse = await fetch(`${api}/users/actions/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: loginBody,
    });
    if (loginResponse.status !== 200) throw new Error(`Login failed: ${loginResponse.status} ${await loginResponse.text()}`);
    const token = ((await loginResponse.json()) as { data: { bearer_token: string } }).data.bearer_token;
    const context: BenchContext = {
      app,
      config,
      databaseUrl: database.url,
      api,
      customerApi,
      auth: { authorization: `Bearer ${token}` },
      loginBody,
      log: (message) => process.stderr.write(`${message}\n`),
    };

    const rows: ResultRow[] = [];
    const baselines = new Map<BaselineKind, Measurement>();
    // Each baseline is measured once, just before the first row compared with it, and listed there.
    const baselineOf = async (kind: BaselineKind): Promise<Measurement> => {
      let measured = baselines.get(kind);
      if (!measured) {
        process.stderr.write(`Running baseline ${kind} for ${WARM_UP_SECONDS}s + ${BENCH_SECONDS}s...\n`);
        measured = await BASELINES[kind].measure(context);
        baselines.set(kind, measured);
        rows.push({ ...measured, baseline: kind, ratio: 1 });
      }
      return measured;
    };
    await baselineOf('bare-json');
    for (const suite of suites) {
      process.stderr.write(`Preparing suite ${suite.name}...\n`);
      started.push(suite);
      for (const scenario of await suite.prepare(context)) {
        const kind = scenario.baseline ?? 'bare-json';
        const baseline = await baselineOf(kind);
        process.stderr.write(`Running ${scenario.name} for ${WARM_UP_SECONDS}s + ${BENCH_SECONDS}s...\n`);
        const measured = scenario.measure ? await scenario.measure(appStatements) : await measureHttp(scenario, appStatements);
        rows.push({ ...measured, baseline: kind, ratio: measured.requestsPerSecond / baseline.requestsPerSecond });
      }
    }
    // The deployment suite's rows (server and baselines in processes of their own) first, then the in-process rows.
    const deployed = rows.filter((row) => DEPLOYED_BASELINES.has(row.baseline));
    const inProcess = rows.filter((row) => !DEPLOYED_BASELINES.has(row.baseline));
    if (deployed.length) process.stdout.write(`\nAs deployed (own processes, HTTPS):${formatTable(deployed)}\nIn process:`);
    process.stdout.write(formatTable(inProcess));
  } finally {
    for (const suite of started) await suite.dispose?.();
    if (app) await closeGracefully(app);
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
