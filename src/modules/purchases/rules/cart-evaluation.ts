import { RelatedTo, RelationTargets } from '../../loyalty';

/**
 * The arithmetic of a bill at closure, free of I/O so each rule can be tested from a table: which
 * lines take rewards, what each voucher takes off which line, the status discount, how much may be
 * paid with points, and the points the purchase earns. Money is in cents, points in hundredths.
 */

/** What the bill line's purchase item type lets loyalty do with it. */
export interface ItemTypeFlags {
  collectsPoints: boolean;
  rewardsApply: boolean;
  payableByPoints: boolean;
}

export interface CartLine {
  billItemId: string;
  productId: string | null;
  productGroupId: string | null;
  productBrandId: string | null;
  quantity: number;
  /** What the customer pays for the line, in cents. */
  paidCents: number;
  /**
   * The line's price in cents: its paid amount, or more when the POS already took a discount off the
   * paid amount (or an insurer pays part). A discount Tessera calculates is taken only where the paid
   * amount does not already show it: see `remaining`.
   */
  priceCents: number;
  loyaltyOff: boolean;
  type: ItemTypeFlags;
}

export type BenefitKind = 'fixed_discount' | 'percentage_discount' | 'final_price' | 'catalogue_item' | 'gift_card';

/** A voucher or reward being applied, reduced to what the arithmetic needs. */
export interface Benefit {
  kind: BenefitKind;
  /** Cents for money kinds, the percentage for percentage_discount. */
  value: number;
  /** Cap of a percentage discount, in cents. */
  maxDiscountCents: number | null;
  /** The products the benefit discounts; null discounts the whole bill. */
  targets: RelationTargets | null;
}

/** What the benefits took off one line. */
export interface LineDiscount {
  billItemId: string;
  cents: number;
}

/** The running state of discounts on the lines, one entry per line in bill order. */
export interface CartState {
  lines: readonly CartLine[];
  /** Cents taken off each line so far. */
  discountCents: number[];
  /** Units of each line already given away or discounted one by one. */
  unitsTaken: number[];
}

export function emptyState(lines: readonly CartLine[]): CartState {
  return { lines, discountCents: lines.map(() => 0), unitsTaken: lines.map(() => 0) };
}

/** Lines rewards and discounts may touch: loyalty not switched off and the item type takes rewards. */
export function takesRewards(line: CartLine): boolean {
  return !line.loyaltyOff && line.type.rewardsApply;
}

export function lineMatches(line: CartLine, targets: RelationTargets): boolean {
  return (
    (line.productId !== null && targets.productIds.has(line.productId)) ||
    (line.productGroupId !== null && targets.productGroupIds.has(line.productGroupId)) ||
    (line.productBrandId !== null && targets.productBrandIds.has(line.productBrandId))
  );
}

export function hasTargets(targets: RelationTargets): boolean {
  return targets.productIds.size + targets.productGroupIds.size + targets.productBrandIds.size > 0;
}

/** Units of a condition or bonus kind, used by the usability rules. */
export function cartItemsOf(
  lines: readonly CartLine[],
): { productId: string; productGroupId: string | null; productBrandId: string | null; quantity: number; unitPrice: number }[] {
  return lines
    .filter((line) => takesRewards(line) && line.productId !== null)
    .map((line) => ({
      productId: line.productId as string,
      productGroupId: line.productGroupId,
      productBrandId: line.productBrandId,
      quantity: line.quantity,
      unitPrice: line.quantity > 0 ? line.paidCents / line.quantity / 100 : 0,
    }));
}

/**
 * Applies one benefit to the cart. Targeted benefits work on one unit of the dearest matching line not
 * yet given away; others on what is left of every line that takes rewards, shared in proportion.
 * Returns the new state and what it took off each line, or null when there is nothing it could discount.
 */
export function applyBenefit(state: CartState, benefit: Benefit): { state: CartState; discounts: LineDiscount[] } | null {
  if (benefit.targets !== null) return applyToUnit(state, benefit, benefit.targets);
  if (benefit.kind === 'final_price' || benefit.kind === 'catalogue_item') return null;
  const open = state.lines.map((line, index) => (takesRewards(line) ? remaining(state, index) : 0));
  const openTotal = open.reduce((sum, cents) => sum + cents, 0);
  if (openTotal <= 0) return null;
  let total: number;
  switch (benefit.kind) {
    case 'fixed_discount':
    case 'gift_card':
      total = Math.min(benefit.value, openTotal);
      break;
    case 'percentage_discount':
      total = capped(Math.round((openTotal * benefit.value) / 100), benefit.maxDiscountCents);
      break;
  }
  if (total <= 0) return null;
  const shares = shareInProportion(total, open);
  const discountCents = state.discountCents.map((cents, index) => cents + shares[index]);
  const discounts = shares.flatMap((cents, index) => (cents > 0 ? [{ billItemId: state.lines[index].billItemId, cents }] : []));
  return { state: { ...state, discountCents }, discounts };
}

