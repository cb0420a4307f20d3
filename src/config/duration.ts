const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86400 };

/** Parses `90`, `30s`, `15m`, `7h` or `30d` into seconds; `null` when the text is not a duration. */
export function parseDurationSeconds(text: string): number | null {
  const match = /^\s*(\d+)\s*([smhd]?)\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * UNIT_SECONDS[match[2] || 's'];
}
