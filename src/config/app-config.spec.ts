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
  ])('refuses %s=%s naming the variable', (name, value) => {
    expect(() => loadConfig({ TESSERA_DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TESSERA_DATA_DIR: dataDir(), [name]: value })).toThrow(name);
  });
});
