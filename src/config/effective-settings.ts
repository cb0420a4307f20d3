import { READ_AT_START_UP, readConfigFile, SETTINGS, SettingKey, settingByEnvName, writeConfigFile } from './app-config';

/** Where a setting's value comes from; the environment outranks the saved file, which outranks the default. */
export type SettingSource = 'env' | 'file' | 'default';

export interface EffectiveSetting {
  key: SettingKey;
  env: string;
  /** As given; a secret is masked by `shownValue` before anyone sees it. */
  value: string;
  source: SettingSource;
  help: string;
  /** Why the value does not parse, when it does not. */
  error?: string;
  /** Running servers read it once at start-up: a change reaches them when they restart. */
  readAtStartUp: boolean;
}

export function effectiveSettings(env: NodeJS.ProcessEnv, dataDir: string): EffectiveSetting[] {
  const saved = readConfigFile(dataDir);
  return (Object.entries(SETTINGS) as [SettingKey, (typeof SETTINGS)[SettingKey]][]).map(([key, setting]) => {
    const source: SettingSource = env[setting.env] !== undefined ? 'env' : saved[setting.env] !== undefined ? 'file' : 'default';
    const value = source === 'env' ? env[setting.env]! : source === 'file' ? saved[setting.env] : setting.default;
    let error: string | undefined;
    try {
      setting.parse(value);
    } catch (e) {
      error = (e as Error).message;
    }
    return { key, env: setting.env, value, source, help: setting.help, error, readAtStartUp: READ_AT_START_UP.has(key) };
  });
}

/** Saves a value in the data directory's file after checking it parses; the parse error's message otherwise. */
export function saveSetting(dataDir: string, key: SettingKey, value: string): string | null {
  const setting = SETTINGS[key];
  try {
    setting.parse(value);
  } catch (error) {
    return (error as Error).message;
  }
  writeConfigFile(dataDir, { ...readConfigFile(dataDir), [setting.env]: value });
  return null;
}

/** Removes a saved value, so the default (or the environment) applies; false when none was saved. */
export function removeSetting(dataDir: string, key: SettingKey): boolean {
  const saved = readConfigFile(dataDir);
  const env = SETTINGS[key].env;
  if (!(env in saved)) return false;
  delete saved[env];
  writeConfigFile(dataDir, saved);
  return true;
}

export function settingKeyOf(name: string): SettingKey | undefined {
  return settingByEnvName(name)?.[0];
}

/** Settings whose whole value is a key, and URLs that may carry a password: never shown as they are. */
const KEY_SETTINGS: ReadonlySet<string> = new Set([SETTINGS.smsGatewaySecret.env, SETTINGS.pushGatewaySecret.env, SETTINGS.secretKey.env]);
// Every setting that is a URL may carry a user and password.
const URL_SETTINGS: ReadonlySet<string> = new Set(
  [SETTINGS.databaseUrl, SETTINGS.smtpUrl, SETTINGS.redisUrl, SETTINGS.smsGatewayUrl, SETTINGS.pushGatewayUrl].map(
    (setting) => setting.env,
  ),
);

export function shownValue(env: string, value: string): string {
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
