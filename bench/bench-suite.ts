import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '../src/config/app-config';
import { StatementTally } from './statement-counter';

/**
 * What a scenario's rate is divided by: a bare server doing the least the operation must do, measured in
 * the same run. `bare-json` serves tiny fixed JSON from bare Fastify, `countries-json` the app's
 * `GET /countries?count=100` body from bare Fastify, `nest-pg-select` one customer's point SELECT through
 * `pg` in a bare NestJS app, `pg-purchase-tx` the purchase closure's statements as one plain `pg` transaction, `fetch-post` plain
 * parallel `fetch` POSTs of webhook-sized bodies to a local receiver. The `https-` kinds are the first two
 * reads' bare servers on HTTPS in processes of their own, `pgbench-closure` pgbench running the closure's
 * statements (the deployment suite's baselines).
 */
export type BaselineKind =
  | 'bare-json'
  | 'countries-json'
  | 'nest-pg-select'
  | 'pg-purchase-tx'
  | 'fetch-post'
  | 'https-countries-json'
  | 'https-nest-pg-select'
  | 'pgbench-closure';

interface ScenarioBase {
  name: string;
  /** The baseline its ratio is taken to; `bare-json` when not set. */
  baseline?: BaselineKind;
}

/** One load run: autocannon hits `url` with these settings for the configured duration. */
export interface HttpScenario extends ScenarioBase {
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  measure?: undefined;
}

/**
 * A scenario that measures itself: a rate of something other than requests answered, or a load run
 * with setup of its own around it; statements are counted in `tally`.
 */
export interface MeasuredScenario extends ScenarioBase {
  measure(tally: StatementTally): Promise<Measurement>;
}

export type Scenario = HttpScenario | MeasuredScenario;

/** One measured row of the table, before it is compared with its baseline. */
export interface Measurement {
  name: string;
  /** Requests per second, or transactions per second for a plain database baseline. */
  requestsPerSecond: number;
  /** Latency in milliseconds; NaN when the scenario has none to report. */
  p50: number;
  p99: number;
  non2xx: number;
  statementsPerRequest: number;
  statuses: string;
}

/** What every suite gets: a running app on a migrated database and a logged-in enterprise user. */
export interface BenchContext {
  app: NestFastifyApplication;
  config: AppConfig;
  databaseUrl: string;
  /** Enterprise interface base URL. */
  api: string;
  /** Customer interface base URL. */
  customerApi: string;
  /** Headers of the logged-in enterprise user. */
  auth: Record<string, string>;
  /** JSON body that logs that user in again. */
  loginBody: string;
  log: (message: string) => void;
}

/** A group of scenarios that may load data first; `BENCH_ONLY=<name>,...` selects suites. */
export interface BenchSuite {
  name: string;
  prepare(context: BenchContext): Promise<Scenario[]>;
  /** Releases what `prepare` started (extra app instances, say). */
  dispose?(): Promise<void>;
}

/** A bare server or client doing the least some scenarios must do; measured once per run, when first needed. */
export interface Baseline {
  /** The row's name in the table. */
  name: string;
  measure(context: BenchContext): Promise<Measurement>;
}
