import { resolveDataDir, SETTINGS, SettingKey } from '../config/app-config';
import { effectiveSettings, EffectiveSetting, removeSetting, saveSetting, settingKeyOf, shownValue } from '../config/effective-settings';
import { CliIo, UsageError } from './cli-io';
import { cliCommand, JsonOption } from './cli-command';
import { formatRows } from './text-table';

/** `tessera config list|get|set|unset`: no database needed, so a broken configuration can be repaired. */
export const configCommand = cliCommand({
  list: async (_args, options: JsonOption, io) => {
    io.stdout(formatTable(effectiveSettings(io.env, resolveDataDir(io.env)), options.json, io.terminalColumns));
    return 0;
  },
  get: async ([name], _options, io) => {
    const key = findSetting(name);
    io.stdout(`${effectiveSettings(io.env, resolveDataDir(io.env)).find((s) => s.key === key)!.value}\n`);
    return 0;
  },
  set: async ([name, value], _options, io) => {
    const dataDir = resolveDataDir(io.env);
    const key = findSetting(name);
    const env = SETTINGS[key].env;
    const problem = saveSetting(dataDir, key, value);
    if (problem) {
      io.stderr(`${env}: ${problem}\n`);
      return 1;
    }
    io.stdout(`${env} saved in ${dataDir}\n`);
    noteRestart(key, io);
    warnIfOverridden(env, io);
    return 0;
  },
  unset: async ([name], _options, io) => {
    const dataDir = resolveDataDir(io.env);
    const key = findSetting(name);
    const env = SETTINGS[key].env;
    if (!removeSetting(dataDir, key)) {
      io.stdout(`${env} is not saved in ${dataDir}\n`);
      return 0;
    }
    io.stdout(`${env} removed from ${dataDir}\n`);
    noteRestart(key, io);
    warnIfOverridden(env, io);
    return 0;
  },
});

function findSetting(name: string): SettingKey {
  const found = settingKeyOf(name);
  if (!found) throw new UsageError(`Unknown setting "${name}"; \`tessera config list\` shows them all`, false);
  return found;
}

/** Servers read the file only when they start, so saving succeeds silently for one already running: say it keeps the old value. */
function noteRestart(key: SettingKey, io: CliIo): void {
  io.stdout(`Running servers read ${SETTINGS[key].env} only at start-up: restart them for the change to take effect\n`);
}

function formatTable(settings: EffectiveSetting[], json: boolean | undefined, maxWidth: number | undefined): string {
  return formatRows(
    ['NAME', 'VALUE', 'SOURCE', 'HELP'],
    settings.map((s) => [s.env, shownValue(s.env, s.value), s.source, s.error ? `INVALID: ${s.error}. ${s.help}` : s.help]),
    json,
    maxWidth,
  );
}

/** The environment outranks the file, so a saved change may have no effect yet. */
function warnIfOverridden(env: string, io: CliIo): void {
  if (io.env[env] !== undefined) io.stderr(`Note: ${env} is also set in the environment, which takes precedence\n`);
}
