import { APPLIED_LIVE, BEFORE_DATABASE, CONFIG_FILE_NAME, DATA_DIR_ENV, SETTINGS, SettingKey } from './app-config';

/** Where the generated page lives, from the repository root. */
export const CONFIG_REFERENCE_PAGE = 'docs/operating/configuration.md';

const DATA_DIR_HELP = `Environment only. Embedded database files, self-signed certificate, saved settings (${CONFIG_FILE_NAME}) and the key stored secrets are encrypted with`;

/**
 * The configuration reference page, rendered from SETTINGS: one row per setting with its environment
 * variable, default, when a change saved through the operator API applies, and help text.
 * `npm run docs:config` writes it; a unit test fails when the committed page differs.
 */
export function renderConfigReference(): string {
  const rows: [string, string, string, string][] = [[DATA_DIR_ENV, './data', 'environment only', DATA_DIR_HELP]];
  for (const [key, setting] of Object.entries(SETTINGS) as [SettingKey, (typeof SETTINGS)[SettingKey]][]) {
    rows.push([setting.env, setting.default, appliesOf(key), setting.help]);
  }
  const table = rows.map(
    ([env, value, applies, help]) => `| \`${env}\` | ${value === '' ? '(empty)' : code(value)} | ${applies} | ${cell(help)} |`,
  );
  return [
    '<!-- Generated from src/config/app-config.ts by `npm run docs:config`; edit the help texts there. -->',
    '',
    '# Configuration reference',
    '',
    'A setting is taken from the first of these that holds it:',
    '',
    "1. the server's environment, which always wins;",
    '2. the operator API: `PUT /admin/api/v1/settings/{name}` with `{"value": "..."}` (permission',
    '   `settings:write`) keeps the value in the database, for every instance on it, in the same',
    '   transaction as its audit row; `POST /admin/api/v1/settings/{name}/actions/reset` removes it;',
    `3. \`<data dir>/${CONFIG_FILE_NAME}\`, written by \`tessera config set NAME VALUE\` and emptied by`,
    '   `tessera config unset NAME`, which work without a database, so a broken configuration can be',
    '   repaired;',
    '4. the default below.',
    '',
    'A value saved through the operator API reaches every running instance through the change feed.',
    'Those marked **at once** below take it within moments: each instance reads them where it uses them,',
    'or re-applies them (the log level, the polls, the switched-off operations); tokens, sessions, codes',
    'and links already issued keep the lifetime they were issued with. Those marked **restart** are read',
    'once, when a server starts: the answer lists them in `restart_required`, and running servers keep',
    'the old value until they restart. Those marked **environment or file** are needed before the',
    'database is reached (or open the secrets kept in it), so the operator API refuses them. A change',
    'that the environment outranks is saved but has no effect, and the answer names it in',
    "`overridden_by_environment`. The data directory's file is read at start-up only, whatever the",
    'setting.',
    '',
    '`GET /admin/api/v1/settings` (`settings:read`) lists every setting with its value (keys and',
    'passwords masked), its source (`env`, `operator`, `file` or `default`) and `applies` (`at_once` or',
    '`restart`); `tessera config list` shows the environment and the file, as it reads no database.',
    'Signing keys saved through the operator API are stored encrypted with `TESSERA_SECRET_KEY`.',
    'Durations are written `90s`, `15m`, `7h` or `2d`.',
    '',
    '| variable | default | a saved change applies | meaning |',
    '| --- | --- | --- | --- |',
    ...table,
    '',
    'See also: [Scaling](./scaling.md) for `TESSERA_WORKERS`, `REDIS_URL` and several instances,',
    '[Caching and rate limits](../integrating/caching.md) for `TESSERA_CACHE` and the rate limits,',
    '[Messages and templates](../programme/messages.md) for the delivery settings, and',
    '[Webhooks](../programme/webhooks.md) for the webhook settings.',
    '',
  ].join('\n');
}

function appliesOf(key: SettingKey): string {
  if (BEFORE_DATABASE.has(key)) return 'environment or file';
  return APPLIED_LIVE.has(key) ? 'at once' : 'restart';
}

function code(text: string): string {
  return `\`${text}\``;
}

/** A table cell: pipes escaped, quoted examples shown as code. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/"([^"]+)"/g, '`$1`');
}
