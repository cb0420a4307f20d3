import { Page } from './list-query.dto';

/** `{data: {<key>: [...], total_items}}`, the shape of every list response. */
export function listEnvelope<TItem, TOut>(key: string, page: Page<TItem>, map: (item: TItem) => TOut) {
  return { data: { [key]: page.items.map(map), total_items: page.total } };
}

export function dataEnvelope<T>(data: T): { data: T } {
  return { data };
}
