/** Distinct query strings kept per DTO class; past it the oldest is forgotten. */
const ENTRIES_PER_CLASS = 500;

/**
 * Query strings repeat (`?count=100`, a filter a page sends on every load), and validating one always
 * yields the same DTO: its validated form is kept per class and raw query, and each request gets a copy
 * of its own, so a handler changing its DTO changes nothing for the next one. Refused queries are not kept.
 */
export class ValidatedQueryCache {
  private readonly byClass = new Map<unknown, Map<string, object>>();

  async validated(metatype: unknown, raw: unknown, validate: () => Promise<unknown>): Promise<unknown> {
    const key = JSON.stringify(raw);
    let entries = this.byClass.get(metatype);
    const known = entries?.get(key);
    if (known) return copyOf(known);
    const result = await validate();
    if (result === null || typeof result !== 'object') return result;
    if (!entries) this.byClass.set(metatype, (entries = new Map<string, object>()));
    if (entries.size >= ENTRIES_PER_CLASS) entries.delete(entries.keys().next().value as string);
    entries.set(key, copyOf(result));
    return result;
  }
}

/** A copy of a query DTO: an instance of the same class, its arrays copied too (query values are flat). */
function copyOf(dto: object): object {
  const copy = Object.create(Object.getPrototypeOf(dto) as object | null) as Record<string, unknown>;
  for (const [name, value] of Object.entries(dto)) copy[name] = Array.isArray(value) ? [...(value as unknown[])] : value;
  return copy;
}
