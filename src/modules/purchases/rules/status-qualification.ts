/** A status as recalculation sees it. */
export interface LadderStatus {
  id: string;
  tier: number;
  /** 0 held from account creation, 1 assigned by hand, 2 earned by turnover. */
  qualificationType: number;
  /** Turnover needed in each currency over the qualification period; one met threshold qualifies. */
  turnovers: { currencyId: string; value: number }[];
}

const ON_CREATION = 0;
const MANUAL = 1;
const BY_CONDITIONS = 2;

/**
 * The status a customer should hold after a purchase: the highest earned status whose turnover is met,
 * else the entry status. A status assigned by hand is kept, and so is the current one when nothing
 * applies. `turnoverOf` gives the customer's turnover for a status's period in a currency.
 */
export function qualifiedStatus<T extends LadderStatus>(
  ladder: readonly T[],
  current: T | null,
  turnoverOf: (status: T, currencyId: string) => number,
): T | null {
  if (current?.qualificationType === MANUAL) return current;
  const earned = ladder
    .filter((status) => status.qualificationType === BY_CONDITIONS && status.turnovers.length > 0)
    .filter((status) => status.turnovers.some((threshold) => turnoverOf(status, threshold.currencyId) >= threshold.value))
    .sort((a, b) => b.tier - a.tier)[0];
  if (earned) return earned;
  if (current?.qualificationType === BY_CONDITIONS) {
    return ladder.filter((status) => status.qualificationType === ON_CREATION).sort((a, b) => a.tier - b.tier)[0] ?? null;
  }
  return current;
}
