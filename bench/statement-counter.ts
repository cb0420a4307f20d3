import { setTimeout as sleep } from 'node:timers/promises';
import { Client } from 'pg';
import { isChangeFeedClient } from '../src/platform/change-feed';

/** A running count of the SQL statements some pg clients sent. */
export class StatementTally {
  count = 0;
}

/**
 * Statements of every client nobody marked: the app's TypeORM pools, and the suites' setup clients, which
 * only run between measured runs, so a measured run's difference holds the app's statements alone.
 */
export const appStatements = new StatementTally();

const separateTallies = new WeakMap<Client, StatementTally>();

/** Counts `client`'s statements in `tally` instead of the app's: baselines bring their own clients. */
export function countSeparately(client: Client, tally: StatementTally): void {
  separateTallies.set(client, tally);
}

type Query = (this: Client, ...args: unknown[]) => unknown;

/** A statement an app client sent, with its parameters. */
export interface RecordedStatement {
  text: string;
  values: unknown[];
  /** Which of the app's connections sent it (numbered as they first send). */
  connection: number;
}

const connectionNumbers = new WeakMap<Client, number>();
let connectionsNumbered = 0;

let recording: RecordedStatement[] | undefined;

/** The app's statements (the change feed's left out) while `work` runs; the counter must be installed. */
export async function recordStatements(work: () => Promise<void>): Promise<RecordedStatement[]> {
  const recorded: RecordedStatement[] = [];
  recording = recorded;
  try {
    await work();
  } finally {
    recording = undefined;
  }
  return recorded;
}

/**
 * Wraps `Client.prototype.query` of `pg`, the package TypeORM's postgres driver loads, so every statement
 * of every client (pooled ones included, since a pool queries through its clients) passes the counter.
 */
export function installStatementCounter(): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with each client as `this`
  const query = Client.prototype.query as Query;
  const countedQuery: Query = function (this: Client, ...args: unknown[]): unknown {
    // The change feed's syncs go on a connection of their own and are left out, as the tests leave them out.
    if (!isChangeFeedClient(this)) {
      const tally = separateTallies.get(this) ?? appStatements;
      tally.count += 1;
      if (recording && tally === appStatements) recording.push(recordedStatement(this, args));
    }
    return query.apply(this, args);
  };
  Client.prototype.query = countedQuery as typeof Client.prototype.query;
}

function recordedStatement(client: Client, args: unknown[]): RecordedStatement {
  if (!connectionNumbers.has(client)) connectionNumbers.set(client, connectionsNumbered++);
  const connection = connectionNumbers.get(client)!;
  const [first, second] = args;
  if (typeof first === 'string') return { text: first, values: Array.isArray(second) ? (second as unknown[]) : [], connection };
  const config = first as { text: string; values?: unknown[] };
  return { text: config.text, values: config.values ?? [], connection };
}

const QUIET_MS = 300;

/**
 * Resolves once `tally` has not moved for a while: requests still running when a load run stopped (their
 * handlers outlive the connections) have finished, so they land in neither the next run nor its count.
 */
export async function whenQuiet(tally: StatementTally): Promise<void> {
  let last = tally.count;
  let quietSince = Date.now();
  while (Date.now() - quietSince < QUIET_MS) {
    await sleep(50);
    if (tally.count !== last) {
      last = tally.count;
      quietSince = Date.now();
    }
  }
}
