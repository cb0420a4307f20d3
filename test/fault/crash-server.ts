import { ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EMBEDDED_DATABASE_NAME } from '../../src/database/embedded-postgres';
import { databaseUrl, withAdminClient } from '../support/test-database';

const SERVER_ENTRY = resolve(__dirname, '../../dist/src/main.js');
const START_TIMEOUT_MS = 90_000;

/** What the first start prints once: the demo Enterprise application and its API user. */
export interface DemoCredentials {
  applicationId: string;
  login: string;
  password: string;
}

/** How a crash is dealt: to the server process alone, or to its whole process group (an embedded PostgreSQL included). */
export type CrashScope = 'process' | 'process-group';

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

/**
 * The built server (`dist/src/main.js`) as a process of its own, on a database of its own: a fresh
 * database on the server `DATABASE_URL` names (the server migrates it at its first start), or the
 * embedded PostgreSQL in a temporary data directory. It can be started, killed and started again on
 * the same data.
 */
export class CrashServer {
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private output = '';

  private constructor(
    readonly embedded: boolean,
    readonly origin: string,
    readonly databaseUrl: string,
    private readonly env: NodeJS.ProcessEnv,
    private readonly dataDir: string,
    private readonly dropDatabase: () => Promise<void>,
  ) {}

  /** `settings` are environment variables the server sees beside the ones set here. */
  static async create(externalServerUrl: string | undefined, settings: NodeJS.ProcessEnv = {}): Promise<CrashServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-crash-'));
    const port = await freePort();
    const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
    const env: NodeJS.ProcessEnv = {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      TESSERA_DATA_DIR: dataDir,
      // One client sends every request: no budget may refuse the load.
      TESSERA_RATE_LIMIT: 'off',
      TESSERA_RATE_LIMIT_ANONYMOUS: 'off',
      TESSERA_LOG_LEVEL: 'warn',
      ...settings,
    };
    const origin = `https://127.0.0.1:${port}`;
    if (externalServerUrl) {
      const name = `tessera_crash_${randomBytes(6).toString('hex')}`;
      await withAdminClient(externalServerUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
      const url = databaseUrl(externalServerUrl, name);
      const drop = () =>
        withAdminClient(externalServerUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(
          () => undefined,
        );
      return new CrashServer(false, origin, url, { ...env, DATABASE_URL: url }, dataDir, drop);
    }
    const pgPort = await freePort();
    // The embedded server writes its password file at its first start; the URL is read lazily from it.
    return new CrashServer(true, origin, '', { ...env, TESSERA_EMBEDDED_PG_PORT: String(pgPort) }, dataDir, async () => undefined);
  }

  /**
   * A second server on `other`'s database, as another instance behind a load balancer or a worker beside
   * it: a port and data directory of its own; the database stays `other`'s to remove.
   */
  static async beside(other: CrashServer, settings: NodeJS.ProcessEnv = {}): Promise<CrashServer> {
    const sibling = await CrashServer.create(undefined, settings);
    const { TESSERA_EMBEDDED_PG_PORT: _embeddedPort, ...env } = sibling.env;
    return new CrashServer(
      false,
      sibling.origin,
      other.checkUrl,
      { ...env, DATABASE_URL: other.checkUrl },
      sibling.dataDir,
      async () => undefined,
    );
  }

  /** The URL the checks connect with (the embedded server's password exists once it has started). */
  get checkUrl(): string {
    if (!this.embedded) return this.databaseUrl;
    const password = readFileSync(join(this.dataDir, 'postgres-password'), 'utf8').trim();
    return `postgres://postgres:${password}@127.0.0.1:${this.env.TESSERA_EMBEDDED_PG_PORT}/${EMBEDDED_DATABASE_NAME}`;
  }

  /** Starts the server and resolves with what it printed once it listens. */
  async start(): Promise<string> {
    if (this.child) throw new Error('The server is running already');
    this.output = '';
    // A process group of its own, so a crash can take the embedded PostgreSQL down with it.
    const child = spawn(process.execPath, [SERVER_ENTRY], { env: this.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', () => done()));
    const started = Date.now();
    return new Promise((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${this.tail()}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer) => {
        this.output += chunk.toString('utf8');
        if (this.output.includes('Tessera is listening on')) {
          clearTimeout(timer);
          // The credential lines come in the same write as the listening line.
          setImmediate(() => done(this.output));
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
      void this.exited!.then(() => {
        clearTimeout(timer);
        this.child = undefined;
        fail(new Error(`The server exited after ${Date.now() - started} ms before listening:\n${this.tail()}`));
      });
    });
  }

  /**
   * SIGKILL, as a crash: no handler runs, in-flight requests are cut. The restart that follows is at
   * once: a killed embedded postmaster that has not been reaped yet is the server's to wait for.
   */
  async crash(scope: CrashScope): Promise<void> {
    const child = this.running();
    if (scope === 'process-group') process.kill(-(child.pid as number), 'SIGKILL');
    else child.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
  }

  /** SIGTERM: the server finishes its requests and exits. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    await this.exited;
    this.child = undefined;
  }

  /** Kills whatever is left (the server after a failure, an embedded PostgreSQL that outlived it), then removes the data. */
  async dispose(): Promise<void> {
    if (this.child) await this.crash('process-group').catch(() => undefined);
    await this.stopEmbeddedPostgres();
    await this.dropDatabase();
    rmSync(this.dataDir, { recursive: true, force: true });
  }

  tail(lines = 40): string {
    return this.output.split('\n').slice(-lines).join('\n');
  }

  private running(): ChildProcess {
    if (!this.child?.pid) throw new Error(`The server is not running; it printed:\n${this.tail()}`);
    return this.child;
  }

  /** The running embedded postmaster: its lock file names its pid, which must be a postmaster of this data directory. */
  private embeddedPostmaster(): number | undefined {
    const databaseDir = join(this.dataDir, 'postgres');
    const lockFile = join(databaseDir, 'postmaster.pid');
    if (!this.embedded || !existsSync(lockFile)) return undefined;
    const pid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && isAlive(pid) && isPostmasterOf(pid, databaseDir) ? pid : undefined;
  }

  /** An embedded PostgreSQL survives a crash of the server process alone: stopped here (fast shutdown). */
  private async stopEmbeddedPostgres(): Promise<void> {
    const pid = this.embeddedPostmaster();
    if (pid === undefined) return;
    process.kill(pid, 'SIGINT');
    await waitFor(() => !isAlive(pid), 15_000);
  }
}

/** The demo credentials the first start printed. */
export function demoCredentials(startOutput: string): DemoCredentials {
  const value = (label: string): string => {
    const match = new RegExp(`${label}:\\s*(\\S+)`).exec(startOutput);
    if (!match) throw new Error(`The first start did not print "${label}":\n${startOutput}`);
    return match[1];
  };
  return {
    applicationId: value('Enterprise external application id'),
    login: value('API user login'),
    password: value('API user password'),
  };
}

async function waitFor(condition: () => boolean, withinMs: number): Promise<boolean> {
  for (let waited = 0; waited < withinMs; waited += 100) {
    if (condition()) return true;
    await new Promise((done) => setTimeout(done, 100));
  }
  return condition();
}

/** Guards against a recycled pid: the process must be the postmaster of this data directory. */
function isPostmasterOf(pid: number, databaseDir: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(databaseDir);
  } catch {
    return false;
  }
}

/** The pid names a process, running or exited and not yet reaped. */
function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Running: a zombie (exited, not yet reaped by whoever adopted it) does not count. */
function isAlive(pid: number): boolean {
  if (!exists(pid)) return false;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
