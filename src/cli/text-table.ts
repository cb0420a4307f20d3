/** Rows under a header in aligned columns, two spaces apart; the last column is left ragged. */
export function textTable(header: string[], rows: string[][]): string {
  const all = [header, ...rows];
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const last = header.length - 1;
  return (
    all
      .map((row) =>
        row
          .map((cell, i) => (i < last ? cell.padEnd(widths[i]) : cell))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}
