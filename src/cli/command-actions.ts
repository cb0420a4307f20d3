import { INestApplicationContext } from '@nestjs/common';
import { ClassConstructor } from 'class-transformer';
import { withAdminSession } from './admin-session';
import { CliIo, parseCommandArgs, UsageError } from './cli-args';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { textTable } from './text-table';

/** A command, or one action of it: its arguments in, its exit code out. */
export type CliAction = (args: string[], io: CliIo) => Promise<number>;

/** `tessera COMMAND ACTION ...`: runs the named action; an unknown one is a usage error. */
export function commandOf(command: string, actions: Record<string, CliAction>): CliAction {
  return async (args, io) => {
    const [action, ...rest] = args;
    if (action === undefined || !Object.hasOwn(actions, action)) throw new UsageError(`Unknown ${command} command "${action ?? ''}"`);
    return actions[action](rest, io);
  };
}

/** `list`: no arguments; the rows `load` reads, under `columns`. */
export function listAction(columns: string[], load: (context: INestApplicationContext) => Promise<string[][]>): CliAction {
  return async (args, io) => {
    parseCommandArgs(args, {});
    const rows = await withAdminSession(io, ({ context }) => load(context));
    io.stdout(textTable(columns, rows));
    return 0;
  };
}

/**
 * `define FILE|-`: the JSON checked against its DTO (as the `what` definition) before any session opens;
 * `define` stores it and returns the line to print.
 */
export function defineAction<T extends object>(
  type: ClassConstructor<T>,
  what: string,
  define: (input: T, io: CliIo) => Promise<string>,
): CliAction {
  return async (args, io) => {
    const { positionals } = parseCommandArgs(args, {}, ['FILE']);
    const input = await checkedDefinition(type, await readJsonDefinition(positionals[0], io), what);
    io.stdout(`${await define(input, io)}\n`);
    return 0;
  };
}

/** What `remove` prints, and whether finding nothing to remove fails the command. */
export interface RemoveOutcome {
  removed: (key: string) => string;
  notRemoved: (key: string) => string;
  /** Exit 1 when nothing was removed: the key named nothing live, which is not "removed already". */
  notRemovedFails?: boolean;
}

/** `remove KEY`: `remove` says whether it removed something. */
export function removeAction(
  keyName: string,
  remove: (context: INestApplicationContext, key: string) => Promise<boolean>,
  outcome: RemoveOutcome,
): CliAction {
  return async (args, io) => {
    const [key] = parseCommandArgs(args, {}, [keyName]).positionals;
    const removed = await withAdminSession(io, ({ context }) => remove(context, key));
    io.stdout(`${removed ? outcome.removed(key) : outcome.notRemoved(key)}\n`);
    return removed || !outcome.notRemovedFails ? 0 : 1;
  };
}
