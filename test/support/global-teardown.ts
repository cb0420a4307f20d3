import { DatabaseConnection } from '../../src/database/database-connection';
import { TEST_SERVER_URL_ENV, TEST_TEMPLATE_ENV, withAdminClient } from './test-database';

export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env[TEST_SERVER_URL_ENV];
  const template = process.env[TEST_TEMPLATE_ENV];
  if (serverUrl && template) {
    await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`));
  }
  const connection = (globalThis as { __tesseraDatabase?: DatabaseConnection }).__tesseraDatabase;
  await connection?.close();
}
