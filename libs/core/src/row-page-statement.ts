import { EntityManager } from 'typeorm';
import { Page, PageRequest } from '@tessera/http';

/** What a list reads, in SQL text over one alias per table. */
export interface RowPageSelect {
  /** The listed table and its joins, each join giving at most one row per record. */
  from: string;
  /** Conditions over `from`, all required. */
  conditions: string[];
  /** The select list of a page row; its output names must include every sort column. */
  columns: string;
  /** Facts of the whole list (such as whether its owner exists), answered on every row beside the total. */
  listColumns?: string;
}

/** A statement taking the `params` it was built with. */
export interface RowPageStatement {
  sql: string;
  params: unknown[];
}

/** Where a page row carries the list's total. */
export const TOTAL_COLUMN = 'total_items';

/**
 * The statement reading one page and the list's total at once. `sortColumns` and `idColumn` are output
 * names of `select.columns`; the page is ordered by the requested column, or `defaultOrder` (output
 * names, or expressions over them), with the id as tie-break, as `fetchPage` orders. The page joins the
 * count rather than the other way round, so a page past the end is one row with the total and null page
 * columns.
 */
export function rowPageStatement<TField extends string>(
  select: RowPageSelect,
  params: unknown[],
  page: PageRequest<TField>,
  sortColumns: Record<TField, string>,
  idColumn: string,
  defaultOrder?: string | readonly string[],
): RowPageStatement {
  const first = page.sortField ? [sortColumns[page.sortField]] : typeof defaultOrder === 'string' ? [defaultOrder] : (defaultOrder ?? []);
  const direction = page.sortDirection === 'DESC' ? 'DESC' : 'ASC';
  const order = [...first.filter((column) => column && column !== idColumn), idColumn].map((column) => `${column} ${direction}`).join(', ');
  const where = select.conditions.length > 0 ? select.conditions.join(' AND ') : 'true';
  const listColumns = select.listColumns ? `, ${select.listColumns}` : '';
  const limit = `$${params.push(page.limit)}`;
  const offset = `$${params.push(page.offset)}`;
  // Output names order both levels: the inner level's names win over its input columns in ORDER BY.
  const sql = `
    SELECT page.*, total.*
    FROM (SELECT count(*)::int AS ${TOTAL_COLUMN}${listColumns} FROM ${select.from} WHERE ${where}) total
    LEFT JOIN LATERAL (
      SELECT ${select.columns} FROM ${select.from} WHERE ${where} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}
    ) page ON true
    ORDER BY ${order}`;
  return { sql, params };
}

/** The page a `rowPageStatement` answered: its rows (less the total) and the total. */
export function toRowPage<TRow>(rows: (TRow & { [TOTAL_COLUMN]: number })[], idColumn: keyof TRow): Page<TRow> {
  const total = rows[0]?.[TOTAL_COLUMN] ?? 0;
  const items = rows.filter((row) => row[idColumn] !== null).map(({ [TOTAL_COLUMN]: _total, ...row }) => row as unknown as TRow);
  return { items, total };
}

/** A list in a fixed order, as `queryRowPage` reads it. */
export interface RowPageList<TRow> extends RowPageSelect {
  /** The values of the `$n` in `conditions` and `columns`. */
  params: unknown[];
  /** Output names (or expressions over them) the list is ordered by, before the id. */
  orderBy: readonly string[];
  /** Output name of the id: the last tie-break. */
  id: keyof TRow & string;
}

/**
 * One page of `list` and the list's total, in one statement whose total is right on every page, past
 * the end too (a window count over the page's own rows is no count at all there). The request's
 * direction applies to every column of the order.
 */
export async function queryRowPage<TRow>(
  database: Pick<EntityManager, 'query'>,
  list: RowPageList<TRow>,
  page: PageRequest,
): Promise<Page<TRow>> {
  const { params, orderBy, id, ...select } = list;
  const statement = rowPageStatement(select, [...params], { ...page, sortField: undefined }, {}, id, orderBy);
  return toRowPage(await database.query<(TRow & { [TOTAL_COLUMN]: number })[]>(statement.sql, statement.params), id);
}
