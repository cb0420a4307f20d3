/**
 * Earning rules as pure functions: given a bill (or an event), the customer's facts and the active
 * rules held in memory, which effects are granted and by which rule. No I/O, so every condition and
 * effect is tested from a table, and a closure adds no statement for rules that grant nothing.
 * Money is in cents, points in hundredths, as in the rest of the closure.
 */

export type StackingMode = 'exclusive' | 'cumulative';
export type RuleTrigger = 'purchase' | 'event';
export type LimitPeriod = 'day' | 'week' | 'month' | 'lifetime';
export const LIMIT_PERIODS: readonly LimitPeriod[] = ['day', 'week', 'month', 'lifetime'];
export type EffectKind = 'points_per_currency_unit' | 'fixed_points' | 'points_per_item' | 'credits' | 'reward_voucher' | 'stamp';
export const EFFECT_KINDS: readonly EffectKind[] = [
  'points_per_currency_unit',
  'fixed_points',
  'points_per_item',
  'credits',
  'reward_voucher',
  'stamp',
];

/** What of the bill a rule looks for: any line matching one of the ids or tags, summed over the matching lines. */
export interface ItemCondition {
  productIds: readonly string[];
  productGroupIds: readonly string[];
  productBrandIds: readonly string[];
  tags: readonly string[];
  minQuantity: number | null;
  /** Cents the matching lines leave to pay. */
  minAmountCents: number | null;
}

/** Every condition present must hold; an absent (null or empty) one holds always. */
export interface RuleConditions {
  billTotalMinCents: number | null;
  paidMinCents: number | null;
  items: ItemCondition | null;
  storeIds: readonly string[];
  storeGroupIds: readonly string[];
  partnerIds: readonly string[];
  paymentTypeIds: readonly string[];
  /** ISO weekdays, 1 Monday .. 7 Sunday, on the programme's clock. */
  weekdays: readonly number[];
  /** Minutes since midnight, from inclusive to exclusive; a window past midnight wraps (22:00-02:00). */
  minutesFrom: number | null;
  minutesTo: number | null;
  statusIds: readonly string[];
  segmentIds: readonly string[];
  ageMin: number | null;
  ageMax: number | null;
  /** Agreements the customer must have given. */
  consentIds: readonly string[];
  /** true: only a customer's first purchase; false: only the later ones. */
  firstPurchase: boolean | null;
  /** Event rules: the event types (text ids) the rule answers. */
  eventTypes: readonly string[];
}

export type RuleEffect =
  | {
      kind: 'points_per_currency_unit';
      on: 'bill' | 'matching_lines';
      /** Points per currency unit; null takes the store's `points_per_currency_unit`. */
      rate: number | null;
      multiplier: number;
    }
  /** Points in hundredths. */
  | { kind: 'fixed_points'; points: number }
  /** Points in hundredths per whole unit of the matching lines. */
  | { kind: 'points_per_item'; points: number }
  | { kind: 'credits'; cents: number; creditTypeId: string | null }
  | { kind: 'reward_voucher'; rewardId: string }
  | { kind: 'stamp'; stamperCampaignId: string; stamps: number };

export interface RuleLimits {
  /** Times the rule may grant to one customer within each period. */
  perCustomer: readonly { period: LimitPeriod; times: number }[];
  /** Points (hundredths) the rule may grant in all. */
  budgetPoints: number | null;
  /** Credits (cents) the rule may grant in all. */
  budgetCents: number | null;
}

/** An earning rule as the engine reads it: active, with its validity window. */
export interface EarningRule {
  id: string;
  code: string;
  trigger: RuleTrigger;
  validFrom: Date | null;
  validTo: Date | null;
  /** Lower first. */
  priority: number;
  stacking: StackingMode;
  conditions: RuleConditions;
  effects: readonly RuleEffect[];
  limits: RuleLimits;
}

