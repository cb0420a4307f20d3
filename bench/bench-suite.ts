import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { AppConfig } from '../src/config/app-config';

/** One load run: autocannon hits `url` with these settings for the configured duration. */
export interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
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
