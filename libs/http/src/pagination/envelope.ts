import { Page } from './list-query.dto';

/**
 * Removes properties whose value is null, at every depth. The API's schemas declare optional
 * fields as plain strings and numbers, and strict clients reject a null there: a field without
 * a value is left out instead.
 */
export function omitNulls<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => omitNulls(item)) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== null && item !== undefined) result[key] = omitNulls(item);
    }
    return result as T;
  }
  return value;
}

/** `{data: {<key>: [...], total_items}}`, the shape of every list response. */
export function listEnvelope<TItem, TOut>(key: string, page: Page<TItem>, map: (item: TItem) => TOut) {
  return { data: { [key]: page.items.map((item) => omitNulls(map(item))), total_items: page.total } };
}

export function dataEnvelope<T>(data: T): { data: T } {
  return { data: omitNulls(data) };
}
