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
  /** Purchases (not cancelled) to make over the qualification period; null when their number does not qualify. */
  purchases: number | null;
}

/** What the customer achieved within a status's qualification period. */
export interface Achievement<T extends LadderStatus> {
  turnoverOf: (status: T, currencyId: string) => number;
  pointsOf: (status: T) => number;
  purchasesOf: (status: T) => number;
}

/**
 * When a customer's status is looked at: after what they did (a purchase, a cancellation, points
 * gained), which may only move them up, or at the end of their status record's period (and its
 * grace), which moves them to whatever they qualify for then.
 */
export type Evaluation = 'activity' | 'period_end';

const ON_CREATION = 0;
const MANUAL = 1;
const BY_CONDITIONS = 2;

/** Whether the status has any threshold; one without would be reached by everyone, so it is never earned. */
function hasThreshold(status: LadderStatus): boolean {
  return status.turnovers.length > 0 || status.points !== null || status.purchases !== null;
}

/**
 * Whether the customer meets one of the status's conditions: its turnover in any of its currencies, its
 * points or its number of purchases. The conditions are alternatives, since each one alone describes the tier.
 */
function conditionsMet<T extends LadderStatus>(status: T, achieved: Achievement<T>): boolean {
  const byTurnover = status.turnovers.some((threshold) => achieved.turnoverOf(status, threshold.currencyId) >= threshold.value);
  const byPoints = status.points !== null && achieved.pointsOf(status) >= status.points;
  const byPurchases = status.purchases !== null && achieved.purchasesOf(status) >= status.purchases;
  return byTurnover || byPoints || byPurchases;
}

/** The lowest status given on account creation. */
function entryStatus<T extends LadderStatus>(ladder: readonly T[]): T | null {
  return ladder.filter((status) => status.qualificationType === ON_CREATION).sort((a, b) => a.tier - b.tier)[0] ?? null;
}

/**
 * The status a customer should hold: the highest earned status whose conditions are met.
 *
 * After activity the customer only moves up: a status assigned by hand is kept, and an earned status
 * is kept when the figures no longer reach it (or reach only a lower one) until its period ends.
 * At the end of the period the customer gets the highest status met, else the entry status, else none.
 */
export function qualifiedStatus<T extends LadderStatus>(
  ladder: readonly T[],
  current: T | null,
  achieved: Achievement<T>,
  evaluation: Evaluation = 'activity',
): T | null {
  const earned =
    ladder
      .filter((status) => status.qualificationType === BY_CONDITIONS && hasThreshold(status))
      .filter((status) => conditionsMet(status, achieved))
      .sort((a, b) => b.tier - a.tier)[0] ?? null;
  if (evaluation === 'period_end') return earned ?? entryStatus(ladder);
  if (current?.qualificationType === MANUAL) return current;
  if (current?.qualificationType === BY_CONDITIONS && (earned === null || earned.tier <= current.tier)) return current;
  return earned ?? current;
}
