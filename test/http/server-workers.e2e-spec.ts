import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cloneTemplateDatabase } from '../support/test-database';

const ROOT = join(__dirname, '..', '..');
const REQUESTS = 6;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A GET on a connection of its own: the cluster hands each new connection to the next worker. */
function statusOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode!));
    }).on('error', reject);
  });
}

/** The processes that logged a completed request (Fastify's JSON log lines carry the pid). */
function requestPids(output: string): number[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"request completed"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);
}

describe('TESSERA_WORKERS (server process)', () => {
  it('serves from two worker processes on one port, prints its startup once and exits 0 on SIGTERM', async () => {
    const database = await cloneTemplateDatabase();
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-workers-'));
    const port = await freePort();
    const server = spawn(process.execPath, ['-r', join(ROOT, 'test/support/transpile-typescript.js'), join(ROOT, 'src/main.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: database.url,
        TESSERA_DATA_DIR: dataDir,
        TESSERA_PLAIN_HTTP: 'true',
        TESSERA_LOG_LEVEL: 'info',
        TESSERA_WORKERS: '2',
        HOST: '127.0.0.1',
        PORT: String(port),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exitCode = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const waitFor = async (done: () => boolean, what: string) => {
      const deadline = Date.now() + 90_000;
      while (!done()) {
        if (server.exitCode !== null || Date.now() > deadline) throw new Error(`${what} did not happen:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };

    try {
      await waitFor(() => output.includes('Tessera is listening on'), 'the start');
      const statuses: number[] = [];
      for (let sent = 0; sent < REQUESTS; sent++) statuses.push(await statusOnNewConnection(`http://127.0.0.1:${port}/health`));
      expect(statuses).toEqual(Array<number>(REQUESTS).fill(200));
      await waitFor(() => requestPids(output).length === REQUESTS, 'the logging of every request');

      const workers = new Set(requestPids(output));
      expect(workers.size).toBe(2);
      expect(workers).not.toContain(server.pid);
      expect(output.match(/Tessera is listening on/g)).toHaveLength(1);
      expect(output.match(/First start: demo credentials/g)).toHaveLength(1);

      server.kill('SIGTERM');
      expect(await exitCode).toBe(0);
    } finally {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
      await exitCode;
      rmSync(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 120_000);
});
