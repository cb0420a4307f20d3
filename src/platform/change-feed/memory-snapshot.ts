import { EntityManager, EntityTarget, FindOptionsOrder, ObjectLiteral } from 'typeorm';
import { RankedRows } from '@tessera/core';
import { ChangeFeed } from './change-feed.service';

/**
 * A value built from some tables, held in memory and rebuilt after any change to them. A load that a
 * change overtakes is not kept, so no request after the change is served what was read before it.
 */
export class MemorySnapshot<T> {
  private value?: Promise<T>;

  constructor(
    private readonly feed: ChangeFeed,
    tables: readonly string[],
    private readonly read: (manager: EntityManager) => Promise<T>,
  ) {
    feed.on(tables, () => (this.value = undefined));
  }

  get(): Promise<T> {
    if (!this.feed.live) return this.feed.load(this.read);
    if (this.value) return this.value;
    const loading = this.feed.load(this.read);
    this.value = loading;
    loading.catch(() => {
      if (this.value === loading) this.value = undefined;
    });
    return loading;
  }
}

/** The rows of a definition table by id, held as a `MemorySnapshot`. */
export function snapshotById<T>(
  feed: ChangeFeed,
  tables: readonly string[],
  read: (manager: EntityManager) => Promise<T[]>,
  idOf: (row: T) => string,
): MemorySnapshot<Map<string, T>> {
  return new MemorySnapshot(feed, tables, async (manager) => new Map((await read(manager)).map((row) => [idOf(row), row])));
}

/**
 * The rows of a definition entity in id order, with their places in the database's order of each
 * sortable column (ties by id), for `pageInMemory`.
 */
async function loadRanked<TRow extends ObjectLiteral, TField extends string>(
  manager: EntityManager,
  entity: EntityTarget<TRow>,
  idProperty: keyof TRow & string,
  columns: Record<TField, string>,
): Promise<RankedRows<TRow, TField>> {
  const rows = await manager.find(entity, { order: { [idProperty]: 'ASC' } as FindOptionsOrder<TRow> });
  const byId = new Map(rows.map((row) => [row[idProperty] as unknown, row]));
  const places = {} as Record<TField, Map<TRow, number>>;
  for (const field of Object.keys(columns) as TField[]) {
    const ordered = await manager
      .createQueryBuilder(entity, 't')
      .select(`t.${idProperty}`, 'id')
      .orderBy(`t.${columns[field]}`)
      .addOrderBy(`t.${idProperty}`)
      .getRawMany<{ id: unknown }>();
    places[field] = new Map(ordered.map((row, place) => [byId.get(row.id) as TRow, place]));
  }
  return { rows, places };
}

/** A definition table in memory: its rows ranked for paging, and by id. */
export interface DefinitionRows<TRow, TField extends string> {
  ranked: RankedRows<TRow, TField>;
  byId: ReadonlyMap<string, TRow>;
}

/** The snapshot of a definition table whose list is paged and sorted by `columns` (field -> property). */
export function definitionSnapshot<TRow extends ObjectLiteral, TField extends string>(
  feed: ChangeFeed,
  tables: readonly string[],
  entity: EntityTarget<TRow>,
  idProperty: keyof TRow & string,
  columns: Record<TField, string>,
): MemorySnapshot<DefinitionRows<TRow, TField>> {
  return new MemorySnapshot(feed, tables, async (manager) => {
    const ranked = await loadRanked(manager, entity, idProperty, columns);
    return { ranked, byId: new Map(ranked.rows.map((row) => [String(row[idProperty]), row])) };
  });
}
