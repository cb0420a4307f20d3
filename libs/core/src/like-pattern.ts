/** An `ILIKE` pattern matching `text` anywhere, with its wildcard characters escaped. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
