/** Where a command writes and which environment it reads; injectable so tests run the CLI in-process. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  /** Standard input, for commands reading `-`; the process's own when absent. */
  stdin?: () => Promise<string>;
  /**
   * The width of the terminal standard output is shown on; absent when it goes to a pipe or a file, whose
   * readers want whole lines.
   */
  terminalColumns?: number;
  /** Standard error when it is a terminal: where progress bars are drawn. Absent when nobody watches. */
  progress?: NodeJS.WritableStream & { isTTY?: boolean };
}

/**
 * A bad command line the parser cannot see (a bad option value, a missing option pair): exit code 2.
 * `showUsage` prints the command's help after the message.
 */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly showUsage = true,
  ) {
    super(message);
  }
}

/** A record as JSON: indented for a person to read and edit, on one line with `--json` for programs. */
export function recordJson(record: unknown, options: { json?: boolean }): string {
  return `${options.json ? JSON.stringify(record) : JSON.stringify(record, null, 2)}\n`;
}
