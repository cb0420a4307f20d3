import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The server started as operators start it (`src/main.ts` in its own process), with everything it prints kept. */
export interface ServerProcess {
  baseUrl: string;
  /** Standard output and standard error so far, in arrival order. */
  output(): string;
  /** SIGTERM, then waits for the process to exit. */
  stop(): Promise<void>;
}

const ROOT = join(__dirname, '..', '..');
const STARTED = /Tessera is listening on /;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the server on `databaseUrl` with plain HTTP on a free local port and the given settings. */
export async function startServerProcess(databaseUrl: string, settings: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-server-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['-r', join(ROOT, 'test/support/transpile-typescript.js'), join(ROOT, 'src/main.ts')],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        TESSERA_DATA_DIR: dataDir,
        TESSERA_PLAIN_HTTP: 'true',
        HOST: '127.0.0.1',
        PORT: String(port),
        ...settings,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!STARTED.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { baseUrl: `http://127.0.0.1:${port}`, output: () => output, stop };
}
