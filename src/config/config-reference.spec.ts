import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SETTINGS } from './app-config';
import { CONFIG_REFERENCE_PAGE, renderConfigReference } from './config-reference';

describe('configuration reference page', () => {
  it('lists every setting with its default and help', () => {
    const page = renderConfigReference();
    for (const setting of Object.values(SETTINGS)) expect(page).toContain(`| \`${setting.env}\` |`);
    expect(page).toContain('| `TESSERA_DATA_DIR` | `./data` |');
    expect(page).toContain('| `TESSERA_CACHE` | (empty) |');
  });

  it('is committed as generated (run `npm run docs:config` after changing a setting)', () => {
    const committed = readFileSync(join(__dirname, '..', '..', CONFIG_REFERENCE_PAGE), 'utf8');
    expect(committed).toBe(renderConfigReference());
  });
});
