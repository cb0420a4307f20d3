import { Page, PageRequest } from '@tessera/http';

/**
 * Rows held in memory, in id order, with each row's place in the order the database gives for each
 * sortable field (its collation and null placement included), so a page cut here is the page SQL cuts.
 */
export interface RankedRows<TRow, TField extends string> {
  rows: readonly TRow[];
  places: Readonly<Record<TField, ReadonlyMap<TRow, number>>>;
}

/**
 * The page of the rows that `matches`, in the requested order with the id as tie-break, as `fetchPage`
 * orders in SQL: descending reverses the whole ascending order, ties included.
 */
export function pageInMemory<TRow, TField extends string>(
  ranked: RankedRows<TRow, TField>,
  matches: (row: TRow) => boolean,
  page: PageRequest<TField>,
  defaultOrder?: TField,
): Page<TRow> {
  const matching = ranked.rows.filter(matches);
  const field = page.sortField ?? defaultOrder;
  if (field !== undefined) {
    const places = ranked.places[field];
    matching.sort((a, b) => (places.get(a) ?? 0) - (places.get(b) ?? 0));
  }
  if (page.sortDirection === 'DESC') matching.reverse();
  return { items: matching.slice(page.offset, page.offset + page.limit), total: matching.length };
}
