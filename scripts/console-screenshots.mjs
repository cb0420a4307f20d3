// Pictures the console for the README: runs the browser tests that save them (a real server on a
// database of their own, with data put there through the interfaces) and copies the three pictures
// they take at 1280 px from reports/console/ to docs/images/. Run `npm run console:build` first.
import { spawnSync } from 'node:child_process';
import { copyFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const TESTS = ['test/console/accessibility.e2e-spec.ts', 'test/console/rewards.e2e-spec.ts'];
/** Each picture as the tests name it, and as the README does. */
const PICTURES = [
  ['readme-dashboard.png', 'console-dashboard.png'],
  ['readme-customer-picture.png', 'console-customer-picture.png'],
  ['readme-reward-form.png', 'console-reward-form.png'],
];

const run = spawnSync('npx', ['jest', ...TESTS], { cwd: root, stdio: 'inherit' });
if (run.status !== 0) process.exit(run.status ?? 1);
for (const [taken, shown] of PICTURES) {
  const target = join(root, 'docs', 'images', shown);
  copyFileSync(join(root, 'reports', 'console', taken), target);
  console.log(`docs/images/${shown}: ${(statSync(target).size / 1000).toFixed(0)} kB`);
}
