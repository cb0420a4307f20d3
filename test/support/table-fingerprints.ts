import { DataSource } from 'typeorm';

/** One hash per table of the public schema over all its rows, to tell whether a run of requests changed anything. */
export async function tableFingerprints(dataSource: DataSource): Promise<Map<string, string>> {
  const tables: { name: string }[] = await dataSource.query(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const fingerprints = new Map<string, string>();
  for (const { name } of tables) {
    const [row] = await dataSource.query(
      `SELECT count(*)::text AS rows, md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS hash FROM "${name}" t`,
    );
    fingerprints.set(name, `${row.rows}:${row.hash}`);
  }
  return fingerprints;
}
