import { Page } from './list-query.dto';

/**
 * Removes properties whose value is null, at every depth. The API's schemas declare optional
 * fields as plain strings and numbers, and strict clients reject a null there: a field without
 * a value is left out instead. A value with nothing to remove is returned as it is, so the common
 * case allocates nothing.
 */
export function omitNulls<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const cleaned = omitNulls(item);
      if (cleaned !== item) (copy ??= value.slice())[index] = cleaned;
    }
    return (copy ?? value) as T;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const record = value as Record<string, unknown>;
  let result: Record<string, unknown> | undefined;
  for (const key in record) {
    const item = record[key];
    if (item === null || item === undefined) {
      result ??= copyBefore(record, key);
      continue;
    }
    const cleaned = omitNulls(item);
    if (result) result[key] = cleaned;
    else if (cleaned !== item) (result = copyBefore(record, key))[key] = cleaned;
  }
  return (result ?? value) as T;
}

/** The properties of `record` that come before `stop`, in order: they needed no change. */
function copyBefore(record: Record<string, unknown>, stop: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const key in record) {
    if (key === stop) break;
    copy[key] = record[key];
  }
  return copy;
}

/** `{data: {<key>: [...], total_items}}`, the shape of every list response. */
export function listEnvelope<TItem, TOut>(key: string, page: Page<TItem>, map: (item: TItem) => TOut) {
  return { data: { [key]: page.items.map((item) => omitNulls(map(item))), total_items: page.total } };
}

export function dataEnvelope<T>(data: T): { data: T } {
  return { data: omitNulls(data) };
}
