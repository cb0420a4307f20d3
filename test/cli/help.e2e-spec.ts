import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { Command } from 'commander';
import { cliProgram } from '../../src/cli/cli-program';
import { cliWorkspace, CliWorkspace } from '../support/cli-run';

/** Help, completion and the define files: none of them opens a database, so none is given. */
describe('tessera help', () => {
  let workspace: CliWorkspace;

  beforeAll(() => {
    workspace = cliWorkspace('postgres://nobody@127.0.0.1:1/none', 'help');
  });

  afterAll(() => workspace.remove());

  const cli = (...argv: string[]) => workspace.run(argv);

  /** Every command path of the tree, as the words that reach it, with the command. */
  function commandPaths(command: Command, path: string[] = []): { path: string[]; command: Command }[] {
    return command.commands.flatMap((subcommand) => {
      const subpath = [...path, subcommand.name()];
      return [{ path: subpath, command: subcommand }, ...commandPaths(subcommand, subpath)];
    });
  }
  const tree = commandPaths(cliProgram({ stdout: () => undefined, stderr: () => undefined, env: {} }, { exitCode: 0 }));
  const leaves = tree.filter(({ command }) => command.commands.length === 0);
  const defines = leaves.filter(({ command }) => command.options.some((option) => option.long === '--example'));

  it.each([[['--help']], [['help']], [['-h']]])('%j prints the whole help on standard output and exits 0', async (argv) => {
    const run = await cli(...argv);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Usage: tessera <command> [options]');
    for (const command of ['serve', 'reward', 'booking-ticket', 'completion']) expect(run.stdout).toContain(`  ${command}`);
    expect(run.stdout).toContain('Examples:');
    expect(run.stdout).toContain('Exit codes: 0 success, 1 the command failed, 2 a bad command line');
  });

  it('bare tessera prints the short help on standard error and exits 2', async () => {
    const run = await cli();
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain('Usage: tessera <command> [options]');
    expect(run.stderr).toContain('reward, reward-type, stamper-campaign');
    expect(run.stderr.split('\n').length).toBeLessThan(20);
  });

  it('tessera help CMD, CMD --help and CMD SUB --help show that command', async () => {
    for (const argv of [
      ['help', 'reward'],
      ['reward', '--help'],
    ]) {
      const run = await cli(...argv);
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(run.stdout).toContain('Usage: tessera reward [options] [command]');
      expect(run.stdout).toMatch(/define \[options\] \[FILE\]/);
    }
    const define = await cli('reward', 'define', '--help');
    expect(define).toMatchObject({ code: 0, stderr: '' });
    expect(await cli('help', 'reward', 'define')).toEqual(define);
    expect(define.stdout).toContain('Usage: tessera reward define [options] [FILE]');
    expect(define.stdout).toMatch(
      /The file \(reward\):\n {2}code +string, required\n {2}names +list \(1\.\.1000 items\) of object, required\n {4}language_code/,
    );
  });

  it.each([
    [['rewrd'], "error: unknown command 'rewrd'\n(Did you mean reward?)"],
    [['reward', 'lst'], "error: unknown command 'lst'\n(Did you mean list?)"],
    [['reward', 'list', '--jsn'], "error: unknown option '--jsn'\n(Did you mean --json?)"],
    [['reward', 'show'], "error: missing required argument 'ID|CODE'"],
  ])('%j is a bad command line: exit 2 with a suggestion or the missing part, and the usage', async (argv, message) => {
    const run = await cli(...argv);
    expect(run).toMatchObject({ code: 2, stdout: '' });
    expect(run.stderr).toContain(message);
    expect(run.stderr).toContain('Usage: tessera');
  });

  it.each(leaves.map(({ path, command }) => [path.join(' '), command] as const))(
    '`tessera %s --help` names every option and argument, with an example',
    async (path, command) => {
      const run = await cli(...path.split(' '), '--help');
      expect(run).toMatchObject({ code: 0, stderr: '' });
      for (const option of command.options) expect(run.stdout).toContain(option.flags);
      for (const argument of command.registeredArguments) expect(run.stdout).toContain(argument.name());
      expect(run.stdout).toContain(`Examples:\n  `);
    },
  );

  it('offers --json on every read', () => {
    const reads = leaves.filter(({ command }) => ['list', 'show', 'permissions', 'deliveries', 'status'].includes(command.name()));
    expect(reads.length).toBeGreaterThan(50);
    for (const { path, command } of reads) {
      expect([path.join(' '), command.options.some((option) => option.long === '--json')]).toEqual([path.join(' '), true]);
    }
  });

  it('offers list and show beside every define', () => {
    for (const { path } of defines) {
      const kind = tree.find((candidate) => candidate.path.join(' ') === path.slice(0, -1).join(' '))!.command;
      const verbs = kind.commands.map((command) => command.name());
      expect([path.join(' '), verbs]).toEqual([path.join(' '), expect.arrayContaining(['list', 'show'])]);
    }
  });

  it.each(defines.map(({ path }) => [path.join(' ')]))(
    '`tessera %s --example` prints a file its schema and its DTO accept',
    async (path) => {
      const argv = path.split(' ');
      const example = await cli(...argv, '--example');
      expect(example).toMatchObject({ code: 0, stderr: '' });
      const schema = await cli(...argv, '--schema');
      expect(schema).toMatchObject({ code: 0, stderr: '' });
      const validate = addFormats(new Ajv({ strict: false, allErrors: true })).compile(JSON.parse(schema.stdout));
      expect([path, validate(JSON.parse(example.stdout)), validate.errors ?? []]).toEqual([path, true, []]);
      const dryRun = await workspace.runWithFile([...argv, '--dry-run'], example.stdout);
      expect(dryRun).toMatchObject({ code: 0, stderr: '' });
      expect(dryRun.stdout).toContain('is a valid');
    },
  );

  it('--dry-run names what the DTO refuses, with exit 1', async () => {
    const run = await workspace.runWithFile(['hint', 'define', '--dry-run'], { name: 'x', colour: 'red' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('colour');
  });

  it('lists the settings as JSON', async () => {
    const run = await cli('config', 'list', '--json');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(run.stdout)).toContainEqual(expect.objectContaining({ name: 'PORT', value: '8443', source: 'default' }));
  });

  it.each([['bash'], ['zsh']])('prints a %s completion script naming every command', async (shell) => {
    const run = await cli('completion', shell);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('complete -o default -F _tessera_complete tessera');
    if (shell === 'zsh') expect(run.stdout).toMatch(/^#compdef tessera/);
    expect(run.stdout).toContain('"reward") words="list show define change remove activate --help" ;;');
    expect(run.stdout).toContain('"reward define") words="--example --schema --dry-run --json --help" ;;');
  });

  it('refuses an unknown shell with exit 2', async () => {
    const run = await cli('completion', 'fish');
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("value 'fish' is invalid for argument 'SHELL'. Allowed choices are bash, zsh.");
  });
});
