import {
  APPLIED_LIVE,
  readConfigFile,
  resolveSetting,
  SETTINGS,
  SettingKey,
  settingByEnvName,
  SettingSource,
  writeConfigFile,
} from './app-config';

export interface EffectiveSetting {
  key: SettingKey;
  env: string;
  /** As given; a secret is masked by `shownValue` before anyone sees it. */
  value: string;
  source: SettingSource;
  help: string;
  /** Why the value does not parse, when it does not. */
  error?: string;
  /** Running instances take a value saved through the operator API at once (`APPLIED_LIVE`); otherwise at their next start. */
  appliesLive: boolean;
}

/**
 * Every setting as a server starting now would take it: `env` is the environment, `operator` the
 * values saved through the operator API (empty where the database is not read, as in `tessera config`).
 */
export function effectiveSettings(
  env: Readonly<Record<string, string | undefined>>,
  dataDir: string,
  operator: Readonly<Record<string, string>> = {},
): EffectiveSetting[] {
  const saved = readConfigFile(dataDir);
  return (Object.entries(SETTINGS) as [SettingKey, (typeof SETTINGS)[SettingKey]][]).map(([key, setting]) => {
    const { value, source } = resolveSetting(key, env, operator, saved);
    return { key, env: setting.env, value, source, help: setting.help, error: parseError(key, value), appliesLive: APPLIED_LIVE.has(key) };
  });
}

/** Why `value` is not a valid value of the setting, or undefined when it is. */
export function parseError(key: SettingKey, value: string): string | undefined {
  try {
    SETTINGS[key].parse(value);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

/** Saves a value in the data directory's file after checking it parses; the parse error's message otherwise. */
export function saveSetting(dataDir: string, key: SettingKey, value: string): string | null {
  const problem = parseError(key, value);
  if (problem) return problem;
  writeConfigFile(dataDir, { ...readConfigFile(dataDir), [SETTINGS[key].env]: value });
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
export const KEY_SETTINGS: ReadonlySet<string> = new Set([
  SETTINGS.smsGatewaySecret.env,
  SETTINGS.pushGatewaySecret.env,
  SETTINGS.secretKey.env,
]);
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
