import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isValidTimeZone } from '../../libs/http/src/formatting/date-time';
import { parseDurationSeconds } from './duration';

/**
 * Every setting, its environment variable, and how its text is read. The same table drives the
 * server, the admin CLI (`tessera config`) and the README, so the three never disagree.
 */
export const SETTINGS = {
  port: { env: 'PORT', default: '8443', parse: parsePort, help: 'HTTP(S) port' },
  host: { env: 'HOST', default: '0.0.0.0', parse: (v: string) => v, help: 'Address to listen on' },
  databaseUrl: { env: 'DATABASE_URL', default: '', parse: (v: string) => v, help: 'External PostgreSQL (14+) URL; empty = embedded PostgreSQL' },
  embeddedPostgresPort: { env: 'TESSERA_EMBEDDED_PG_PORT', default: '54329', parse: parsePort, help: 'Port of the embedded PostgreSQL' },
  tlsCertFile: { env: 'TESSERA_TLS_CERT_FILE', default: '', parse: (v: string) => v, help: 'PEM certificate; empty = self-signed one in the data directory' },
  tlsKeyFile: { env: 'TESSERA_TLS_KEY_FILE', default: '', parse: (v: string) => v, help: 'PEM private key for the certificate' },
  plainHttp: { env: 'TESSERA_PLAIN_HTTP', default: 'false', parse: parseBoolean, help: 'Serve plain HTTP (only behind a TLS-terminating proxy)' },
  tokenLifetimeSeconds: { env: 'TESSERA_TOKEN_LIFETIME', default: '7h', parse: parseDuration, help: 'Enterprise bearer token lifetime (e.g. 7h, 30m, 90s)' },
  deviceTokenMaxAgeSeconds: { env: 'TESSERA_DEVICE_TOKEN_MAX_AGE', default: '0', parse: parseDuration, help: 'Maximum age of customer device tokens; 0 = no expiry' },
  authTokenLifetimeSeconds: { env: 'TESSERA_AUTH_TOKEN_LIFETIME', default: '5m', parse: parseDuration, help: 'Lifetime of single-use cross-application authentication tokens' },
  timeZone: { env: 'TESSERA_TIME_ZONE', default: 'UTC', parse: parseTimeZone, help: 'IANA time zone of datetimes in requests and responses' },
  defaultLanguage: { env: 'TESSERA_DEFAULT_LANGUAGE', default: 'en', parse: parseLanguage, help: 'Language used when Accept-Language matches nothing' },
  loginMaxFailures: { env: 'TESSERA_LOGIN_MAX_FAILURES', default: '5', parse: parsePositiveInt, help: 'Failed logins for one login before it is throttled' },
  loginLockSeconds: { env: 'TESSERA_LOGIN_LOCK', default: '5m', parse: parseDuration, help: 'How long a throttled login stays locked' },
  testCustomerId: { env: 'TESSERA_TEST_CUSTOMER_ID', default: '', parse: (v: string) => v, help: 'Customer logged in by login-test-customer; empty = operation off' },
  disabledOperations: { env: 'TESSERA_DISABLED_OPERATIONS', default: '', parse: parseOperationList, help: 'Operations switched off, e.g. "GET /users,POST /credits/actions/deposit-credits"' },
  logLevel: { env: 'TESSERA_LOG_LEVEL', default: 'info', parse: parseLogLevel, help: 'fatal, error, warn, info, debug or silent' },
} as const;

export type SettingKey = keyof typeof SETTINGS;
export type AppConfig = { [K in SettingKey]: ReturnType<(typeof SETTINGS)[K]['parse']> } & { dataDir: string };

export const DATA_DIR_ENV = 'TESSERA_DATA_DIR';
export const CONFIG_FILE_NAME = 'tessera.json';

export class ConfigError extends Error {}

export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env[DATA_DIR_ENV] || join(process.cwd(), 'data'));
}

export function configFilePath(dataDir: string): string {
  return join(dataDir, CONFIG_FILE_NAME);
}

/** Settings saved with `tessera config set`, keyed by environment variable name. */
export function readConfigFile(dataDir: string): Record<string, string> {
  const file = configFilePath(dataDir);
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
}

export function writeConfigFile(dataDir: string, values: Record<string, string>): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(configFilePath(dataDir), JSON.stringify(values, null, 2) + '\n', { mode: 0o600 });
}

/** Environment first, then the data directory's config file, then defaults. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = resolveDataDir(env);
  const saved = readConfigFile(dataDir);
  const config: Record<string, unknown> = { dataDir };
  for (const [key, setting] of Object.entries(SETTINGS)) {
    const raw = env[setting.env] ?? saved[setting.env] ?? setting.default;
    try {
      config[key] = setting.parse(raw);
    } catch (error) {
      throw new ConfigError(`${setting.env}: ${(error as Error).message}`);
    }
  }
  return config as AppConfig;
}

export function settingByEnvName(name: string): [SettingKey, (typeof SETTINGS)[SettingKey]] | undefined {
  const entry = Object.entries(SETTINGS).find(([, s]) => s.env === name.toUpperCase());
  return entry as [SettingKey, (typeof SETTINGS)[SettingKey]] | undefined;
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`"${value}" is not a port number`);
  return port;
}

function parsePositiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`"${value}" is not a positive integer`);
  return n;
}

function parseBoolean(value: string): boolean {
  if (['true', '1', 'yes'].includes(value.toLowerCase())) return true;
  if (['false', '0', 'no', ''].includes(value.toLowerCase())) return false;
  throw new Error(`"${value}" is not true or false`);
}

function parseDuration(value: string): number {
  const seconds = parseDurationSeconds(value);
  if (seconds === null) throw new Error(`"${value}" is not a duration such as 90s, 15m or 7h`);
  return seconds;
}

function parseTimeZone(value: string): string {
  if (!isValidTimeZone(value)) throw new Error(`"${value}" is not an IANA time zone`);
  return value;
}

function parseLanguage(value: string): string {
  if (!/^[a-z]{2}$/.test(value)) throw new Error(`"${value}" is not an ISO 639-1 code`);
  return value;
}

function parseLogLevel(value: string): string {
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(value)) {
    throw new Error(`"${value}" is not a log level`);
  }
  return value;
}

function parseOperationList(value: string): string[] {
  return value
    .split(',')
    .map((op) => op.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .map((op) => {
      if (!/^(GET|POST|PUT|DELETE) \/\S+$/.test(op)) throw new Error(`"${op}" is not "<METHOD> /path"`);
      return op;
    });
}
