// Writes docs/operating/configuration.md from the settings table in src/config/app-config.ts
// (`--check`: only fails when the committed page differs). The TypeScript is bundled in memory with
// esbuild, so no build of the project is needed.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bundle = await build({
  entryPoints: [join(root, 'src/config/config-reference.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  write: false,
  logLevel: 'error',
});
const module = { exports: {} };
new Function('module', 'exports', 'require', bundle.outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
const { CONFIG_REFERENCE_PAGE, renderConfigReference } = module.exports;
const page = join(root, CONFIG_REFERENCE_PAGE);
const text = renderConfigReference();
let committed = '';
try {
  committed = readFileSync(page, 'utf8');
} catch {
  // not written yet
}
if (process.argv.includes('--check')) {
  if (committed !== text) {
    console.error(`${CONFIG_REFERENCE_PAGE} is stale: run npm run docs:config and commit it`);
    process.exit(1);
  }
} else if (committed !== text) {
  writeFileSync(page, text);
  console.log(`wrote ${CONFIG_REFERENCE_PAGE}`);
}
