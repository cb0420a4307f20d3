import { DatabaseConnection } from '../../src/database/database-connection';

export default async function globalTeardown(): Promise<void> {
  const connection = (globalThis as { __tesseraDatabase?: DatabaseConnection }).__tesseraDatabase;
  await connection?.close();
}
