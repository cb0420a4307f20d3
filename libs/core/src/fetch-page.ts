import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Page, PageRequest } from '@tessera/http';

/**
 * Sorts by the requested column with the id as tie-break (so pages never overlap), then pages.
 * `oneRowPerRecord` says every join yields at most one row per record, so the page can be cut in
 * SQL directly instead of TypeORM's two-query paging that to-many joins need.
 */
export async function fetchPage<TEntity extends ObjectLiteral, TField extends string>(
  query: SelectQueryBuilder<TEntity>,
  page: PageRequest<TField>,
  columns: Record<TField, string>,
  idColumn: string,
  options: { defaultOrder?: string; oneRowPerRecord?: boolean } = {},
): Promise<Page<TEntity>> {
  const first = page.sortField ? columns[page.sortField] : options.defaultOrder;
  if (first && first !== idColumn) query.orderBy(first, page.sortDirection).addOrderBy(idColumn, page.sortDirection);
  else query.orderBy(idColumn, page.sortDirection);
  if (options.oneRowPerRecord) query.offset(page.offset).limit(page.limit);
  else query.skip(page.offset).take(page.limit);
  const [items, total] = await query.getManyAndCount();
  return { items, total };
}
