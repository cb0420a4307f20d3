import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, writeConfigFile } from './app-config';
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
