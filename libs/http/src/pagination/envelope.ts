import { Page } from './list-query.dto';

/**
 * Removes properties whose value is null, at every depth. The API's schemas declare optional
 * fields as plain strings and numbers, and strict clients reject a null there: a field without
 * a value is left out instead.
 */
export function omitNulls<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => omitNulls(item)) as T;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  // for...in over a plain literal: no entries array per object on every response.
  const result: Record<string, unknown> = {};
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (item !== null && item !== undefined) result[key] = omitNulls(item);
  }
  return result as T;
}

/** `{data: {<key>: [...], total_items}}`, the shape of every list response. */
export function listEnvelope<TItem, TOut>(key: string, page: Page<TItem>, map: (item: TItem) => TOut) {
  return { data: { [key]: page.items.map((item) => omitNulls(map(item))), total_items: page.total } };
}

export function dataEnvelope<T>(data: T): { data: T } {
  return { data: omitNulls(data) };
}
