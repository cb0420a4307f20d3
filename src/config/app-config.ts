import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
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
  workers: {
    env: 'TESSERA_WORKERS',
    default: '1',
    parse: parseWorkers,
    help: 'Server processes sharing the port; auto = one per CPU core',
  },
  databaseUrl: {
    env: 'DATABASE_URL',
    default: '',
    parse: (v: string) => v,
    help: 'External PostgreSQL (14+) URL; empty = embedded PostgreSQL',
  },
  embeddedPostgresPort: { env: 'TESSERA_EMBEDDED_PG_PORT', default: '54329', parse: parsePort, help: 'Port of the embedded PostgreSQL' },
  tlsCertFile: {
    env: 'TESSERA_TLS_CERT_FILE',
    default: '',
    parse: (v: string) => v,
    help: 'PEM certificate; empty = self-signed one in the data directory',
  },
  tlsKeyFile: { env: 'TESSERA_TLS_KEY_FILE', default: '', parse: (v: string) => v, help: 'PEM private key for the certificate' },
  plainHttp: {
    env: 'TESSERA_PLAIN_HTTP',
    default: 'false',
    parse: parseBoolean,
    help: 'Serve plain HTTP (only behind a TLS-terminating proxy)',
  },
  tokenLifetimeSeconds: {
    env: 'TESSERA_TOKEN_LIFETIME',
    default: '7h',
    parse: parseDuration,
    help: 'Enterprise bearer token lifetime (e.g. 7h, 30m, 90s)',
  },
  deviceTokenMaxAgeSeconds: {
    env: 'TESSERA_DEVICE_TOKEN_MAX_AGE',
    default: '0',
    parse: parseDuration,
    help: 'Maximum age of customer device tokens; 0 = no expiry',
  },
  authTokenLifetimeSeconds: {
    env: 'TESSERA_AUTH_TOKEN_LIFETIME',
    default: '5m',
    parse: parseDuration,
    help: 'Lifetime of single-use cross-application authentication tokens',
  },
  timeZone: {
    env: 'TESSERA_TIME_ZONE',
    default: 'UTC',
    parse: parseTimeZone,
    help: 'IANA time zone of datetimes in requests and responses',
  },
  defaultLanguage: {
    env: 'TESSERA_DEFAULT_LANGUAGE',
    default: 'en',
    parse: parseLanguage,
    help: 'Language used when Accept-Language matches nothing',
  },
  loginMaxFailures: {
    env: 'TESSERA_LOGIN_MAX_FAILURES',
    default: '5',
    parse: parsePositiveInt,
    help: 'Failed logins for one login before it is throttled',
  },
  loginLockSeconds: { env: 'TESSERA_LOGIN_LOCK', default: '5m', parse: parseDuration, help: 'How long a throttled login stays locked' },
  testCustomerId: {
    env: 'TESSERA_TEST_CUSTOMER_ID',
    default: '',
    parse: (v: string) => v,
    help: 'Customer logged in by login-test-customer; empty = operation off',
  },
  disabledOperations: {
    env: 'TESSERA_DISABLED_OPERATIONS',
    default: '',
    parse: parseOperationList,
    help: 'Operations switched off, e.g. "GET /users,POST /credits/actions/deposit-credits"',
  },
  redisUrl: {
    env: 'REDIS_URL',
    default: '',
    parse: (v: string) => v,
    help: 'Redis shared by all instances for the response cache and rate-limit counters; empty = in memory',
  },
  redisPrefix: {
    env: 'TESSERA_REDIS_PREFIX',
    default: 'tessera',
    parse: parseKeyPrefix,
    help: 'Prefix of every Redis key, so projects can share one Redis',
  },
  redisTimeoutMs: {
    env: 'TESSERA_REDIS_TIMEOUT',
    default: '50ms',
    parse: parseRedisTimeout,
    help: 'Time a Redis command may take; a slower one makes this instance cache and limit in memory until Redis answers in time again',
  },
  cacheTtls: {
    env: 'TESSERA_CACHE',
    default: '',
    parse: parseCacheTtls,
    help: 'Cached GET endpoints and their time-to-live, e.g. "/countries=1h,/rewards=5m"; empty = no caching',
  },
  rateLimit: {
    env: 'TESSERA_RATE_LIMIT',
    default: '6000/1m',
    parse: parseRateLimit,
    help: 'Requests per API user or device token in a window, e.g. 6000/1m; off = unlimited',
  },
  anonymousRateLimit: {
    env: 'TESSERA_RATE_LIMIT_ANONYMOUS',
    default: '120/1m',
    parse: parseRateLimit,
    help: 'Requests per client IP to operations without a token (logins, POST /tokens); off = unlimited',
  },
  routeRateLimits: {
    env: 'TESSERA_RATE_LIMIT_ROUTES',
    default: '',
    parse: parseRouteRateLimits,
    help: 'Extra per-client limits for single operations, e.g. "POST /customers=30/1m"',
  },
  requestTimeoutSeconds: {
    env: 'TESSERA_REQUEST_TIMEOUT',
    default: '30s',
    parse: parseDuration,
    help: 'Time a client has to send a whole request, body included; a slower one gets 408. 0 = no limit',
  },
  databaseConnectTimeoutSeconds: {
    env: 'TESSERA_DATABASE_CONNECT_TIMEOUT',
    default: '5s',
    parse: parseConnectTimeout,
    help: 'Longest a request waits for a database connection (1s-30s); past it, or at once when the database refuses, it answers 503',
  },
  trustProxy: {
    env: 'TESSERA_TRUST_PROXY',
    default: 'false',
    parse: parseBoolean,
    help: 'Take the client IP from X-Forwarded-For (only behind a trusted proxy)',
  },
  recommendationTrainingSeconds: {
    env: 'TESSERA_RECOMMENDATION_TRAINING',
    default: '1h',
    parse: parseDuration,
    help: 'How often the recommendation model learns from new purchases (one instance at a time); 0 = only by `tessera recommendations train`',
  },
  recommendationThirdPartyWeight: {
    env: 'TESSERA_RECOMMENDATION_THIRD_PARTY_WEIGHT',
    default: '0.5',
    parse: parseWeight,
    help: "Weight of third-party scores in the engine's blend (0-10; the customer's own purchases weigh 1)",
  },
  smtpUrl: {
    env: 'TESSERA_SMTP_URL',
    default: '',
    parse: parseSmtpUrl,
    help: 'SMTP server e-mail messages go out through (smtp://user:pass@host:587 or smtps://...); empty = e-mail off',
  },
  mailFrom: {
    env: 'TESSERA_MAIL_FROM',
    default: 'Tessera <no-reply@localhost>',
    parse: (v: string) => v,
    help: 'Sender of e-mails whose template names none',
  },
  smsGatewayUrl: {
    env: 'TESSERA_SMS_GATEWAY_URL',
    default: '',
    parse: parseHttpUrl,
    help: "The operator's SMS provider endpoint (signed JSON POST); empty = SMS off",
  },
  smsGatewaySecret: {
    env: 'TESSERA_SMS_GATEWAY_SECRET',
    default: '',
    parse: parseWebhookSecret,
    help: 'Key SMS gateway requests are signed with (whsec_ followed by base64)',
  },
  pushGatewayUrl: {
    env: 'TESSERA_PUSH_GATEWAY_URL',
    default: '',
    parse: parseHttpUrl,
    help: "The operator's mobile push provider endpoint (signed JSON POST); empty = push off",
  },
  pushGatewaySecret: {
    env: 'TESSERA_PUSH_GATEWAY_SECRET',
    default: '',
    parse: parseWebhookSecret,
    help: 'Key push gateway requests are signed with (whsec_ followed by base64)',
  },
  attachmentPrivateHosts: {
    env: 'TESSERA_ATTACHMENT_PRIVATE_HOSTS',
    default: 'false',
    parse: parseBoolean,
    help: 'Whether message attachments given by URL may be fetched from loopback, private and link-local addresses',
  },
  messagePollSeconds: {
    env: 'TESSERA_MESSAGE_POLL',
    default: '5s',
    parse: parseDuration,
    help: 'How often a server looks for messages due for delivery; 0 = this server delivers none',
  },
  messageMaxAttempts: {
    env: 'TESSERA_MESSAGE_MAX_ATTEMPTS',
    default: '5',
    parse: parsePositiveInt,
    help: 'Delivery attempts of a message before it is marked failed (status 2)',
  },
  messageRetrySeconds: {
    env: 'TESSERA_MESSAGE_RETRY',
    default: '1m',
    parse: parseDuration,
    help: 'Wait before the first retry of a failed delivery; it doubles with each further attempt',
  },
  publicUrl: {
    env: 'TESSERA_PUBLIC_URL',
    default: '',
    parse: parseHttpUrl,
    help: 'Address clients reach this server at (https://crm.example.com); e-mails embed the open-tracking pixel only when set',
  },
  otpTtlSeconds: { env: 'TESSERA_OTP_TTL', default: '1h', parse: parseDuration, help: 'How long a one-time password stays valid' },
  otpLength: { env: 'TESSERA_OTP_LENGTH', default: '6', parse: parseOtpLength, help: 'Characters of a one-time password (4-12)' },
  passwordSetupUrl: {
    env: 'TESSERA_PASSWORD_SETUP_URL',
    default: '',
    parse: parseHttpUrl,
    help: 'Page password-setup links open, with ?token=... added (or {token} replaced); empty = send-password-setup-email off',
  },
  passwordSetupTtlSeconds: {
    env: 'TESSERA_PASSWORD_SETUP_TTL',
    default: '24h',
    parse: parseDuration,
    help: 'How long a password-setup link stays valid',
  },
  secretKey: {
    env: 'TESSERA_SECRET_KEY',
    default: '',
    parse: parseSecretKey,
    help: 'Key (base64 of 32 bytes) stored webhook secrets are encrypted with; empty = a key file generated once in the data directory',
  },
  webhookPrivateTargets: {
    env: 'TESSERA_WEBHOOK_PRIVATE_TARGETS',
    default: 'false',
    parse: parseBoolean,
    help: 'Whether webhooks may be sent to loopback, private and link-local addresses',
  },
  webhookPollSeconds: {
    env: 'TESSERA_WEBHOOK_POLL',
    default: '5s',
    parse: parseDuration,
    help: 'How often a server looks for customer events and webhook deliveries due; 0 = this server sends none',
  },
  webhookRetrySeconds: {
    env: 'TESSERA_WEBHOOK_RETRY',
    default: '30s',
    parse: parseDuration,
    help: 'Wait before the first retry of a failed webhook delivery; it doubles per attempt (with jitter, at most 6h) for about three days',
  },
  webhookLeaseSeconds: {
    env: 'TESSERA_WEBHOOK_LEASE',
    default: '2m',
    parse: parseWebhookLease,
    help: 'How long a server holds a webhook delivery it is sending (at least 20s); one that dies mid-send leaves it due again after this',
  },
  webhookLogRetentionSeconds: {
    env: 'TESSERA_WEBHOOK_LOG_RETENTION',
    default: '30d',
    parse: parseWebhookLogRetention,
    help: 'How long finished webhook deliveries stay in the delivery log (at least 4d, beyond the retry window)',
  },
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

