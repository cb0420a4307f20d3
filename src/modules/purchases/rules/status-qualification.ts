/** A status as recalculation sees it. */
export interface LadderStatus {
  id: string;
  tier: number;
  /** 0 held from account creation, 1 assigned by hand, 2 earned by meeting its conditions. */
  qualificationType: number;
  /** Turnover needed in each currency over the qualification period; one met threshold qualifies. */
  turnovers: { currencyId: string; value: number }[];
  /** Points to collect over the qualification period; null when points do not qualify. */
  points: number | null;
}

/** What the customer achieved within a status's qualification period. */
export interface Achievement<T extends LadderStatus> {
  turnoverOf: (status: T, currencyId: string) => number;
  pointsOf: (status: T) => number;
}

const ON_CREATION = 0;
const MANUAL = 1;
const BY_CONDITIONS = 2;

/**
 * Whether the customer meets one of the status's conditions: its turnover in any of its currencies or
 * its points. The conditions are alternatives, since each one alone describes the tier.
 */
function conditionsMet<T extends LadderStatus>(status: T, achieved: Achievement<T>): boolean {
  const byTurnover = status.turnovers.some((threshold) => achieved.turnoverOf(status, threshold.currencyId) >= threshold.value);
  return byTurnover || (status.points !== null && achieved.pointsOf(status) >= status.points);
}

/**
 * The status a customer should hold after a purchase or a points gain: the highest earned status whose
 * conditions are met, else the entry status. A status assigned by hand is kept, and so is the current
 * one when nothing applies.
 */
export function qualifiedStatus<T extends LadderStatus>(ladder: readonly T[], current: T | null, achieved: Achievement<T>): T | null {
  if (current?.qualificationType === MANUAL) return current;
  const earned = ladder
    .filter((status) => status.qualificationType === BY_CONDITIONS && (status.turnovers.length > 0 || status.points !== null))
    .filter((status) => conditionsMet(status, achieved))
    .sort((a, b) => b.tier - a.tier)[0];
  if (earned) return earned;
  if (current?.qualificationType === BY_CONDITIONS) {
    return ladder.filter((status) => status.qualificationType === ON_CREATION).sort((a, b) => a.tier - b.tier)[0] ?? null;
  }
  return current;
}
