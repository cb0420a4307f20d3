import { CliIo, UsageError } from './cli-args';
import { commandOf } from './command-actions';

describe('commandOf', () => {
  const io: CliIo = { stdout: () => undefined, stderr: () => undefined, env: {} };
  const seen: string[][] = [];
  const command = commandOf('thing', {
    list: async (args) => {
      seen.push(args);
      return 3;
    },
  });

  it('runs the named action with the arguments after it, and returns its exit code', async () => {
    await expect(command(['list', 'a', '--b'], io)).resolves.toBe(3);
    expect(seen).toEqual([['a', '--b']]);
  });

  it.each([[[]], [['explode']], [['toString']], [['constructor']]])('refuses %j as a usage error naming the command', async (args) => {
    const run = command(args, io);
    await expect(run).rejects.toThrow(UsageError);
    await expect(run).rejects.toThrow(`Unknown thing command "${args[0] ?? ''}"`);
  });
});
