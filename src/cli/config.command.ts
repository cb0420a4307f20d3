import {
  READ_AT_START_UP,
  readConfigFile,
  resolveDataDir,
  SETTINGS,
  SettingKey,
  settingByEnvName,
  writeConfigFile,
} from '../config/app-config';
import { CliIo, UsageError } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

type Source = 'env' | 'file' | 'default';

interface EffectiveSetting {
  env: string;
  value: string;
  source: Source;
  help: string;
  error?: string;
}

/** `tessera config list|get|set|unset`: no database needed, so a broken configuration can be repaired. */
export const configCommand = cliCommand({
  list: async (_args, options: JsonOption, io) => {
    io.stdout(formatTable(effectiveSettings(io.env, resolveDataDir(io.env)), options.json, io.terminalColumns));
    return 0;
  },
  get: async ([name], _options, io) => {
    const env = findSetting(name)[1].env;
    io.stdout(`${effectiveSettings(io.env, resolveDataDir(io.env)).find((s) => s.env === env)!.value}\n`);
    return 0;
  },
  set: async ([name, value], _options, io) => {
    const dataDir = resolveDataDir(io.env);
    const [key, setting] = findSetting(name);
    const env = setting.env;
    try {
      setting.parse(value);
    } catch (error) {
      io.stderr(`${env}: ${(error as Error).message}\n`);
      return 1;
    }
    writeConfigFile(dataDir, { ...readConfigFile(dataDir), [env]: value });
    io.stdout(`${env} saved in ${dataDir}\n`);
    noteRestart(key, io);
    warnIfOverridden(env, io);
    return 0;
  },
  unset: async ([name], _options, io) => {
    const dataDir = resolveDataDir(io.env);
    const [key, { env }] = findSetting(name);
    const saved = readConfigFile(dataDir);
    if (!(env in saved)) {
      io.stdout(`${env} is not saved in ${dataDir}\n`);
      return 0;
    }
    delete saved[env];
    writeConfigFile(dataDir, saved);
    io.stdout(`${env} removed from ${dataDir}\n`);
    noteRestart(key, io);
    warnIfOverridden(env, io);
    return 0;
  },
});

function findSetting(name: string): [SettingKey, (typeof SETTINGS)[SettingKey]] {
  const found = settingByEnvName(name);
  if (!found) throw new UsageError(`Unknown setting "${name}"; \`tessera config list\` shows them all`, false);
  return found;
}

/** Saving succeeds silently for a server already running, so say when it keeps the old value. */
function noteRestart(key: SettingKey, io: CliIo): void {
  if (!READ_AT_START_UP.has(key)) return;
  io.stdout(`Running servers read ${SETTINGS[key].env} only at start-up: restart them for the change to take effect\n`);
}

function effectiveSettings(env: NodeJS.ProcessEnv, dataDir: string): EffectiveSetting[] {
  const saved = readConfigFile(dataDir);
  return Object.values(SETTINGS).map((setting) => {
    const source: Source = env[setting.env] !== undefined ? 'env' : saved[setting.env] !== undefined ? 'file' : 'default';
    const value = source === 'env' ? env[setting.env]! : source === 'file' ? saved[setting.env] : setting.default;
    let error: string | undefined;
    try {
      setting.parse(value);
    } catch (e) {
      error = (e as Error).message;
    }
    return { env: setting.env, value, source, help: setting.help, error };
  });
}

function formatTable(settings: EffectiveSetting[], json: boolean | undefined, maxWidth: number | undefined): string {
  return formatRows(
    ['NAME', 'VALUE', 'SOURCE', 'HELP'],
    settings.map((s) => [s.env, shownValue(s.env, s.value), s.source, s.error ? `INVALID: ${s.error}. ${s.help}` : s.help]),
    json,
    maxWidth,
  );
}

/** Settings whose whole value is a key, and URLs that may carry a password: `list` does not print them. */
const KEY_SETTINGS: ReadonlySet<string> = new Set([SETTINGS.smsGatewaySecret.env, SETTINGS.pushGatewaySecret.env, SETTINGS.secretKey.env]);
const URL_SETTINGS: ReadonlySet<string> = new Set([SETTINGS.databaseUrl.env, SETTINGS.smtpUrl.env]);

function shownValue(env: string, value: string): string {
  if (KEY_SETTINGS.has(env)) return value ? '****' : value;
  return URL_SETTINGS.has(env) ? maskPassword(value) : value;
}

function maskPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (!parsed.password) return url;
    parsed.password = '****';
    return parsed.toString();
  } catch {
    return url;
  }
}

/** The environment outranks the file, so a saved change may have no effect yet. */
function warnIfOverridden(env: string, io: CliIo): void {
  if (io.env[env] !== undefined) io.stderr(`Note: ${env} is also set in the environment, which takes precedence\n`);
}
