import { BOOKING_PHASES, BookingPhase, bookingMove, holdsCapacity } from './booking-workflow';

/** Every pair of the table in booking-workflow.ts, plus the first status of a new booking. */
const TABLE: [BookingPhase | null, BookingPhase, boolean][] = [
  [null, 'pending', true],
  [null, 'confirmed', true],
  [null, 'cancelled', false],
  [null, 'completed', false],
  ['pending', 'pending', true],
  ['pending', 'confirmed', true],
  ['pending', 'cancelled', true],
  ['pending', 'completed', false],
  ['confirmed', 'pending', false],
  ['confirmed', 'confirmed', true],
  ['confirmed', 'cancelled', true],
  ['confirmed', 'completed', true],
  ['cancelled', 'pending', false],
  ['cancelled', 'confirmed', false],
  ['cancelled', 'cancelled', true],
  ['cancelled', 'completed', false],
  ['completed', 'pending', false],
  ['completed', 'confirmed', false],
  ['completed', 'cancelled', false],
  ['completed', 'completed', true],
];

describe('bookingMove', () => {
  it('covers every pair of phases', () => {
    expect(TABLE).toHaveLength((BOOKING_PHASES.length + 1) * BOOKING_PHASES.length);
  });

  it.each(TABLE)('%s -> %s allowed: %s', (from, to, allowed) => {
    const verdict = bookingMove(from, to);
    expect(verdict.allowed).toBe(allowed);
    if (!verdict.allowed) expect(verdict.reason).toContain(to);
  });
});

describe('holdsCapacity', () => {
  it.each([
    ['pending', true],
    ['confirmed', true],
    ['cancelled', false],
    ['completed', true],
  ] as const)('%s holds capacity: %s', (phase, holds) => {
    expect(holdsCapacity(phase)).toBe(holds);
  });
});
