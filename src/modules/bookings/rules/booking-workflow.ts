/**
 * The booking workflow. Statuses are the project's labels (`/booking-statuses`); each belongs to one
 * phase, and the phases decide which moves are allowed. Moves within a phase relabel a booking and are
 * allowed while the phase is open; cancelled and completed are final.
 *
 * | from \ to  | pending | confirmed | cancelled | completed |
 * | ---------- | ------- | --------- | --------- | --------- |
 * | (new)      | yes     | yes       | no        | no        |
 * | pending    | yes     | yes       | yes       | no        |
 * | confirmed  | no      | yes       | yes       | yes       |
 * | cancelled  | no      | no        | same only | no        |
 * | completed  | no      | no        | no        | same only |
 */
export const BOOKING_PHASES = ['pending', 'confirmed', 'cancelled', 'completed'] as const;
export type BookingPhase = (typeof BOOKING_PHASES)[number];

/** Where each phase may go next; a final phase only to another status of its own. */
const NEXT_PHASES: Readonly<Record<BookingPhase, readonly BookingPhase[]>> = {
  pending: ['pending', 'confirmed', 'cancelled'],
  confirmed: ['confirmed', 'cancelled', 'completed'],
  cancelled: ['cancelled'],
  completed: ['completed'],
};

/** The phases a new booking or item may start in. */
const INITIAL_PHASES: readonly BookingPhase[] = ['pending', 'confirmed'];

/** Phases in which a booking no longer holds its slots' capacity. */
const RELEASING_PHASES: readonly BookingPhase[] = ['cancelled'];

export type MoveVerdict = { allowed: true } | { allowed: false; reason: string };

/**
 * Whether a booking in `from` (null: not created yet) may take a status of phase `to`. Pure: the
 * caller names the field and turns a refusal into its 400.
 */
export function bookingMove(from: BookingPhase | null, to: BookingPhase): MoveVerdict {
  const allowed = from === null ? INITIAL_PHASES : NEXT_PHASES[from];
  if (allowed.includes(to)) return { allowed: true };
  if (from === null) return { allowed: false, reason: `A booking cannot start ${to}; it starts pending or confirmed` };
  if (from === 'cancelled' || from === 'completed') return { allowed: false, reason: `A ${from} booking cannot become ${to}` };
  return { allowed: false, reason: `A ${from} booking cannot become ${to}; allowed: ${allowed.join(', ')}` };
}

/** Whether a booking in this phase holds its slots' capacity. */
export function holdsCapacity(phase: BookingPhase): boolean {
  return !RELEASING_PHASES.includes(phase);
}
