import { BaselineKind, Measurement } from './bench-suite';

/** A measured row beside the baseline it is compared with. */
export interface ResultRow extends Measurement {
  baseline: BaselineKind;
  /** This row's rate divided by its baseline's. */
  ratio: number;
}

/** Columns of text; the numbers align right. */
const LEFT_ALIGNED = new Set(['name', 'baseline', 'status codes']);

/** The results as an aligned text table, one line per row. */
export function formatTable(rows: ResultRow[]): string {
  const table = [
    ['name', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'statements/req', 'baseline', 'ratio', 'status codes'],
    ...rows.map((row) => [
      row.name,
      row.requestsPerSecond.toFixed(0),
      Number.isFinite(row.p50) ? row.p50.toFixed(1) : '-',
      Number.isFinite(row.p99) ? row.p99.toFixed(1) : '-',
      String(row.non2xx),
      Number.isFinite(row.statementsPerRequest) ? row.statementsPerRequest.toFixed(2) : '-',
      row.baseline,
      Number.isFinite(row.ratio) ? `${row.ratio.toFixed(3)}x` : '-',
      row.statuses,
    ]),
  ];
  const widths = table[0].map((_, column) => Math.max(...table.map((line) => line[column].length)));
  const leftAligned = table[0].map((header) => LEFT_ALIGNED.has(header));
  const aligned = table.map((line) =>
    line
      .map((cell, column) => (leftAligned[column] ? cell.padEnd(widths[column]) : cell.padStart(widths[column])))
      .join('  ')
      .trimEnd(),
  );
  return `\n${aligned.join('\n')}\n`;
}