/** A bill line as rules read it. */
export interface EarningLine {
  productId: string | null;
  productGroupId: string | null;
  productBrandId: string | null;
  tags: readonly string[];
  quantity: number;
  /** Cents the line leaves to pay and earns on (zero for a line that collects no points). */
  earningCents: number;
}

/** What a rule may look at: the bill of a purchase, or an event (no lines). */
export interface EarningOccasion {
  trigger: RuleTrigger;
  /** The event type's text id; `purchase` for a bill. */
  eventType: string;
  at: Date;
  /** The programme's wall clock at `at`. */
  weekday: number;
  minuteOfDay: number;
  storeId: string | null;
  storeGroupIds: readonly string[];
  partnerId: string | null;
  paymentTypeId: string | null;
  totalCents: number;
  lines: readonly EarningLine[];
  /** Points per currency unit of the store, as the loyalty rules resolve it. */
  defaultRate: number;
}

export interface CustomerFacts {
  statusId: string | null;
  segmentIds: readonly string[];
  /** Whole years, null when the birth date is unknown. */
  age: number | null;
  consentIds: readonly string[];
  /** No purchase before this one. */
  firstPurchase: boolean;
}

/** What a rule has used so far, to skip one that would go past a limit. */
export interface RuleUsage {
  /** Grants to this customer within the current day, week, month and ever. */
  customerGrants: Partial<Record<LimitPeriod, number>>;
  budgetPointsUsed: number;
  budgetCentsUsed: number;
}

export type GrantedEffect =
  | { ruleId: string; ruleCode: string; kind: 'points'; points: number }
  | { ruleId: string; ruleCode: string; kind: 'credits'; cents: number; creditTypeId: string | null }
  | { ruleId: string; ruleCode: string; kind: 'reward_voucher'; rewardId: string }
  | { ruleId: string; ruleCode: string; kind: 'stamp'; stamperCampaignId: string; stamps: number };

export interface Earning {
  effects: GrantedEffect[];
  /** Whether the store's `points_per_currency_unit` still earns beside the rules: not when an exclusive rule applied. */
  defaultApplies: boolean;
}

/** A rule nothing has been granted by yet. */
export const NO_USAGE: RuleUsage = { customerGrants: {}, budgetPointsUsed: 0, budgetCentsUsed: 0 };
/** A rule another writer used up: every limit and budget reads as spent. */
export const USED_UP: RuleUsage = {
  customerGrants: { day: Infinity, week: Infinity, month: Infinity, lifetime: Infinity },
  budgetPointsUsed: Infinity,
  budgetCentsUsed: Infinity,
};

/** Rules in the order they are weighed: priority, then code. */
export function byPriority(a: EarningRule, b: EarningRule): number {
  return a.priority - b.priority || a.code.localeCompare(b.code);
}

/**
 * The effects the rules grant on an occasion. Rules are weighed by priority; the first exclusive rule
 * that applies is the only one granted (and the store's default earning stops), otherwise every
 * cumulative rule that applies is granted beside the default. A rule whose limit or budget is used up
 * is passed over as if its conditions failed.
 */
export function evaluateRules(
  rules: readonly EarningRule[],
  occasion: EarningOccasion,
  customer: CustomerFacts,
  usage: (ruleId: string) => RuleUsage = () => NO_USAGE,
): Earning {
  const applying: { rule: EarningRule; effects: GrantedEffect[] }[] = [];
  for (const rule of [...rules].sort(byPriority)) {
    if (!conditionsHold(rule, occasion, customer)) continue;
    const effects = withinLimits(rule, grantedBy(rule, occasion), usage(rule.id));
    if (effects === null || effects.length === 0) continue;
    if (rule.stacking === 'exclusive') return { effects, defaultApplies: false };
    applying.push({ rule, effects });
  }
  return { effects: applying.flatMap((entry) => entry.effects), defaultApplies: true };
}

