import { Client } from 'pg';
import { isChangeFeedClient } from '../../src/platform/change-feed';

/**
 * What `work` returns, with the SQL it sent to PostgreSQL meanwhile on any pool connection. The change
 * feed's syncs (its own listening connection) are left out. With `warmUp`, `work` runs once before, so
 * pools and in-memory snapshots are ready and only the work itself is counted.
 */
export async function withStatements<T>(
  work: () => Promise<T>,
  options: { warmUp?: boolean } = {},
): Promise<{ result: T; statements: string[] }> {
  if (options.warmUp) await work();
  const query = jest.spyOn(Client.prototype, 'query');
  try {
    const result = await work();
    const statements = query.mock.calls
      .filter((_, call) => !isChangeFeedClient(query.mock.contexts[call]))
      .map(([statement]) => (typeof statement === 'string' ? statement : (statement as { text: string }).text));
    return { result, statements };
  } finally {
    query.mockRestore();
  }
}
