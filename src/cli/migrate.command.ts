import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs } from './cli-args';

/** `tessera migrate`: the session itself migrates and ensures defaults; this reports what it applied. */
export async function migrateCommand(args: string[], io: CliIo): Promise<number> {
  parseCommandArgs(args, {});
  const applied = await withAdminSession(io, async ({ appliedMigrations }) => appliedMigrations);
  io.stdout(applied.length > 0 ? `Applied migrations:\n${applied.map((name) => `  ${name}\n`).join('')}` : 'The database is up to date\n');
  return 0;
}
