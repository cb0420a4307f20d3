import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Measurement } from '../bench-suite';
import { LoadPlan, LoadResult } from './load-generator';

/** The built tree (`dist/`): the server as `npm start` runs it, and the bench's own child processes. */
const DIST = join(__dirname, '..', '..');
const STARTED = /Tessera is listening on /;

export interface RunningProcess {
  /** `https://127.0.0.1:<port>`. */
  origin: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
}

/**
 * The built server started as `npm start` starts it (`node dist/src/main.js`: HTTPS with the self-signed
 * certificate of `dataDir`, the shipped settings, background workers on), with `settings` on top. Its log
 * lines go to `<dataDir>/server-<port>.log`, as they would to a file or journal in a deployment.
 */
export async function startDeployedServer(databaseUrl: string, dataDir: string, settings: Record<string, string>): Promise<RunningProcess> {
  const port = await freePort();
  const logFile = join(dataDir, `server-${port}.log`);
  const log = openSync(logFile, 'w');
  const child = spawn(
    process.execPath,
    [...(process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? []), join(DIST, 'src', 'main.js')],
    {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        TESSERA_DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: String(port),
        ...settings,
      },
      stdio: ['ignore', log, log],
    },
  );
  closeSync(log);
  const stop = stopper(child);
  const deadline = Date.now() + 120_000;
  while (!STARTED.test(readFileSync(logFile, 'utf8'))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not start:\n${readFileSync(logFile, 'utf8')}`);
    }
    await sleep(200);
  }
  return { origin: `https://127.0.0.1:${port}`, stop };
}

/** A bare baseline server (`baseline-server.ts`) in its own process; its arguments name what it serves. */
export async function startBaselineServer(args: string[]): Promise<RunningProcess> {
  const child = spawn(process.execPath, [join(__dirname, 'baseline-server.js'), ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  const stop = stopper(child);
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`The baseline server ${args[0]} exited with ${code}`)));
  });
  return { origin: `https://127.0.0.1:${port}`, stop };
}

/** Runs `plan` in a load generator process of its own and returns its measured run. */
export async function runLoad(name: string, plan: LoadPlan): Promise<Measurement> {
  // The plan on standard input: its paths can outgrow an argument.
  const child = spawn(process.execPath, [join(__dirname, 'load-generator.js')], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(plan));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`The load generator of ${name} exited with ${code}`);
  const result = JSON.parse(output) as LoadResult;
  return { name, ...result, statementsPerRequest: NaN };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * `pgbench -M prepared` running `scriptFile` (one transaction) on `clients` connections for a warm-up and
 * then the measured run; every transaction's latency is logged (`-l`, in `workDir`) for the percentiles.
 */
export async function runPgbench(
  name: string,
  options: {
    databaseUrl: string;
    scriptFile: string;
    clients: number;
    warmUpSeconds: number;
    seconds: number;
    workDir: string;
    statements: number;
  },
): Promise<Measurement> {
  const pgbench = (seconds: number, logged: boolean) =>
    new Promise<string>((resolve, reject) => {
      const args = ['-n', '-M', 'prepared', '-c', String(options.clients), '-j', '2', '-T', String(seconds), '-f', options.scriptFile];
      if (logged) args.push('-l', '--log-prefix', join(options.workDir, 'pgbench'));
      const child = spawn(process.env.PGBENCH ?? 'pgbench', [...args, options.databaseUrl], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(output) : reject(new Error(`pgbench exited with ${code}:\n${output}`))));
    });
  await pgbench(options.warmUpSeconds, false);
  const output = await pgbench(options.seconds, true);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  const failed = /number of failed transactions: (\d+)/.exec(output);
  if (!tps) throw new Error(`No tps in pgbench's output:\n${output}`);
  // Each line of a transaction log: client id, transaction number, latency in microseconds, ...
  const latencies = readdirSync(options.workDir)
    .filter((file) => file.startsWith('pgbench.'))
    .flatMap((file) => readFileSync(join(options.workDir, file), 'utf8').trim().split('\n'))
    .map((line) => Number(line.split(' ')[2]) / 1000)
    .sort((a, b) => a - b);
  const failures = failed ? Number(failed[1]) : 0;
  return {
    name,
    requestsPerSecond: Number(tps[1]),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx: failures,
    statementsPerRequest: options.statements,
    statuses: `committed:${latencies.length}${failures ? ` failed:${failures}` : ''}`,
  };
}
