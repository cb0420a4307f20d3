import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APPLIED_LIVE, BEFORE_DATABASE, ConfigError, loadConfig, resolveSetting, writeConfigFile } from './app-config';
import { parseDurationSeconds } from './duration';

describe('parseDurationSeconds', () => {
  it.each([
    ['90', 90],
    ['30s', 30],
    ['15m', 900],
    ['7h', 25200],
    ['2d', 172800],
    ['7 h', 25200],
    ['-1', null],
    ['1.5h', null],
  ])('%s -> %s', (text, seconds) => {
    expect(parseDurationSeconds(text)).toBe(seconds);
  });
});

describe('loadConfig', () => {
  const dataDir = () => mkdtempSync(join(tmpdir(), 'tessera-config-'));

  it('has documented defaults', () => {
    const config = loadConfig({ TESSERA_DATA_DIR: dataDir() });
    expect(config).toMatchObject({ port: 8443, tokenLifetimeSeconds: 7 * 3600, timeZone: 'UTC', plainHttp: false, databaseUrl: '' });
  });

  it('reads the Redis timeout in milliseconds or as a duration', () => {
    expect(loadConfig({ TESSERA_DATA_DIR: dataDir() }).redisTimeoutMs).toBe(50);
    expect(loadConfig({ TESSERA_DATA_DIR: dataDir(), TESSERA_REDIS_TIMEOUT: '120ms' }).redisTimeoutMs).toBe(120);
    expect(loadConfig({ TESSERA_DATA_DIR: dataDir(), TESSERA_REDIS_TIMEOUT: '2s' }).redisTimeoutMs).toBe(2000);
  });

  it('reads the config file, and the environment wins over it', () => {
    const dir = dataDir();
    writeConfigFile(dir, { PORT: '9000', TESSERA_TIME_ZONE: 'Europe/Prague' });
    expect(loadConfig({ TESSERA_DATA_DIR: dir })).toMatchObject({ port: 9000, timeZone: 'Europe/Prague' });
    expect(loadConfig({ TESSERA_DATA_DIR: dir, PORT: '9001' }).port).toBe(9001);
  });

  it.each([
    ['PORT', 'http'],
    ['TESSERA_TOKEN_LIFETIME', 'forever'],
    ['TESSERA_TIME_ZONE', 'Nowhere/Town'],
    ['TESSERA_DISABLED_OPERATIONS', 'users'],
    ['TESSERA_PLAIN_HTTP', 'maybe'],
    ['TESSERA_CACHE', 'countries=1h'],
    ['TESSERA_CACHE', '/countries=soon'],
    ['TESSERA_RATE_LIMIT', '100'],
    ['TESSERA_RATE_LIMIT', '0/1m'],
    ['TESSERA_RATE_LIMIT_ROUTES', '/customers=1/1s'],
    ['TESSERA_REDIS_PREFIX', 'has space'],
    ['TESSERA_REDIS_TIMEOUT', '0ms'],
    ['TESSERA_REDIS_TIMEOUT', '50'],
    ['TESSERA_SMTP_URL', 'mail.example.test:25'],
    ['TESSERA_SMS_GATEWAY_URL', 'ftp://sms.example.test'],
    ['TESSERA_PUSH_GATEWAY_SECRET', 'not-a-secret'],
    ['TESSERA_OTP_LENGTH', '3'],
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ TESSERA_DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TESSERA_DATA_DIR: dataDir(), [name]: value })).toThrow(name);
  });

  it('reads cache lifetimes and request budgets', () => {
    const config = loadConfig({
      TESSERA_DATA_DIR: dataDir(),
      TESSERA_CACHE: '/countries=1h, /stores/{store_id}=90',
      TESSERA_RATE_LIMIT: '600/1m',
      TESSERA_RATE_LIMIT_ANONYMOUS: 'off',
      TESSERA_RATE_LIMIT_ROUTES: 'POST  /customers=30/1m',
    });
    expect(config.cacheTtls).toEqual({ '/countries': 3600, '/stores/{store_id}': 90 });
    expect(config.rateLimit).toEqual({ limit: 600, windowSeconds: 60 });
    expect(config.anonymousRateLimit).toBeNull();
    expect(config.routeRateLimits).toEqual({ 'POST /customers': { limit: 30, windowSeconds: 60 } });
  });
});

describe('resolveSetting', () => {
  const name = 'TESSERA_LOGIN_LOCK';

  it('takes the environment, then the operator API, then the file, then the default', () => {
    const env = { [name]: '1m' };
    const operator = { [name]: '2m' };
    const file = { [name]: '3m' };
    expect(resolveSetting('loginLockSeconds', env, operator, file)).toEqual({ value: '1m', source: 'env' });
    expect(resolveSetting('loginLockSeconds', {}, operator, file)).toEqual({ value: '2m', source: 'operator' });
    expect(resolveSetting('loginLockSeconds', {}, {}, file)).toEqual({ value: '3m', source: 'file' });
    expect(resolveSetting('loginLockSeconds', {}, {}, {})).toEqual({ value: '5m', source: 'default' });
  });

  it('counts an empty environment variable as set', () => {
    expect(resolveSetting('testCustomerId', { TESSERA_TEST_CUSTOMER_ID: '' }, { TESSERA_TEST_CUSTOMER_ID: 'x' }, {}).source).toBe('env');
  });

  it('never takes an operator value for a setting needed before the database is reached', () => {
    const operator = { DATABASE_URL: 'postgres://elsewhere/db', TESSERA_SECRET_KEY: Buffer.alloc(32).toString('base64') };
    expect(resolveSetting('databaseUrl', {}, operator, {})).toEqual({ value: '', source: 'default' });
    expect(resolveSetting('secretKey', {}, operator, { TESSERA_SECRET_KEY: 'file-key' })).toEqual({ value: 'file-key', source: 'file' });
  });

  it('keeps the settings applied at once apart from those needed before the database', () => {
    expect([...APPLIED_LIVE].filter((key) => BEFORE_DATABASE.has(key))).toEqual([]);
  });
});

describe('loadConfig with operator values', () => {
  it('takes them above the file and below the environment, and records what the environment gave', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'));
    writeConfigFile(dir, { TESSERA_LOGIN_MAX_FAILURES: '7', PORT: '9000' });
    const config = loadConfig({ TESSERA_DATA_DIR: dir, PORT: '9001' }, { TESSERA_LOGIN_MAX_FAILURES: '3', PORT: '9002' });
    expect(config).toMatchObject({ loginMaxFailures: 3, port: 9001 });
    expect(config.environment).toEqual({ PORT: '9001' });
  });

  it('names an operator value that does not parse, and how to start anyway', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-config-'));
    expect(() => loadConfig({ TESSERA_DATA_DIR: dir }, { TESSERA_LOGIN_LOCK: 'soon' })).toThrow(
      /TESSERA_LOGIN_LOCK \(saved through the operator API; the environment outranks it\)/,
    );
  });
});
