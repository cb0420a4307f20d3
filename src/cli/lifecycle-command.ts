import { INestApplicationContext, Type } from '@nestjs/common';
import { MAX_PAGE_SIZE, Page, PageRequest } from '@tessera/http';
import { cliAuditActor, DefinitionLifecycle, DefinitionStore } from '../modules/audit';
import { withAdminSession } from './admin-session';
import { CliIo, recordJson, UsageError } from './cli-io';
import { CliCommandModule, CliHandler, DefinitionFile, JsonOption, cliCommand } from './cli-command';
import { defineAction } from './command-actions';
import { checkedDefinition, readJsonDefinition } from './json-definition';
import { formatRows } from './text-table';

/** A kind of definition with the whole lifecycle, as the CLI drives it through the operator API's services. */
export interface LifecycleKind<TInput extends object, TView> {
  /** The command's name, which the audit trail's operation names (`tag`). */
  name: string;
  store: Type<DefinitionStore<TInput, TView>>;
  file: DefinitionFile<TInput>;
  columns: string[];
  row: (view: TView) => string[];
  /** Fields a view has beyond the file (id, state, last change): `show`'s output is a file `change` takes. */
  viewOnly: string[];
  /** The view's id field `define` prints, where the file carries the id itself (readable property ids); else the first `viewOnly` field. */
  idField?: string;
  /** Verbs the kind has beyond the lifecycle's (a hint's assign and unassign). */
  more?: Record<string, CliHandler<never>>;
}

/**
 * `list`, `show`, `define`, `change`, `remove` (deactivate) and `activate` of one kind of definition:
 * each write goes through the same lifecycle as the operator API's, audited as the OS user who ran it.
 */
export function lifecycleCommand<TInput extends object, TView>(kind: LifecycleKind<TInput, TView>): CliCommandModule {
  const withStore = <T>(io: CliIo, work: (lifecycle: DefinitionLifecycle, store: DefinitionStore<TInput, TView>) => Promise<T>) =>
    withAdminSession(io, ({ context }) => work(context.get(DefinitionLifecycle), storeOf(context, kind.store)));
  const setState =
    (state: 0 | 1, verb: string) =>
    async ([key]: string[], _options: unknown, io: CliIo) => {
      const view = await withStore(io, (lifecycle, store) => lifecycle.setState(cliAuditActor(`${kind.name} ${verb}`), store, key, state));
      io.stdout(`${state === 0 ? 'Deactivated' : 'Activated'} ${kind.file.what} ${key} (state ${state})\n`);
      return view ? 0 : 1;
    };
  return cliCommand(
    {
      list: async (_args, options: JsonOption, io) => {
        const views = await withStore(io, (_lifecycle, store) => allOf(store));
        io.stdout(options.json ? `${JSON.stringify(views)}\n` : formatRows(kind.columns, views.map(kind.row), false, io.terminalColumns));
        return 0;
      },
      show: async ([key], options: JsonOption, io) => {
        const view = await withStore(io, (lifecycle, store) => lifecycle.show(store, key));
        io.stdout(recordJson(view, options));
        return 0;
      },
      define: defineAction(kind.file, async (input, io, options) => {
        const view = await withStore(io, (lifecycle, store) => lifecycle.create(cliAuditActor(`${kind.name} define`), store, input));
        const idField = kind.idField ?? kind.viewOnly[0];
        const id = (view as Record<string, unknown>)[idField] as string;
        return options.json ? JSON.stringify({ [idField]: id }) : id;
      }),
      change: async ([key, path], options: JsonOption, io) => {
        if (path === undefined) throw new UsageError('Give a FILE, or - for standard input');
        const json = await readJsonDefinition(path, io);
        if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
          const fields = json as Record<string, unknown>;
          for (const field of kind.viewOnly) delete fields[field];
          // Deactivating is `remove`'s: a deactivated definition's file changes it and leaves it deactivated.
          if (fields.state === 0) delete fields.state;
        }
        const input = await checkedDefinition(kind.file.type, json, kind.file.what, kind.file.prefix);
        const view = await withStore(io, (lifecycle, store) => lifecycle.change(cliAuditActor(`${kind.name} change`), store, key, input));
        io.stdout(recordJson(view, options));
        return 0;
      },
      remove: setState(0, 'remove'),
      activate: setState(1, 'activate'),
      ...kind.more,
    },
    kind.file,
  );
}

function storeOf<TInput, TView>(
  context: INestApplicationContext,
  type: Type<DefinitionStore<TInput, TView>>,
): DefinitionStore<TInput, TView> {
  return context.get(type, { strict: false });
}

function allOf<TView>(store: DefinitionStore<unknown, TView>): Promise<TView[]> {
  return everyPage((page) => store.list({}, page));
}

/** Every item of a paged list, read a largest page at a time. */
export async function everyPage<TItem>(list: (page: PageRequest) => Promise<Page<TItem>>): Promise<TItem[]> {
  const items: TItem[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await list({ limit: MAX_PAGE_SIZE, offset, sortDirection: 'ASC' });
    items.push(...page.items);
    if (offset + MAX_PAGE_SIZE >= page.total) return items;
  }
}
