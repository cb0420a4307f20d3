import { ClassConstructor } from 'class-transformer';
import type { CliIo } from './cli-io';

// Light on purpose: commands that need no database (config) import this, not command-actions.ts.

/**
 * One command's work once commander has parsed its command line: the operands (a variadic one spread
 * out) and the option values in, the exit code out.
 */
export type CliHandler<Options = Record<string, never>> = (args: string[], options: Options, io: CliIo) => Promise<number>;

/** The options of read commands. */
export interface JsonOption {
  json?: boolean;
}

/** A definition file: its DTO and a sample that `define --example` prints. */
export interface DefinitionFile<T extends object> {
  type: ClassConstructor<T>;
  /** "reward": names the definition in errors. */
  what: string;
  /** A file `define` accepts; a test checks it against the DTO and the schema, so it cannot rot. */
  example: Record<string, unknown>;
  /** Errors name fields under this object, as the service names its own. */
  prefix?: string;
}

/**
 * What a `*.command.ts` module gives the command tree (cli-program.ts): its handlers by subcommand name
 * and, for commands with a `define`, the file it reads.
 */
export interface CliCommandModule {
  // `never`: each handler declares the options its subcommand's declaration gives it.
  handlers: Record<string, CliHandler<never>>;
  definition?: DefinitionFile<object>;
}

/** A command module's handlers, and the file its `define` reads. */
export function cliCommand(handlers: CliCommandModule['handlers'], definition?: DefinitionFile<object>): CliCommandModule {
  return { handlers, definition };
}
