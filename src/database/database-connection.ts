import { AppConfig } from '../config/app-config';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseConnection {
  url: string;
  embedded: boolean;
  close(): Promise<void>;
}

/** `DATABASE_URL` when set, otherwise the embedded PostgreSQL under the data directory. */
export async function connectDatabase(
  config: AppConfig,
  log: (line: string) => void,
  options: { stopsOnSignals?: boolean } = {},
): Promise<DatabaseConnection> {
  if (config.databaseUrl) return { url: config.databaseUrl, embedded: false, close: async () => undefined };
  const handle = await startEmbeddedPostgres(config.dataDir, config.embeddedPostgresPort, log, options.stopsOnSignals);
  return { url: handle.url, embedded: true, close: () => handle.stop() };
}
