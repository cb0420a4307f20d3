import { CommonException, InvalidReason } from '@tessera/http';
import { EntranceState } from './entities/entrance.entity';

/**
 * Every allowed move of an entrance's state through the API: an active entrance may be deactivated;
 * a cancelled one stays cancelled, as its point-of-sale system no longer honours it.
 */
export const ENTRANCE_STATE_MOVES: Readonly<Record<EntranceState, readonly EntranceState[]>> = {
  [EntranceState.Active]: [EntranceState.Cancelled],
  [EntranceState.Cancelled]: [],
};

/** What a requested state does: nothing when it is the current one, a deactivation, or a 400 naming `field`. */
export function moveEntranceState(from: EntranceState, to: EntranceState, field: string): 'unchanged' | 'deactivate' {
  if (from === to) return 'unchanged';
  if (!ENTRANCE_STATE_MOVES[from].includes(to)) {
    throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'A cancelled entrance cannot become active again', String(to));
  }
  return 'deactivate';
}
