import { execFile, execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './crash-server';

const run = promisify(execFile);

/** The OS user the cluster runs as: PostgreSQL refuses to run as root, so as root it is `postgres`. */
interface ClusterOwner {
  uid: number;
  gid: number;
}

function ownerOf(): ClusterOwner | undefined {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error('Running as root, the test cluster needs a "postgres" OS user to run as');
  }
}

/**
 * A PostgreSQL cluster of the test's own (the server binaries `pg_config --bindir` names), in a
 * temporary directory on a free port with trust authentication: it can be stopped and started
 * under load without touching any server other tests share.
 */
export class PostgresCluster {
  private running = false;

  private constructor(
    private readonly bindir: string,
    private readonly dir: string,
    readonly port: number,
    private readonly owner: ClusterOwner | undefined,
  ) {}

  static async create(): Promise<PostgresCluster> {
    const bindir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    const dir = mkdtempSync(join(tmpdir(), 'tessera-pg-'));
    const owner = ownerOf();
    if (owner) chownSync(dir, owner.uid, owner.gid);
    const cluster = new PostgresCluster(bindir, dir, await freePort(), owner);
    await cluster.pgTool('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await cluster.start();
    return cluster;
  }

  /** The superuser's URL on the maintenance database. */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async start(): Promise<void> {
    // fsync is off: the cluster is only ever stopped cleanly (fast shutdown writes a checkpoint), and the
    // machine's disk is shared with other runs. The socket goes into the cluster's own directory.
    await this.pgTool('pg_ctl', [
      '-D',
      this.dataDir,
      '-l',
      join(this.dir, 'server.log'),
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-w',
      'start',
    ]);
    this.running = true;
  }

  /** Fast shutdown: open sessions are ended at once, as when an operator stops the database for maintenance. */
  async stop(): Promise<void> {
    await this.pgTool('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
    this.running = false;
  }

  get isRunning(): boolean {
    return this.running;
  }

  async dispose(): Promise<void> {
    if (this.running) await this.pgTool('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
    this.running = false;
    rmSync(this.dir, { recursive: true, force: true });
  }

  private get dataDir(): string {
    return join(this.dir, 'data');
  }

  private async pgTool(tool: string, args: string[]): Promise<void> {
    try {
      await run(join(this.bindir, tool), args, { uid: this.owner?.uid, gid: this.owner?.gid, cwd: this.dir, timeout: 60_000 });
    } catch (error) {
      const { stderr, stdout } = error as { stderr?: string; stdout?: string };
      throw new Error(`${tool} ${args.join(' ')} failed: ${stderr || stdout || (error as Error).message}`, { cause: error });
    }
  }
}
