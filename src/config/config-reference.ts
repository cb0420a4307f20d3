import { CONFIG_FILE_NAME, DATA_DIR_ENV, SETTINGS } from './app-config';

/** Where the generated page lives, from the repository root. */
export const CONFIG_REFERENCE_PAGE = 'docs/operating/configuration.md';

const DATA_DIR_HELP = `Environment only. Embedded database files, self-signed certificate, saved settings (${CONFIG_FILE_NAME}) and the key stored secrets are encrypted with`;

/**
 * The configuration reference page, rendered from SETTINGS: one row per setting with its environment
 * variable, default and help text. `npm run docs:config` writes it; a unit test fails when the
 * committed page differs.
 */
export function renderConfigReference(): string {
  const rows: [string, string, string][] = [[DATA_DIR_ENV, './data', DATA_DIR_HELP]];
  for (const setting of Object.values(SETTINGS)) rows.push([setting.env, setting.default, setting.help]);
  const table = rows.map(([env, value, help]) => `| \`${env}\` | ${value === '' ? '(empty)' : code(value)} | ${cell(help)} |`);
  return [
    '<!-- Generated from src/config/app-config.ts by `npm run docs:config`; edit the help texts there. -->',
    '',
    '# Configuration reference',
    '',
    `Settings come from the environment, then from \`<data dir>/${CONFIG_FILE_NAME}\` (written by`,
    '`tessera config set NAME VALUE`), then from the defaults below. The server and the admin CLI read them',
    'the same way; `tessera config list` shows each value in effect and where it came from, and',
    '`tessera config unset NAME` removes a saved value. A server reads every setting once, when it starts:',
    '`config set` and `config unset` say so, and a running server keeps the old value until it is',
    'restarted, while each `tessera` command sees the new one at once. The operator API does the same for',
    'the server it is asked on: `GET /admin/api/v1/settings` (permission `settings:read`) lists every',
    'setting with its value (keys and passwords masked), source and `applies` (`restart` for every one',
    'today); `PUT /admin/api/v1/settings/{name}` with `{"value": "..."}` and',
    '`POST /admin/api/v1/settings/{name}/actions/reset` (`settings:write`) save or remove the value in that',
    "server's data directory, are audited with before and after, and answer `restart_required` with the",
    'settings that wait for a restart. Durations are written `90s`, `15m`, `7h` or `2d`.',
    '',
    '| variable | default | meaning |',
    '| --- | --- | --- |',
    ...table,
    '',
    'See also: [Scaling](./scaling.md) for `TESSERA_WORKERS`, `REDIS_URL` and several instances,',
    '[Caching and rate limits](../integrating/caching.md) for `TESSERA_CACHE` and the rate limits,',
    '[Messages and templates](../programme/messages.md) for the delivery settings, and',
    '[Webhooks](../programme/webhooks.md) for the webhook settings.',
    '',
  ].join('\n');
}

function code(text: string): string {
  return `\`${text}\``;
}

/** A table cell: pipes escaped, quoted examples shown as code. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/"([^"]+)"/g, '`$1`');
}
