import { Client } from 'pg';
import { AppConfig, loadConfig } from '../../config/app-config';
import { SecretCipher } from '../secret-cipher';

/** The table of settings saved through the operator API; a write to it notifies the change feed. */
export const OPERATOR_SETTINGS_TABLE = 'operator_settings';

interface OperatorSettingRow {
  name: string;
  value: string;
  encrypted: boolean;
}

/** Runs one query: an `EntityManager`'s or a `pg` client's, whose answers differ in shape. */
type Query = (sql: string, parameters: unknown[]) => Promise<unknown>;

/**
 * The values saved through the operator API by environment variable name, `names` only when given.
 * Encrypted values (signing keys) are opened with `cipher`; without one they are left out.
 */
export async function readOperatorSettings(
  query: Query,
  names?: readonly string[],
  cipher?: SecretCipher,
): Promise<Record<string, string>> {
  const answer = await query(
    `SELECT name, value, encrypted FROM ${OPERATOR_SETTINGS_TABLE} WHERE $1::text[] IS NULL OR name = ANY($1::text[])`,
    [names ?? null],
  );
  const rows = (Array.isArray(answer) ? answer : (answer as { rows: OperatorSettingRow[] }).rows) as OperatorSettingRow[];
  const saved: Record<string, string> = {};
  for (const row of rows) {
    if (!row.encrypted) saved[row.name] = row.value;
    else if (cipher) saved[row.name] = cipher.decrypt(row.value);
  }
  return saved;
}

/**
 * The configuration a server starts with once the database is reached: `config` (environment, file,
 * defaults) with the values saved through the operator API in their place, environment first.
 */
export async function withOperatorSettings(
  config: AppConfig,
  databaseUrl: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<AppConfig> {
  const client = new Client({ connectionString: databaseUrl, connectionTimeoutMillis: config.databaseConnectTimeoutSeconds * 1000 });
  await client.connect();
  try {
    const saved = await readOperatorSettings((sql, parameters) => client.query(sql, parameters), undefined, new SecretCipher(config));
    return loadConfig(env, saved);
  } finally {
    await client.end();
  }
}
