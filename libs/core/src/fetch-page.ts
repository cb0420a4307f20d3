import { ObjectLiteral, SelectQueryBuilder } from 'typeorm';
import { Page, PageRequest } from '../../http/src';

/** Sorts by the requested column with the id as tie-break (so pages never overlap), then pages. */
export async function fetchPage<TEntity extends ObjectLiteral, TField extends string>(
  query: SelectQueryBuilder<TEntity>,
  page: PageRequest<TField>,
  columns: Record<TField, string>,
  idColumn: string,
  defaultOrder?: string,
): Promise<Page<TEntity>> {
  const first = page.sortField ? columns[page.sortField] : defaultOrder;
  if (first && first !== idColumn) query.orderBy(first, page.sortDirection).addOrderBy(idColumn, page.sortDirection);
  else query.orderBy(idColumn, page.sortDirection);
  const [items, total] = await query.skip(page.offset).take(page.limit).getManyAndCount();
  return { items, total };
}