/** Whether every condition of the rule holds for the occasion and the customer. */
export function conditionsHold(rule: EarningRule, occasion: EarningOccasion, customer: CustomerFacts): boolean {
  if (rule.trigger !== occasion.trigger) return false;
  if (rule.validFrom !== null && occasion.at < rule.validFrom) return false;
  if (rule.validTo !== null && occasion.at >= rule.validTo) return false;
  const c = rule.conditions;
  const paidCents = sum(occasion.lines.map((line) => line.earningCents));
  return (
    (c.eventTypes.length === 0 || c.eventTypes.includes(occasion.eventType)) &&
    (c.billTotalMinCents === null || occasion.totalCents >= c.billTotalMinCents) &&
    (c.paidMinCents === null || paidCents >= c.paidMinCents) &&
    (c.items === null || itemsHold(c.items, occasion.lines)) &&
    oneOf(c.storeIds, occasion.storeId) &&
    (c.storeGroupIds.length === 0 || occasion.storeGroupIds.some((id) => c.storeGroupIds.includes(id))) &&
    oneOf(c.partnerIds, occasion.partnerId) &&
    oneOf(c.paymentTypeIds, occasion.paymentTypeId) &&
    (c.weekdays.length === 0 || c.weekdays.includes(occasion.weekday)) &&
    withinHours(c.minutesFrom, c.minutesTo, occasion.minuteOfDay) &&
    oneOf(c.statusIds, customer.statusId) &&
    (c.segmentIds.length === 0 || customer.segmentIds.some((id) => c.segmentIds.includes(id))) &&
    (c.ageMin === null || (customer.age !== null && customer.age >= c.ageMin)) &&
    (c.ageMax === null || (customer.age !== null && customer.age <= c.ageMax)) &&
    c.consentIds.every((id) => customer.consentIds.includes(id)) &&
    (c.firstPurchase === null || c.firstPurchase === customer.firstPurchase)
  );
}

/** The lines an item condition names; every line when the rule has none. */
export function matchingLines(items: ItemCondition | null, lines: readonly EarningLine[]): EarningLine[] {
  if (items === null) return [...lines];
  return lines.filter(
    (line) =>
      (line.productId !== null && items.productIds.includes(line.productId)) ||
      (line.productGroupId !== null && items.productGroupIds.includes(line.productGroupId)) ||
      (line.productBrandId !== null && items.productBrandIds.includes(line.productBrandId)) ||
      line.tags.some((tag) => items.tags.includes(tag)),
  );
}

function itemsHold(items: ItemCondition, lines: readonly EarningLine[]): boolean {
  const matching = matchingLines(items, lines);
  if (matching.length === 0) return false;
  if (items.minQuantity !== null && sum(matching.map((line) => line.quantity)) < items.minQuantity) return false;
  return items.minAmountCents === null || sum(matching.map((line) => line.earningCents)) >= items.minAmountCents;
}

/** What the rule's effects grant on the occasion, before limits; effects worth nothing are left out. */
export function grantedBy(rule: EarningRule, occasion: EarningOccasion): GrantedEffect[] {
  const named = { ruleId: rule.id, ruleCode: rule.code };
  const matching = matchingLines(rule.conditions.items, occasion.lines).filter((line) => line.earningCents > 0);
  const granted: GrantedEffect[] = [];
  for (const effect of rule.effects) {
    switch (effect.kind) {
      case 'points_per_currency_unit': {
        const basis = sum((effect.on === 'bill' ? occasion.lines : matching).map((line) => line.earningCents));
        const rate = (effect.rate ?? occasion.defaultRate) * effect.multiplier;
        const points = wholePoints((basis * rate) / 100);
        if (points > 0) granted.push({ ...named, kind: 'points', points });
        break;
      }
      case 'fixed_points':
        if (effect.points > 0) granted.push({ ...named, kind: 'points', points: effect.points });
        break;
      case 'points_per_item': {
        const items = sum(matching.map((line) => Math.floor(line.quantity + 1e-9)));
        if (items > 0 && effect.points > 0) granted.push({ ...named, kind: 'points', points: items * effect.points });
        break;
      }
      case 'credits':
        if (effect.cents > 0) granted.push({ ...named, kind: 'credits', cents: effect.cents, creditTypeId: effect.creditTypeId });
        break;
      case 'reward_voucher':
        granted.push({ ...named, kind: 'reward_voucher', rewardId: effect.rewardId });
        break;
      case 'stamp':
        if (effect.stamps > 0)
          granted.push({ ...named, kind: 'stamp', stamperCampaignId: effect.stamperCampaignId, stamps: effect.stamps });
        break;
    }
  }
  return granted;
}