function applyToUnit(state: CartState, benefit: Benefit, targets: RelationTargets): { state: CartState; discounts: LineDiscount[] } | null {
  let best = -1;
  let bestUnit = 0;
  state.lines.forEach((line, index) => {
    if (!takesRewards(line) || !lineMatches(line, targets)) return;
    const unitsLeft = line.quantity - state.unitsTaken[index];
    if (unitsLeft <= 0 || remaining(state, index) <= 0) return;
    const unitCents = Math.min(Math.round(line.paidCents / line.quantity), remaining(state, index));
    if (unitCents > bestUnit) {
      best = index;
      bestUnit = unitCents;
    }
  });
  if (best < 0) return null;
  const line = state.lines[best];
  const take = Math.min(1, line.quantity - state.unitsTaken[best]);
  const unitCents = Math.min(Math.round((line.paidCents / line.quantity) * take), remaining(state, best));
  let cents: number;
  switch (benefit.kind) {
    case 'fixed_discount':
    case 'gift_card':
      cents = Math.min(benefit.value, unitCents);
      break;
    case 'percentage_discount':
      cents = capped(Math.round((unitCents * benefit.value) / 100), benefit.maxDiscountCents);
      break;
    case 'final_price':
      cents = Math.max(unitCents - benefit.value, 0);
      break;
    case 'catalogue_item':
      cents = unitCents;
      break;
  }
  // A discount worth nothing (a final price above the unit price) does not use the voucher up.
  if (cents <= 0) return null;
  const discountCents = [...state.discountCents];
  const unitsTaken = [...state.unitsTaken];
  discountCents[best] += cents;
  unitsTaken[best] += take;
  return { state: { ...state, discountCents, unitsTaken }, discounts: [{ billItemId: line.billItemId, cents }] };
}

/** A condition of a reward as maxApplications reads it: units of one kind of target, in a unit price range. */
export interface ConditionRule {
  relatedTo: RelatedTo;
  count: number;
  minPrice?: number | null;
  maxPrice?: number | null;
}

/**
 * How many times a reward could be applied to the cart: each condition counts the units of its own kind
 * of target (products, groups or brands) priced within its range, and the tightest one bounds the
 * applications, as do the units the reward can discount.
 */
export function maxApplications(
  lines: readonly CartLine[],
  rules: { conditions: readonly ConditionRule[]; conditionTargets: RelationTargets; bonusTargets: RelationTargets },
  kind: BenefitKind,
): number {
  const eligible = lines.filter(takesRewards);
  const unitsOf = (matching: CartLine[]) => matching.reduce((sum, line) => sum + Math.ceil(line.quantity), 0);
  const bounds: number[] = [];
  for (const condition of rules.conditions) {
    if (condition.count <= 0) continue;
    const matching = eligible.filter(
      (line) => lineMatchesKind(line, condition.relatedTo, rules.conditionTargets) && withinPriceRange(line, condition),
    );
    bounds.push(Math.floor(unitsOf(matching) / condition.count));
  }
  const targets = hasTargets(rules.bonusTargets) ? rules.bonusTargets : hasTargets(rules.conditionTargets) ? rules.conditionTargets : null;
  if (targets !== null) bounds.push(unitsOf(eligible.filter((line) => lineMatches(line, targets))));
  else if (kind === 'final_price' || kind === 'catalogue_item') bounds.push(0);
  else bounds.push(eligible.some((line) => line.paidCents > 0) ? 1 : 0);
  return Math.max(0, Math.min(...bounds));
}

function lineMatchesKind(line: CartLine, relatedTo: RelatedTo, targets: RelationTargets): boolean {
  switch (relatedTo) {
    case 'product':
      return line.productId !== null && targets.productIds.has(line.productId);
    case 'product_group':
      return line.productGroupId !== null && targets.productGroupIds.has(line.productGroupId);
    case 'product_brand':
      return line.productBrandId !== null && targets.productBrandIds.has(line.productBrandId);
  }
}

