import { ADMIN_SESSION_STEPS, withAdminSession } from './admin-session';
import { cliCommand } from './cli-command';
import { progressBar } from './progress-bar';

/** `tessera migrate`: the session itself migrates and ensures defaults; this reports what it applied. */
export const migrateCommand = cliCommand({
  migrate: async (_args, _options, io) => {
    const progress = await progressBar(io, ADMIN_SESSION_STEPS);
    const applied = await withAdminSession(io, async ({ appliedMigrations }) => appliedMigrations, progress).finally(() => progress.stop());
    io.stdout(
      applied.length > 0 ? `Applied migrations:\n${applied.map((name) => `  ${name}\n`).join('')}` : 'The database is up to date\n',
    );
    return 0;
  },
});
