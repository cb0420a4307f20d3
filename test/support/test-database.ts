import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** Written by the global setup so every test worker finds the server and the migrated template. */
export const TEST_SERVER_URL_ENV = 'TESSERA_TEST_SERVER_URL';
/** Each run migrates its own template, so several runs can share one PostgreSQL server. */
export const TEST_TEMPLATE_ENV = 'TESSERA_TEST_TEMPLATE';

function templateDatabase(): string {
  const name = process.env[TEST_TEMPLATE_ENV];
  if (!name) throw new Error('The jest global setup did not run');
  return name;
}

export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

export async function withAdminClient<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for one test file, cloned from the migrated template (much faster than migrating). */
export async function cloneTemplateDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const serverUrl = process.env[TEST_SERVER_URL_ENV];
  if (!serverUrl) throw new Error('The jest global setup did not run');
  const name = `tessera_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase()}"`));
  return {
    url: databaseUrl(serverUrl, name),
    drop: () =>
      withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => undefined),
  };
}
