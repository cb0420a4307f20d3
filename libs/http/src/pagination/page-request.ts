import { CommonException } from '../errors/common.exceptions';
import { InvalidReason } from '../errors/invalid-reason';
import { DEFAULT_PAGE_SIZE, ListQueryDto, PageRequest } from './list-query.dto';

/**
 * Turns validated paging parameters into a page request. `sortable` lists the response fields a
 * list can be sorted by; any other `sort_field` is refused rather than silently ignored.
 */
export function toPageRequest<TField extends string>(query: ListQueryDto, sortable: readonly TField[]): PageRequest<TField> {
  const sortField = query.sort_field;
  if (sortField !== undefined && !(sortable as readonly string[]).includes(sortField)) {
    throw CommonException.invalid(
      'sort_field',
      InvalidReason.NotAllowedValue,
      sortable.length > 0
        ? `sort_field must be one of: ${sortable.join(', ')}`
        : 'This list has an order of its own and takes no sort_field',
      sortField,
    );
  }
  return {
    limit: query.count ?? DEFAULT_PAGE_SIZE,
    offset: query.offset ?? 0,
    sortField: sortField as TField | undefined,
    sortDirection: query.sort_direction ?? 'ASC',
  };
}
