interface LanguageRange {
  tag: string;
  quality: number;
}

/** Parses an `Accept-Language` value into ranges by descending quality (RFC 9110 section 12.5.4). */
export function parseAcceptLanguage(header: string | undefined): LanguageRange[] {
  if (!header) return [];
  const ranges: LanguageRange[] = [];
  for (const part of header.split(',')) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag.trim().toLowerCase();
    if (!tag) continue;
    let quality = 1;
    for (const param of params) {
      const [key, value] = param.trim().split('=');
      if (key === 'q') {
        const q = Number(value);
        quality = Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
      }
    }
    if (quality > 0) ranges.push({ tag, quality });
  }
  return ranges.sort((a, b) => b.quality - a.quality);
}

/**
 * Picks the best of `available` language codes for the header, falling back to `fallback`, then to
 * the first available one. Never fails: an unusable header simply yields the fallback.
 */
export function negotiateLanguage(header: string | undefined, available: readonly string[], fallback: string): string | undefined {
  const normalized = available.map((code) => code.toLowerCase());
  for (const { tag } of parseAcceptLanguage(header)) {
    if (tag === '*') break;
    const exact = normalized.indexOf(tag);
    if (exact >= 0) return available[exact];
    const primary = normalized.indexOf(tag.split('-')[0]);
    if (primary >= 0) return available[primary];
  }
  const fallbackIndex = normalized.indexOf(fallback.toLowerCase());
  if (fallbackIndex >= 0) return available[fallbackIndex];
  return available[0];
}

/** How an answer is written: the project's time zone, and the caller's language for texts kept per language. */
export interface ResponseOutput {
  timeZone: string;
  acceptLanguage?: string;
  defaultLanguage: string;
}

/** The output for a request with this `Accept-Language` header, under the project's settings. */
export function responseOutput(
  settings: { timeZone: string; defaultLanguage: string },
  acceptLanguage: string | undefined,
): ResponseOutput {
  return { timeZone: settings.timeZone, acceptLanguage, defaultLanguage: settings.defaultLanguage };
}

/** The text in the caller's best language (see `negotiateLanguage`); undefined when there is none. */
export function textIn(texts: Readonly<Record<string, string>>, output: ResponseOutput): string | undefined {
  const language = negotiateLanguage(output.acceptLanguage, Object.keys(texts), output.defaultLanguage);
  return language === undefined ? undefined : texts[language];
}
