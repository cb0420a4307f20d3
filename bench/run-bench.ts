import autocannon from 'autocannon';
import fastify from 'fastify';
import { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { ApiInterface, INTERFACE_BASE_PATHS } from '@tessera/http';
import { loadConfig } from '../src/config/app-config';
import { connectDatabase } from '../src/database/database-connection';
import { runMigrations } from '../src/database/database.module';
import { closeGracefully, createHttpApp } from '../src/http/create-http-app';
import { ApiUserService, ExternalApplicationService } from '../src/modules/auth';
import { ProjectSetupService } from '../src/setup/project-setup.service';
import { BenchContext, BenchSuite, Scenario } from './bench-suite';
import { BENCH_SUITES } from './suites';

/**
 * Load-tests the suites in `bench/suites` on the configured database against a bare Fastify baseline,
 * so the table shows what the framework stack and the database cost per request.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? '5');
const CONNECTIONS = 20;
const BASELINE_BODY = { data: { country_id: 'CZ', name: 'Czechia' } };

interface Row {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  statuses: string;
}

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
  // One client sends everything here: rate limits stay off unless the environment sets them.
  const config = loadConfig({
    TESSERA_RATE_LIMIT: 'off',
    TESSERA_RATE_LIMIT_ANONYMOUS: 'off',
    ...process.env,
    TESSERA_LOG_LEVEL: 'warn',
    TESSERA_PLAIN_HTTP: 'true',
  });
  const database = await connectDatabase(config, () => undefined);
  const baseline = fastify();
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

    baseline.get('/', async () => BASELINE_BODY);
    await baseline.listen({ port: 0, host: '127.0.0.1' });
    const baselineUrl = `http://127.0.0.1:${(baseline.server.address() as AddressInfo).port}/`;

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

    const rows: Row[] = [];
    process.stderr.write(`Running baseline for ${SECONDS}s...\n`);
    rows.push(await load({ name: 'baseline: bare Fastify JSON', url: baselineUrl }));
    for (const suite of suites) {
      process.stderr.write(`Preparing suite ${suite.name}...\n`);
      started.push(suite);
      for (const scenario of await suite.prepare(context)) {
        process.stderr.write(`Running ${scenario.name} for ${SECONDS}s...\n`);
        rows.push(await load(scenario));
      }
    }
    process.stdout.write(formatTable(rows));
  } finally {
    for (const suite of started) await suite.dispose?.();
    if (app) await closeGracefully(app);
    await baseline.close();
    await database.close();
  }
}

async function load(scenario: Scenario): Promise<Row> {
  const result = await autocannon({
    url: scenario.url,
    method: scenario.method ?? 'GET',
    headers: scenario.headers,
    body: scenario.body,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  const statuses = Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => `${code}:${stat.count ?? 0}`);
  if (result.errors > 0) statuses.push(`errors:${result.errors}`);
  return {
    name: scenario.name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses: statuses.join(' '),
  };
}

function formatTable(rows: Row[]): string {
  const baseline = rows[0].requestsPerSecond;
  const table = [
    ['name', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'ratio', 'status codes'],
    ...rows.map((row) => [
      row.name,
      row.requestsPerSecond.toFixed(0),
      row.p50.toFixed(1),
      row.p99.toFixed(1),
      String(row.non2xx),
      baseline > 0 ? `${(row.requestsPerSecond / baseline).toFixed(3)}x` : '-',
      row.statuses,
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
  return `\n${table.map((line) => line.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')).join('\n')}\n`;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  },
);
