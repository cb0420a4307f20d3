/** A value at a dotted path (`names.en`). */
export function valueAt(record: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], record);
}