function parseWorkers(value: string): number {
  if (value.trim().toLowerCase() === 'auto') return availableParallelism();
  const count = Number(value);
  if (!Number.isInteger(count) || count < 1) throw new Error(`"${value}" is neither a positive integer nor auto`);
  return count;
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

/** Milliseconds (`50ms`) or a duration (`1s`), at most 10s: a stalled Redis must be bypassed well within a request. */
function parseRedisTimeout(value: string): number {
  const millis = /^\s*(\d+)\s*ms\s*$/.exec(value);
  const ms = millis ? Number(millis[1]) : parseDuration(value) * 1000;
  if (ms < 1 || ms > 10_000) throw new Error(`"${value}" is not between 1ms and 10s`);
  return ms;
}

/** At most the request timeout's default: no request should wait longer for a connection than its client waits for the answer. */
function parseConnectTimeout(value: string): number {
  const seconds = parseDuration(value);
  if (seconds < 1 || seconds > 30) throw new Error(`"${value}" is not from 1s to 30s`);
  return seconds;
}

function parseWeight(value: string): number {
  const weight = Number(value);
  if (value.trim() === '' || !Number.isFinite(weight) || weight < 0 || weight > 10)
    throw new Error(`"${value}" is not a number from 0 to 10`);
  return weight;
}

function parseTimeZone(value: string): string {
  if (!isValidTimeZone(value)) throw new Error(`"${value}" is not an IANA time zone`);
  return value;
}

function parseLanguage(value: string): string {
  if (!/^[a-z]{2}$/.test(value)) throw new Error(`"${value}" is not an ISO 639-1 code`);
  return value;
}

function parseSmtpUrl(value: string): string {
  if (value !== '' && !/^smtps?:\/\/[^\s/]+/.test(value)) throw new Error('is not an smtp:// or smtps:// URL');
  return value;
}

function parseHttpUrl(value: string): string {
  if (value !== '' && !/^https?:\/\/[^\s/]+/.test(value)) throw new Error('is not an http:// or https:// URL');
  return value.replace(/\/+$/, '');
}

/** The Standard Webhooks secret form: `whsec_` and base64 of at least 24 bytes. */
function parseWebhookSecret(value: string): string {
  if (value === '') return value;
  const key = /^whsec_([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!key || Buffer.from(key[1], 'base64').length < 24) throw new Error('is not whsec_ followed by base64 of at least 24 bytes');
  return value;
}

/** A 256-bit key as base64. */
function parseSecretKey(value: string): string {
  if (value !== '' && (!/^[A-Za-z0-9+/]+={0,2}$/.test(value) || Buffer.from(value, 'base64').length !== 32))
    throw new Error('is not base64 of 32 bytes');
  return value;
}

/** Longer than the three days of retries, so a delivery is never forgotten while it may still be sent. */
/** A lease must outlast a send (15 s at most) and the recording of its outcome, or a live send could be repeated. */
function parseWebhookLease(value: string): number {
  const seconds = parseDuration(value);
  if (seconds < 20) throw new Error(`"${value}" is shorter than 20s`);
  return seconds;
}

function parseWebhookLogRetention(value: string): number {
  const seconds = parseDuration(value);
  if (seconds < 4 * 24 * 3600) throw new Error(`"${value}" is shorter than 4d`);
  return seconds;
}

function parseOtpLength(value: string): number {
  const length = Number(value);
  if (!Number.isInteger(length) || length < 4 || length > 12) throw new Error(`"${value}" is not a whole number from 4 to 12`);
  return length;
}

function parseLogLevel(value: string): string {
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(value)) {
    throw new Error(`"${value}" is not a log level`);
  }
  return value;
}

/** A request budget: at most `limit` requests per `windowSeconds`. */
export interface RateLimit {
  limit: number;
  windowSeconds: number;
}

function parseRateLimit(value: string): RateLimit | null {
  if (value.trim().toLowerCase() === 'off') return null;
  const match = /^\s*(\d+)\s*\/\s*(\S+)\s*$/.exec(value);
  const windowSeconds = match ? parseDurationSeconds(match[2]) : null;
  if (!match || !windowSeconds || Number(match[1]) < 1) throw new Error(`"${value}" is not "<requests>/<window>" such as 600/1m, or off`);
  return { limit: Number(match[1]), windowSeconds };
}

function parseRouteRateLimits(value: string): Record<string, RateLimit> {
  const limits: Record<string, RateLimit> = {};
  for (const entry of splitList(value)) {
    const [operation, rate] = splitAssignment(entry);
    if (!/^(GET|POST|PUT|DELETE) \/\S+$/.test(operation)) throw new Error(`"${operation}" is not "<METHOD> /path"`);
    const limit = parseRateLimit(rate);
    if (limit) limits[operation] = limit;
  }
  return limits;
}

/** Path template (as in the API reference, e.g. `/stores/{store_id}`) -> seconds to keep its answers. */
function parseCacheTtls(value: string): Record<string, number> {
  const ttls: Record<string, number> = {};
  for (const entry of splitList(value)) {
    const [path, duration] = splitAssignment(entry);
    if (!/^\/\S*$/.test(path)) throw new Error(`"${path}" is not a path such as /countries`);
    const seconds = parseDurationSeconds(duration);
    if (!seconds) throw new Error(`"${duration}" is not a time-to-live such as 300, 5m or 1h`);
    ttls[path] = seconds;
  }
  return ttls;
}

function parseKeyPrefix(value: string): string {
  if (!/^[A-Za-z0-9_.:-]+$/.test(value)) throw new Error(`"${value}" may only hold letters, digits and _ . : -`);
  return value;
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim().replace(/\s+/g, ' '))
    .filter(Boolean);
}

function splitAssignment(entry: string): [string, string] {
  const at = entry.lastIndexOf('=');
  if (at < 1) throw new Error(`"${entry}" is not "<name>=<value>"`);
  return [entry.slice(0, at).trim(), entry.slice(at + 1).trim()];
}

function parseOperationList(value: string): string[] {
  return splitList(value).map((op) => {
    if (!/^(GET|POST|PUT|DELETE) \/\S+$/.test(op)) throw new Error(`"${op}" is not "<METHOD> /path"`);
    return op;
  });
}