/**
 * The effects, or null when granting them would go past one of the rule's limits: a customer's grants in
 * a period, or what is left of a budget (a grant is whole or nothing, so a budget is never overdrawn).
 */
export function withinLimits(rule: EarningRule, effects: GrantedEffect[], usage: RuleUsage): GrantedEffect[] | null {
  for (const limit of rule.limits.perCustomer) if ((usage.customerGrants[limit.period] ?? 0) >= limit.times) return null;
  const { points, cents } = totals(effects);
  if (rule.limits.budgetPoints !== null && usage.budgetPointsUsed + points > rule.limits.budgetPoints) return null;
  if (rule.limits.budgetCents !== null && usage.budgetCentsUsed + cents > rule.limits.budgetCents) return null;
  return effects;
}

/** Points (hundredths) and credits (cents) in the effects. */
export function totals(effects: readonly GrantedEffect[]): { points: number; cents: number } {
  let points = 0;
  let cents = 0;
  for (const effect of effects) {
    if (effect.kind === 'points') points += effect.points;
    if (effect.kind === 'credits') cents += effect.cents;
  }
  return { points, cents };
}

/**
 * The key of the period a limit counts grants in, on the programme's calendar date `YYYY-MM-DD`:
 * the day itself, its ISO week, its month, or one key for the rule's lifetime.
 */
export function periodKey(period: LimitPeriod, date: string): string {
  switch (period) {
    case 'day':
      return date;
    case 'month':
      return date.slice(0, 7);
    case 'lifetime':
      return 'lifetime';
    case 'week': {
      const day = new Date(`${date}T00:00:00Z`);
      const weekday = day.getUTCDay() || 7;
      // The ISO week's year is the year of its Thursday.
      const thursday = new Date(day.getTime() + (4 - weekday) * 86_400_000);
      const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
      const week = Math.ceil(((thursday.getTime() - yearStart) / 86_400_000 + 1) / 7);
      return `${thursday.getUTCFullYear()}-W${String(week).padStart(2, '0')}`;
    }
  }
}

/** Points in hundredths, whole points only, as the default earning counts them. */
function wholePoints(points: number): number {
  return Math.floor(points + 1e-9) * 100;
}

function withinHours(from: number | null, to: number | null, minute: number): boolean {
  if (from === null && to === null) return true;
  const start = from ?? 0;
  const end = to ?? 24 * 60;
  return start <= end ? minute >= start && minute < end : minute >= start || minute < end;
}

function oneOf(allowed: readonly string[], value: string | null): boolean {
  return allowed.length === 0 || (value !== null && allowed.includes(value));
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** What the store's `points_per_currency_unit` earns on a bill (hundredths, whole points), the earning before any rule. */
export function defaultEarning(occasion: EarningOccasion): number {
  if (occasion.trigger !== 'purchase') return 0;
  return wholePoints((sum(occasion.lines.map((line) => line.earningCents)) * occasion.defaultRate) / 100);
}

/** Whole years from a birth date (`YYYY-MM-DD`) to a calendar date; null when unknown. */
export function ageOn(birthdate: string | null, date: string): number | null {
  if (birthdate === null) return null;
  const [by, bm, bd] = birthdate.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}
