import { INestApplicationContext } from '@nestjs/common';
import { withAdminSession } from './admin-session';
import { CliIo, UsageError } from './cli-io';
import { CliHandler, DefinitionFile, JsonOption } from './cli-command';
import { definitionSchema } from './definition-schema';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { rowsJson } from './text-table';

type RowLoader = (context: INestApplicationContext) => Promise<string[][]>;

/**
 * `show KEY [--json]`: the one row of `list` whose first column (the id) or `TEXT ID` column is KEY, a
 * line per column; exit 1 when none is.
 */
export function showAction(columns: string[], load: RowLoader): CliHandler<JsonOption> {
  const keyColumns = [0, columns.indexOf('TEXT ID')].filter((column) => column >= 0);
  return async ([key], options, io) => {
    const rows = await withAdminSession(io, ({ context }) => load(context));
    const row = rows.find((candidate) => keyColumns.some((column) => candidate[column] === key));
    if (!row) {
      io.stderr(`Error: nothing has the id${keyColumns.length > 1 ? ' or text id' : ''} "${key}"\n`);
      return 1;
    }
    if (options.json) {
      io.stdout(`${JSON.stringify(rowsJson(columns, [row])[0])}\n`);
    } else {
      const width = Math.max(...columns.map((column) => column.length));
      io.stdout(columns.map((column, i) => `${column.toLowerCase().padEnd(width)}  ${row[i]}\n`).join(''));
    }
    return 0;
  };
}

export interface DefineOptions {
  example?: boolean;
  schema?: boolean;
  dryRun?: boolean;
  json?: boolean;
}

/**
 * `define FILE|-`: the JSON checked against its DTO before any session opens; `define` stores it and
 * returns the line to print. `--example` prints the sample file instead, `--schema` the file's JSON
 * Schema (for editors), and `--dry-run` only checks the file.
 */
export function defineAction<T extends object>(
  file: DefinitionFile<T>,
  define: (input: T, io: CliIo, options: DefineOptions) => Promise<string>,
): CliHandler<DefineOptions> {
  return async ([path], options, io) => {
    if (options.example || options.schema) {
      if (path !== undefined) throw new UsageError(`--${options.example ? 'example' : 'schema'} takes no FILE`);
      io.stdout(`${JSON.stringify(options.example ? file.example : definitionSchema(file.type), null, 2)}\n`);
      return 0;
    }
    if (path === undefined) throw new UsageError('Give a FILE, or - for standard input');
    const input = await checkedDefinition(file.type, await readJsonDefinition(path, io), file.what, file.prefix);
    if (options.dryRun) {
      io.stdout(`${path === '-' ? 'Standard input' : path} is a valid ${file.what} definition\n`);
      return 0;
    }
    io.stdout(`${await define(input, io, options)}\n`);
    return 0;
  };
}
