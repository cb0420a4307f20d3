import { wallClock } from './wall-clock';

/** Why a voucher cannot be used; the values are the API's reasons. */
export enum VoucherRefusal {
  AlreadyApplied = 'voucher_already_applied',
  AlreadyUsed = 'voucher_already_used',
  Expired = 'voucher_expired',
  NotYetValid = 'voucher_cant_be_applied_by_date',
  ValidityDays = 'voucher_cant_be_applied_by_validity_days',
  TimeOfDay = 'voucher_cant_be_applied_by_time',
  Store = 'voucher_not_allowed_in_store',
  Owner = 'voucher_assigned_to_another_customer',
  Segment = 'voucher_cant_be_applied_by_segment',
  MinimumPurchase = 'insufficient_amount_of_purchase',
  ConditionCount = 'voucher_condition_count_not_satisfied',
  BonusCount = 'voucher_bonus_count_not_satisfied',
}

export type RelatedTo = 'product' | 'product_group' | 'product_brand';

/** Cart thresholds of a condition or a bonus for one kind of relation. */
export interface RelationRule {
  relatedTo: RelatedTo;
  count: number;
  minPrice: number | null;
  maxPrice: number | null;
}

/** The products, groups and brands a condition or bonus names. */
export interface RelationTargets {
  productIds: ReadonlySet<string>;
  productGroupIds: ReadonlySet<string>;
  productBrandIds: ReadonlySet<string>;
}

export interface VoucherFacts {
  customerId: string;
  appliedAt: Date | null;
  validFrom: Date | null;
  validTo: Date | null;
  /** Gift cards: what is left; zero means used up. Null for other vouchers. */
  currentBalance: number | null;
}

/** A stored voucher's facts (its balance as the ledger's numeric text). */
export function voucherFacts(voucher: {
  customerId: string;
  appliedAt: Date | null;
  validFrom: Date | null;
  validTo: Date | null;
  currentBalance: string | null;
}): VoucherFacts {
  return {
    customerId: voucher.customerId,
    appliedAt: voucher.appliedAt,
    validFrom: voucher.validFrom,
    validTo: voucher.validTo,
    currentBalance: voucher.currentBalance === null ? null : Number(voucher.currentBalance),
  };
}

export interface RewardFacts {
  /** Stores where the reward can be used; empty means every store. */
  storeIds: readonly string[];
  /** Calendar days `YYYY-MM-DD`, both included. */
  validFrom: string | null;
  validTo: string | null;
  /** `HH:MM:SS`; a window whose end is before its start runs over midnight. */
  validTimeFrom: string | null;
  validTimeTo: string | null;
  /** ISO weekdays; null means every day. */
  validWeekdays: readonly number[] | null;
  /** Segments the customer must be in (any one of them); empty means everyone. */
  segmentIds: readonly string[];
  minimumPurchaseValue: number | null;
  conditions: readonly RelationRule[];
  conditionTargets: RelationTargets;
  bonuses: readonly RelationRule[];
  bonusTargets: RelationTargets;
}

export interface CartItem {
  productId: string;
  productGroupId: string | null;
  productBrandId: string | null;
  quantity: number;
  unitPrice: number;
}

export interface UsageContext {
  at: Date;
  timeZone: string;
  /** The customer using the voucher, when known. */
  customerId?: string;
  storeId?: string;
  /** The customer's segments; needed when the reward is limited to segments. */
  customerSegmentIds?: readonly string[];
  /** The purchase, at purchase closure; without one the purchase rules are not checked. */
  cart?: { total: number; items: readonly CartItem[] };
}

/**
 * The first reason the voucher of `reward` cannot be used in `context`, or null when it can. Checks
 * in order: applied or used up, expiry, dates, weekdays, time of day, store, owner, segments, and,
 * with a cart, the minimum purchase and the condition and bonus counts.
 */
export function voucherRefusal(voucher: VoucherFacts, reward: RewardFacts, context: UsageContext): VoucherRefusal | null {
  if (voucher.appliedAt !== null) return VoucherRefusal.AlreadyApplied;
  if (voucher.currentBalance !== null && voucher.currentBalance <= 0) return VoucherRefusal.AlreadyUsed;
  if (voucher.validTo !== null && context.at > voucher.validTo) return VoucherRefusal.Expired;
  const clock = wallClock(context.at, context.timeZone);
  if (reward.validTo !== null && clock.date > reward.validTo) return VoucherRefusal.Expired;
  if (voucher.validFrom !== null && context.at < voucher.validFrom) return VoucherRefusal.NotYetValid;
  if (reward.validFrom !== null && clock.date < reward.validFrom) return VoucherRefusal.NotYetValid;
  if (reward.validWeekdays !== null && !reward.validWeekdays.includes(clock.weekday)) return VoucherRefusal.ValidityDays;
  if (!withinTimeWindow(clock.time, reward.validTimeFrom, reward.validTimeTo)) return VoucherRefusal.TimeOfDay;
  if (context.storeId !== undefined && reward.storeIds.length > 0 && !reward.storeIds.includes(context.storeId))
    return VoucherRefusal.Store;
  if (context.customerId !== undefined && context.customerId !== voucher.customerId) return VoucherRefusal.Owner;
  if (reward.segmentIds.length > 0 && !reward.segmentIds.some((id) => context.customerSegmentIds?.includes(id)))
    return VoucherRefusal.Segment;
  if (context.cart) {
    if (reward.minimumPurchaseValue !== null && context.cart.total < reward.minimumPurchaseValue) return VoucherRefusal.MinimumPurchase;
    if (!rulesSatisfied(reward.conditions, reward.conditionTargets, context.cart.items)) return VoucherRefusal.ConditionCount;
    if (!rulesSatisfied(reward.bonuses, reward.bonusTargets, context.cart.items)) return VoucherRefusal.BonusCount;
  }
  return null;
}

export function withinTimeWindow(time: string, from: string | null, to: string | null): boolean {
  if (from === null && to === null) return true;
  const start = from ?? '00:00:00';
  const end = to ?? '23:59:59';
  return start <= end ? time >= start && time <= end : time >= start || time <= end;
}

/** Each rule needs `count` cart units among its targets priced within its range. */
export function rulesSatisfied(rules: readonly RelationRule[], targets: RelationTargets, items: readonly CartItem[]): boolean {
  return rules.every((rule) => {
    const units = items
      .filter((item) => matches(item, rule.relatedTo, targets))
      .filter(
        (item) =>
          (rule.minPrice === null || item.unitPrice >= rule.minPrice) && (rule.maxPrice === null || item.unitPrice <= rule.maxPrice),
      )
      .reduce((sum, item) => sum + item.quantity, 0);
    return units >= rule.count;
  });
}

function matches(item: CartItem, relatedTo: RelatedTo, targets: RelationTargets): boolean {
  switch (relatedTo) {
    case 'product':
      return targets.productIds.has(item.productId);
    case 'product_group':
      return item.productGroupId !== null && targets.productGroupIds.has(item.productGroupId);
    case 'product_brand':
      return item.productBrandId !== null && targets.productBrandIds.has(item.productBrandId);
  }
}
