import { progressMove, ReservationProgress as P, RESERVATION_PROGRESS_CODES } from './reservation-progress';

const OPEN = [P.Entered, P.Accepted, P.InProgress, P.NotPickedUp, P.Ordered, P.BeingSolved];

describe('progressMove', () => {
  const moved: [P, P][] = OPEN.flatMap((from) => RESERVATION_PROGRESS_CODES.filter((to) => to !== from).map((to): [P, P] => [from, to]));
  it.each(moved)('lets an open reservation move from %i to %i', (from, to) => {
    expect(progressMove(from, to)).toEqual({ kind: 'moved', from, to });
  });

  const refused: [P, P][] = [P.Cancelled, P.Delivered].flatMap((from) =>
    RESERVATION_PROGRESS_CODES.filter((to) => to !== from).map((to): [P, P] => [from, to]),
  );
  it.each(refused)('refuses to leave the final code %i for %i', (from, to) => {
    expect(progressMove(from, to)).toEqual({ kind: 'refused', reason: expect.stringContaining('final') });
  });

  it.each(RESERVATION_PROGRESS_CODES.map((code) => [code]))('treats asking for the current code %i as no change', (code) => {
    expect(progressMove(code, code)).toEqual({ kind: 'unchanged' });
  });

  it('covers every pair of codes', () => {
    expect(moved.length + refused.length + RESERVATION_PROGRESS_CODES.length).toBe(RESERVATION_PROGRESS_CODES.length ** 2);
  });
});
