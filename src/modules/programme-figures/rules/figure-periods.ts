/** How finely the figures are cut: calendar days, ISO weeks (from Monday) or calendar months, all in UTC. */
export type FigureGranularity = 'day' | 'week' | 'month';

export const FIGURE_GRANULARITIES: readonly FigureGranularity[] = ['day', 'week', 'month'];

/** A dashboard asks for at most this many periods at once, so one read stays bounded. */
export const MAX_FIGURE_PERIODS = 1000;

/** The whole periods a request covers: from the start of the first to the day after the last. */
export interface AlignedRange {
  /** First day of the first period (YYYY-MM-DD). */
  start: string;
  /** Day after the last period ends (YYYY-MM-DD), exclusive. */
  end: string;
  periods: number;
}

/** A request the figures cannot answer, naming the input field at fault. */
export class FigureRangeError extends RangeError {
  constructor(
    readonly field: 'from' | 'to' | 'granularity',
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date as UTC midnight; throws on anything but a real YYYY-MM-DD date. */
export function parseFigureDate(text: string, field: 'from' | 'to'): Date {
  const date = new Date(`${text}T00:00:00Z`);
  if (!DATE_PATTERN.test(text) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new FigureRangeError(field, `${field} must be a calendar date (YYYY-MM-DD), not ${JSON.stringify(text)}`);
  }
  return date;
}

function periodStart(day: Date, granularity: FigureGranularity): Date {
  if (granularity === 'day') return day;
  if (granularity === 'month') return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), 1));
  // getUTCDay: Sunday 0; ISO weeks start on Monday.
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

function nextPeriod(start: Date, granularity: FigureGranularity): Date {
  if (granularity === 'day') return new Date(start.getTime() + DAY_MS);
  if (granularity === 'week') return new Date(start.getTime() + 7 * DAY_MS);
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
}

/**
 * Widens `from`..`to` (both inclusive) to whole periods. Distinct customers of a week or month can only
 * be told for the whole period, so every figure of a period covers all of it, not the part asked for.
 */
export function alignRange(from: string, to: string, granularity: FigureGranularity): AlignedRange {
  if (!FIGURE_GRANULARITIES.includes(granularity))
    throw new FigureRangeError('granularity', `granularity must be one of ${FIGURE_GRANULARITIES.join(', ')}`);
  const first = parseFigureDate(from, 'from');
  const last = parseFigureDate(to, 'to');
  if (last < first) throw new FigureRangeError('to', 'to must not be before from');
  const start = periodStart(first, granularity);
  let end = start;
  let periods = 0;
  while (end <= last) {
    end = nextPeriod(end, granularity);
    periods += 1;
    if (periods > MAX_FIGURE_PERIODS) throw new FigureRangeError('from', `at most ${MAX_FIGURE_PERIODS} periods may be asked for at once`);
  }
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10), periods };
}
