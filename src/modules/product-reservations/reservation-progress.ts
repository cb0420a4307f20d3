/**
 * The progress of a product reservation (`actual_state`) and the moves between its codes. Code 3
 * (ready) appears in the API's prose but not in its enum, so it does not exist here.
 */
export enum ReservationProgress {
  Cancelled = 0,
  Entered = 1,
  Accepted = 2,
  Delivered = 4,
  InProgress = 5,
  NotPickedUp = 6,
  Ordered = 7,
  BeingSolved = 8,
}

export const RESERVATION_PROGRESS_CODES: readonly ReservationProgress[] = [0, 1, 2, 4, 5, 6, 7, 8];

/** English labels, the text of each progress history entry. */
export const PROGRESS_LABELS: Record<ReservationProgress, string> = {
  [ReservationProgress.Cancelled]: 'Cancelled',
  [ReservationProgress.Entered]: 'Entered',
  [ReservationProgress.Accepted]: 'Accepted',
  [ReservationProgress.Delivered]: 'Delivered',
  [ReservationProgress.InProgress]: 'In progress',
  [ReservationProgress.NotPickedUp]: 'Not picked up',
  [ReservationProgress.Ordered]: 'Ordered',
  [ReservationProgress.BeingSolved]: 'Being solved',
};

/** A new reservation starts here. */
export const INITIAL_PROGRESS = ReservationProgress.Entered;

/** The codes a reservation never leaves; an open one may go to any other code, these included. */
const FINAL: ReadonlySet<ReservationProgress> = new Set([ReservationProgress.Cancelled, ReservationProgress.Delivered]);

export type ProgressMove =
  { kind: 'unchanged' } | { kind: 'moved'; from: ReservationProgress; to: ReservationProgress } | { kind: 'refused'; reason: string };

/** Whether a reservation at `from` may move to `to`; asking for the current code again changes nothing. */
export function progressMove(from: ReservationProgress, to: ReservationProgress): ProgressMove {
  if (from === to) return { kind: 'unchanged' };
  if (!FINAL.has(from)) return { kind: 'moved', from, to };
  return {
    kind: 'refused',
    reason: `A ${PROGRESS_LABELS[from].toLowerCase()} reservation is final; it cannot become ${PROGRESS_LABELS[to].toLowerCase()}`,
  };
}
