const GAP = '  ';
const ELLIPSIS = '…';
/** No column shrinks below this to fit the terminal: a few letters and the ellipsis still say something. */
const MIN_COLUMN_WIDTH = 4;

/**
 * Rows under a header in aligned columns, two spaces apart; the last column is left ragged. Given the
 * terminal's width, the widest columns shrink until the table fits, their long cells ending in an ellipsis.
 */
export function textTable(header: string[], rows: string[][], maxWidth?: number): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  if (maxWidth !== undefined) shrinkToFit(widths, maxWidth);
  const last = header.length - 1;
  return (
    all
      .map((row) =>
        row
          .map((cell, i) => {
            const fitted = cell.length > widths[i] ? `${cell.slice(0, widths[i] - ELLIPSIS.length)}${ELLIPSIS}` : cell;
            return i < last ? fitted.padEnd(widths[i]) : fitted;
          })
          .join(GAP)
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

function shrinkToFit(widths: number[], maxWidth: number): void {
  const total = () => widths.reduce((sum, width) => sum + width, 0) + GAP.length * (widths.length - 1);
  while (total() > maxWidth) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest] <= MIN_COLUMN_WIDTH) return;
    widths[widest] -= 1;
  }
}

/** `TEXT ID` -> `text_id`: the keys `--json` output gives a table's columns. */
export function jsonKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

/** A table's rows as JSON objects keyed by their columns, for `--json`. */
export function rowsJson(header: string[], rows: string[][]): Record<string, string>[] {
  return rows.map((row) => Object.fromEntries(header.map((column, i) => [jsonKey(column), row[i]])));
}

/** A table for people, or with `json` one JSON array for programs. */
export function formatRows(header: string[], rows: string[][], json: boolean | undefined, maxWidth?: number): string {
  return json ? `${JSON.stringify(rowsJson(header, rows))}\n` : textTable(header, rows, maxWidth);
}
