import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EntityManager } from 'typeorm';
import { loadConfig, writeConfigFile } from '../../config/app-config';
import { ChangeFeed, ChangeListener } from '../change-feed/change-feed.service';
import { LiveSettings } from './live-settings.service';

/** A change feed whose notifications the test sends, over a table of saved values it holds. */
function fakeFeed(rows: Record<string, string>) {
  const listeners: ChangeListener[] = [];
  return {
    on: (_tables: readonly string[], listener: ChangeListener) => listeners.push(listener),
    load: <T>(read: (manager: EntityManager) => Promise<T>) =>
      read({
        query: async () => Object.entries(rows).map(([name, value]) => ({ name, value, encrypted: false })),
      } as unknown as EntityManager),
  };
}

describe('LiveSettings', () => {
  const start = (env: Record<string, string>, rows: Record<string, string>, file: Record<string, string> = {}) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tessera-live-'));
    writeConfigFile(dataDir, file);
    const config = loadConfig({ TESSERA_DATA_DIR: dataDir, ...env });
    return { config, live: new LiveSettings(config, fakeFeed(rows) as unknown as ChangeFeed) };
  };

  it('writes a saved value into the configuration and calls the hooks of what changed', async () => {
    const rows: Record<string, string> = {};
    const { config, live } = start({}, rows);
    const levels: string[] = [];
    live.onChange(['logLevel'], () => levels.push(config.logLevel));
    const others = jest.fn();
    live.onChange(['figuresPollSeconds'], others);

    rows.TESSERA_LOG_LEVEL = 'debug';
    await live.refresh();
    expect(levels).toEqual(['debug']);
    await live.refresh();
    expect(levels).toEqual(['debug']);
    expect(others).not.toHaveBeenCalled();
  });

  it('goes back to the file, then the default, when the saved value is removed', async () => {
    const rows: Record<string, string> = { TESSERA_LOGIN_LOCK: '1m', TESSERA_OTP_LENGTH: '8' };
    const { config, live } = start({}, rows, { TESSERA_LOGIN_LOCK: '10m' });
    await live.refresh();
    expect([config.loginLockSeconds, config.otpLength]).toEqual([60, 8]);
    delete rows.TESSERA_LOGIN_LOCK;
    delete rows.TESSERA_OTP_LENGTH;
    await live.refresh();
    expect([config.loginLockSeconds, config.otpLength]).toEqual([600, 6]);
  });

  it('leaves alone what the environment set, settings read at start-up, and values it never saw saved', async () => {
    const { config, live } = start({ TESSERA_LOG_LEVEL: 'warn' }, { TESSERA_LOG_LEVEL: 'debug', PORT: '9999' });
    config.figuresPollSeconds = 3;
    await live.refresh();
    expect([config.logLevel, config.port, config.figuresPollSeconds]).toEqual(['warn', 8443, 3]);
  });
});
