import { CommanderError } from 'commander';
import type { InvalidParam } from '@tessera/http';
import { CliIo } from './cli-io';
import { cliProgram, EXIT_FAILURE, EXIT_USAGE, ProgramRun, shortHelp } from './cli-program';

/**
 * Runs one `tessera` command and returns its exit code, or null for `serve` and `worker`, whose process
 * keeps running until a signal stops it (both read `process.env`, not `io.env`, as the server always does).
 */
export async function runCli(argv: string[], io: CliIo): Promise<number | null> {
  const run: ProgramRun = { exitCode: 0 };
  const program = cliProgram(io, run);
  if (argv.length === 0) {
    io.stderr(`${shortHelp(program)}\n`);
    return EXIT_USAGE;
  }
  // commander's `help` takes one command; `tessera help reward define` means the subcommand's help too.
  const words = argv[0] === 'help' && argv.length > 2 ? [...argv.slice(1), '--help'] : argv;
  try {
    await program.parseAsync(words, { from: 'user' });
    return run.exitCode;
  } catch (error) {
    // Help and parse errors: commander has written them; help asked for is a success.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_USAGE;
    io.stderr(`Error: ${await describeError(error)}\n`);
    return EXIT_FAILURE;
  }
}

/** Loaded on failure only: the HTTP library and the configuration pull in much that `--help` does not need. */
async function describeError(error: unknown): Promise<string> {
  const { DomainException } = await import('@tessera/http');
  const { ConfigError } = await import('../config/app-config');
  if (error instanceof DomainException) {
    const body = error.toApiError().body;
    const params = body.error_data?.invalid_params as InvalidParam[] | undefined;
    return params?.length ? params.map((p) => `${p.name}: ${p.message}`).join('\n       ') : body.detail;
  }
  if (error instanceof ConfigError) return `configuration: ${error.message}`;
  return error instanceof Error ? error.message : String(error);
}

/** Entry point of `bin/tessera.js`. */
export function main(): void {
  const io: CliIo = {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    terminalColumns: process.stdout.isTTY ? process.stdout.columns : undefined,
    progress: process.stderr.isTTY ? process.stderr : undefined,
  };
  // A reader that stops early (`tessera --help | head`) is not an error of the command.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });
  void runCli(process.argv.slice(2), io).then((code) => {
    // Exit explicitly: pools and timers of finished commands must not keep the process alive.
    if (code !== null) process.exit(code);
  });
}
