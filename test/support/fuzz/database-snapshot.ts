import { DataSource } from 'typeorm';

/**
 * Per table of the public schema: its row count, the sum of each numeric column (balances, amounts,
 * counters) and a hash of all its rows, so that any write shows, and a change of a balance is named.
 */
export interface DatabaseSnapshot {
  tables: Map<string, { rows: number; sums: Record<string, string>; hash: string }>;
}

const NUMERIC_TYPES = ['numeric', 'integer', 'bigint', 'smallint', 'real', 'double precision'];

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function takeDatabaseSnapshot(dataSource: DataSource): Promise<DatabaseSnapshot> {
  const columns: { table_name: string; column_name: string; data_type: string }[] = await dataSource.query(
    `SELECT c.table_name, c.column_name, c.data_type
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, typeof columns>();
  for (const column of columns) byTable.set(column.table_name, [...(byTable.get(column.table_name) ?? []), column]);
  const tables: DatabaseSnapshot['tables'] = new Map();
  for (const [table, tableColumns] of byTable) {
    const numeric = tableColumns.filter((column) => NUMERIC_TYPES.includes(column.data_type));
    const sums = numeric.map((column) => `coalesce(sum(${quoted(column.column_name)}), 0)::text AS ${quoted(`sum:${column.column_name}`)}`);
    // Rows sorted by their text, so the hash ignores their physical order.
    const [result] = await dataSource.query(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash${sums.map((sum) => `, ${sum}`).join('')}
         FROM ${quoted(table)} t`,
    );
    tables.set(table, {
      rows: result.rows,
      hash: result.hash,
      sums: Object.fromEntries(numeric.map((column) => [column.column_name, result[`sum:${column.column_name}`] as string])),
    });
  }
  return { tables };
}

/** Each difference between two snapshots, as a line a person can read (`points: sum(available_points) 521 -> 1000000`). */
export function snapshotDifferences(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const differences: string[] = [];
  for (const table of new Set([...before.tables.keys(), ...after.tables.keys()])) {
    const was = before.tables.get(table);
    const now = after.tables.get(table);
    if (!was || !now) {
      differences.push(`${table}: table ${was ? 'dropped' : 'created'}`);
      continue;
    }
    if (was.rows !== now.rows) differences.push(`${table}: ${was.rows} -> ${now.rows} rows`);
    for (const [column, sum] of Object.entries(was.sums)) {
      if (now.sums[column] !== sum) differences.push(`${table}: sum(${column}) ${sum} -> ${now.sums[column]}`);
    }
    if (was.hash !== now.hash && was.rows === now.rows) differences.push(`${table}: row contents changed`);
  }
  return differences;
}
