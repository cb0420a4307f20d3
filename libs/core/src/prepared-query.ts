import type { PoolClient, QueryResultRow } from 'pg';
import { EntityManager } from 'typeorm';

/**
 * Runs a hot statement as a named prepared statement on the manager's connection (its transaction's,
 * or one borrowed for the call): PostgreSQL parses and plans it once per connection instead of on every
 * call, and for the larger statements of the hot paths planning cost more than running them. `name`
 * must belong to this one text; rows come back as `manager.query` gives them.
 */
export async function preparedQuery<TRow extends QueryResultRow>(
  manager: EntityManager,
  name: string,
  text: string,
  values: unknown[],
): Promise<TRow[]> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    return (await client.query<TRow>({ name, text, values })).rows;
  } finally {
    if (runner !== manager.queryRunner) await runner.release();
  }
}
