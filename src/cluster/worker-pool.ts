import { LoggerService } from '@nestjs/common';
import cluster, { Worker } from 'node:cluster';

/**
 * Marks the processes this pool forks. `cluster.isWorker` alone would also hold for Tessera run by
 * another cluster manager (PM2), which must still start as a whole server.
 */
const WORKER_ENV = 'TESSERA_CLUSTER_WORKER';

export function isPoolWorker(): boolean {
  return cluster.isWorker && process.env[WORKER_ENV] === '1';
}

export interface WorkerPool {
  /** Asks every worker to finish its requests and exit (SIGTERM), and waits until all have. */
  stop(): Promise<void>;
}

/**
 * Forks `count` copies of this program with `env` added to the environment, sharing the port they
 * listen on, and resolves once all of them listen. A worker that dies later is replaced; one that
 * dies while starting fails the start, as the failed start of a single process would.
 */
export function startWorkers(count: number, env: Record<string, string>, logger: LoggerService): Promise<WorkerPool> {
  const live = new Set<Worker>();
  let started = false;
  let stopping = false;

  const fork = () => live.add(cluster.fork({ ...env, [WORKER_ENV]: '1' }));
  const stop = async () => {
    stopping = true;
    const exits = [...live].map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    for (const worker of live) worker.process.kill('SIGTERM');
    await Promise.all(exits);
  };

  return new Promise((resolve, reject) => {
    const listening = new Set<Worker>();
    cluster.on('listening', (worker) => {
      if (started) return;
      listening.add(worker);
      if (listening.size === count) {
        started = true;
        resolve({ stop });
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      live.delete(worker);
      if (stopping) return;
      const how = signal ? `signal ${signal}` : `code ${code}`;
      if (!started) {
        void stop().then(() => reject(new Error(`Worker ${worker.process.pid} exited with ${how} while starting`)));
        return;
      }
      logger.error(`Worker ${worker.process.pid} exited with ${how}; starting another`);
      fork();
    });
    for (let forked = 0; forked < count; forked++) fork();
  });
}