/** The line's unit price (currency units) against a condition's range. */
function withinPriceRange(line: CartLine, condition: ConditionRule): boolean {
  const unitPrice = line.quantity > 0 ? line.paidCents / line.quantity / 100 : 0;
  return (condition.minPrice == null || unitPrice >= condition.minPrice) && (condition.maxPrice == null || unitPrice <= condition.maxPrice);
}

/**
 * The status discount: `percent` of what is left of each line that takes rewards, skipping lines a
 * voucher already discounted unless the status allows discounts on discounted lines.
 */
export function statusDiscounts(state: CartState, percent: number, onDiscountedLines: boolean): LineDiscount[] {
  if (percent <= 0) return [];
  return state.lines.flatMap((line, index) => {
    if (!takesRewards(line)) return [];
    if (!onDiscountedLines && state.discountCents[index] > 0) return [];
    const cents = Math.round((remaining(state, index) * percent) / 100);
    return cents > 0 ? [{ billItemId: line.billItemId, cents }] : [];
  });
}

export function withDiscounts(state: CartState, discounts: readonly LineDiscount[]): CartState {
  const discountCents = [...state.discountCents];
  for (const discount of discounts) {
    const index = state.lines.findIndex((line) => line.billItemId === discount.billItemId);
    discountCents[index] += discount.cents;
  }
  return { ...state, discountCents };
}

/**
 * Cents still to pay on a line after its discounts. A final bill may report a line already reduced by
 * the vouchers in its payment recap (price 100, paid 90 for 10% off), or not reduced (paid 100): the
 * discounts are taken off the price, and the customer never pays more than the paid amount, so both
 * bills leave 90 to pay rather than the first one taking the voucher off twice.
 */
export function remaining(state: CartState, index: number): number {
  const line = state.lines[index];
  return Math.max(Math.min(line.paidCents, line.priceCents - state.discountCents[index]), 0);
}

/** What may be paid with points: what is left of lines payable by points whose loyalty is on. */
export function pointsPayableCents(state: CartState): number {
  return state.lines.reduce((sum, line, index) => (line.type.payableByPoints && !line.loyaltyOff ? sum + remaining(state, index) : sum), 0);
}

/** Points (hundredths) that pay `cents` at `pointValue` money per point, rounded up to whole hundredths. */
export function pointsForCents(cents: number, pointValue: number): number {
  return Math.ceil(cents / pointValue - 1e-9);
}

/** Money (cents) that `points` hundredths are worth, rounded down. */
export function centsForPoints(points: number, pointValue: number): number {
  return Math.floor(points * pointValue + 1e-9);
}

/**
 * Points earned, in hundredths per line: whole points on the bill, the rate times what is left of the
 * lines that collect points less their share of the money paid with points (shared over every line
 * payable by points), then spread over the collecting lines in proportion.
 */
export function earnedPoints(state: CartState, rate: number, pointsPaidCents: number): number[] {
  const basis = earningBasis(state, pointsPaidCents);
  const wholePoints = Math.floor((sum(basis) * rate) / 100 + 1e-9);
  return shareInProportion(wholePoints, basis).map((points) => points * 100);
}

/**
 * Cents each line earns on: what is left of a line that collects points after discounts, less its share
 * of the money paid with points (shared over every line payable by points); zero on other lines.
 */
export function earningBasis(state: CartState, pointsPaidCents: number): number[] {
  const open = state.lines.map((_line, index) => remaining(state, index));
  const payable = state.lines.map((line, index) => (line.type.payableByPoints && !line.loyaltyOff ? open[index] : 0));
  const paidShares = shareInProportion(Math.min(pointsPaidCents, sum(payable)), payable);
  return state.lines.map((line, index) => (line.type.collectsPoints && !line.loyaltyOff ? open[index] - paidShares[index] : 0));
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Splits `total` over `weights` in proportion, largest remainders first, so the shares sum to `total`. */
export function shareInProportion(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0 || total <= 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    if (weights[index] > 0) {
      shares[index] += 1;
      left -= 1;
    }
  }
  return shares;
}

function capped(cents: number, cap: number | null): number {
  return cap === null ? cents : Math.min(cents, cap);
}

export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

export function fromCents(cents: number): number {
  return cents / 100;
}
