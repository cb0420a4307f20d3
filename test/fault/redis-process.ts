import { ChildProcess, spawn } from 'node:child_process';
import Redis from 'ioredis';
import { freePort } from './crash-server';

const START_TIMEOUT_MS = 10_000;

/**
 * A `redis-server` of the test's own on a free port (never the shared one), without persistence, that a
 * test can freeze (SIGSTOP), thaw, kill and start again on the same port.
 */
export class RedisProcess {
  private child?: ChildProcess;
  private exited?: Promise<void>;
  private frozen = false;
  private inspector?: Redis;

  private constructor(readonly port: number) {}

  static async start(): Promise<RedisProcess> {
    const redis = new RedisProcess(await freePort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again) on its port and resolves once it accepts connections. */
  async restart(): Promise<void> {
    if (this.child) throw new Error('Redis is running already');
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.exited = new Promise((done) => child.once('exit', () => done()));
    let output = '';
    await new Promise<void>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`redis-server did not start within ${START_TIMEOUT_MS} ms:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString('utf8');
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          done();
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('error', fail);
      void this.exited!.then(() => {
        clearTimeout(timer);
        fail(new Error(`redis-server exited before it was ready:\n${output}`));
      });
    });
  }

  freeze(): void {
    this.running().kill('SIGSTOP');
    this.frozen = true;
  }

  thaw(): void {
    this.running().kill('SIGCONT');
    this.frozen = false;
  }

  async kill(): Promise<void> {
    const child = this.running();
    if (this.frozen) this.thaw();
    child.kill('SIGKILL');
    await this.exited;
    this.child = undefined;
    this.inspector?.disconnect();
    this.inspector = undefined;
  }

  /** The keys under a pattern, read on a connection of the test's own (never while frozen). */
  async keys(pattern: string): Promise<string[]> {
    if (this.frozen) throw new Error('Redis is frozen');
    this.inspector ??= new Redis(this.url, { maxRetriesPerRequest: 1 });
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.inspector.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
      found.push(...keys);
      cursor = next;
    } while (cursor !== '0');
    return found;
  }

  async count(key: string): Promise<number> {
    if (this.frozen) throw new Error('Redis is frozen');
    this.inspector ??= new Redis(this.url, { maxRetriesPerRequest: 1 });
    return Number((await this.inspector.get(key)) ?? 0);
  }

  /** Whatever state it is in: thawed first, so the kill is not left pending on a stopped process. */
  async dispose(): Promise<void> {
    if (this.child) await this.kill();
  }

  private running(): ChildProcess {
    if (!this.child) throw new Error('Redis is not running');
    return this.child;
  }
}
