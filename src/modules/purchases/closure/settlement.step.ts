import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CommonException, InvalidReason } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import {
  BillRewards,
  CreditTypeService,
  EarningRule,
  ageOn,
  EarningRuleService,
  evaluateRules,
  NO_USAGE,
  USED_UP,
  LoyaltyRules,
  payerAllowed,
  PointTypeService,
  RedeemableReward,
  RedeemableVoucher,
  VoucherRedemptionService,
  voucherRefusal,
  wallClock,
} from '../../loyalty';
import { StatusEntity } from '../../reference-data';
import { PaymentTypeEntity } from '../definitions/entities/purchase-definitions.entity';
import { PurchaseReason, PurchasesException } from '../purchases.exceptions';
import {
  applyBenefit,
  Benefit,
  BenefitKind,
  cartItemsOf,
  CartState,
  centsForPoints,
  earnedPoints,
  earningBasis,
  emptyState,
  fromCents,
  hasTargets,
  maxApplications,
  pointsPayableCents,
  remaining,
  statusDiscounts,
  toCents,
  withDiscounts,
} from '../rules/cart-evaluation';
import { AppliedBenefit, Cart, Checkout, PaymentRequest, rewardPoints, RuleGrant, Settlement } from './closure.model';

/** Reward groups whose rewards apply by their own code. */
export const REWARD_CODE_GROUPS = [0, 2];
/** Reward kinds that take something off a bill. */
export const BENEFIT_KINDS: readonly string[] = ['fixed_discount', 'percentage_discount', 'final_price', 'catalogue_item', 'gift_card'];

/**
 * The settlement of a bill: the vouchers and rewards its codes name and the automated rewards, read
 * (and locked, when booking) in one statement; everything else is the pure `settle` over facts read before.
 */
@Injectable()
export class SettlementStep {
  constructor(
    private readonly redemption: VoucherRedemptionService,
    private readonly pointTypes: PointTypeService,
    private readonly creditTypes: CreditTypeService,
    private readonly earningRules: EarningRuleService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async run(
    checkout: Checkout,
    cart: Cart,
    paymentType: PaymentTypeEntity,
    codes: string[],
    payment: PaymentRequest,
    lock: boolean,
    m: EntityManager,
  ): Promise<Settlement> {
    // The checkout read the balance of the default point type; without one, this refuses as reading it did.
    if (checkout.customerId) await this.pointTypes.resolve(undefined, 'point_type_id');
    checkCodes(codes, checkout);
    const at = new Date();
    const found = await this.redemption.forBill(
      codes,
      { lock, customerId: checkout.customerId, automatedOn: checkout.customerId ? wallClock(at, this.config.timeZone).date : null },
      m,
    );
    // Refused, like reading the credits was, only once the customer is found allowed to pay with them.
    const creditTypeError = paymentType.paysByCredits
      ? await this.creditTypes.resolve(undefined, 'payment_type').then(
          () => null,
          (error: Error) => error,
        )
      : null;
    return settle({
      checkout,
      cart,
      paymentType,
      codes,
      payment,
      found,
      at,
      timeZone: this.config.timeZone,
      // Held in memory: an anonymous bill earns nothing, so it needs none.
      earningRules: checkout.customerId === null ? [] : await this.earningRules.rules(),
      creditsAvailableCents: () => {
        if (creditTypeError !== null) throw creditTypeError;
        return checkout.facts.creditCents ?? 0;
      },
    });
  }

  /** Books the limits and budgets (points and money) of the rules granting on the bill, for the customer, on the bill's calendar date. */
  async claimRules(settlement: Settlement, checkout: Checkout, cart: Cart, m: EntityManager): Promise<Settlement> {
    if (settlement.ruleGrants.length === 0 || checkout.customerId === null) return settlement;
    const customerId = checkout.customerId;
    const date = wallClock(cart.paymentTime, this.config.timeZone).date;
    return claimRuleGrants(settlement, (rule, grant) => this.earningRules.claim(rule, customerId, date, grant.effects, m));
  }
}

/**
 * Claims the limits and budgets of the rules granting on a booked bill, one conditional statement
 * each (none for a rule without limits). A rule another closure used up in the meantime is weighed again
 * as used up, which may let others apply (the ones claimed stay), until every rule granting is claimed.
 */
export async function claimRuleGrants(
  settlement: Settlement,
  claim: (rule: EarningRule, grant: RuleGrant) => Promise<boolean>,
): Promise<Settlement> {
  const claimed = new Set<string>();
  const usedUp = new Set<string>();
  let current = settlement;
  for (;;) {
    const next = current.ruleGrants.find((grant) => !claimed.has(grant.rule.id));
    if (next === undefined) return current;
    if (await claim(next.rule, next)) claimed.add(next.rule.id);
    else {
      usedUp.add(next.rule.id);
      current = current.reweigh(usedUp);
    }
  }
}

interface SettlementInput {
  checkout: Checkout;
  cart: Cart;
  paymentType: PaymentTypeEntity;
  codes: string[];
  payment: PaymentRequest;
  found: BillRewards;
  at: Date;
  timeZone: string;
  /** The customer's spendable credits in cents; throws when they cannot be known (no default credit type). */
  creditsAvailableCents: () => number;
  /** The active earning rules, by priority. */
  earningRules: readonly EarningRule[];
}

/**
 * The whole calculation of a bill: the codes in order, then the automated rewards, the status discount,
 * and the points and credits paid; refuses with the first reason found.
 */
function settle(input: SettlementInput): Settlement {
  const { checkout, cart, paymentType, payment } = input;
  const { rules, customerId, status } = checkout;
  const pointsAvailable = checkout.facts.points;
  const messages: string[] = [];
  let state = emptyState(cart.lines);
  const benefits = applyCodes(input, pointsAvailable);
  for (const benefit of benefits) state = withDiscounts(state, benefit.discounts);
  for (const benefit of applyAutomated(input, state, benefits)) {
    benefits.push(benefit);
    state = withDiscounts(state, benefit.discounts);
  }
  const overall =
    paymentType.overallDiscounts && status ? statusDiscounts(state, status.discount, status.overallDiscountOnDiscountedPurchaseItems) : [];
  state = withDiscounts(state, overall);
  const pointsForRewards = rewardPoints(benefits);

  let pointsUsed = 0;
  const requestedPoints = payment.points ?? 0;
  if (requestedPoints > 0) {
    if (!customerId || !payerAllowed(rules.pointsPayers, status?.textId ?? null) || status?.paymentPoints === false) {
      throw PurchasesException.refused(
        'max_points',
        PurchaseReason.CustomerCantPayByPoints,
        'This customer may not pay with points',
        fromCents(requestedPoints),
      );
    }
    if (cart.totalCents < toCents(rules.minimumPurchaseForPoints)) {
      throw PurchasesException.refused(
        'max_points',
        PurchaseReason.PointsMinAmountOfPurchase,
        `Bills below ${rules.minimumPurchaseForPoints} cannot be paid with points`,
        fromCents(requestedPoints),
      );
    }
    const spendable = pointsAvailable - pointsForRewards;
    const coverable = Math.floor(pointsPayableCents(state) / rules.pointValue);
    if (payment.exact) {
      if (requestedPoints > spendable) {
        throw PurchasesException.refused(
          'credit_points',
          PurchaseReason.NotEnoughPointsForPayment,
          `The customer has ${fromCents(Math.max(spendable, 0))} points to pay with`,
          fromCents(requestedPoints),
        );
      }
      if (requestedPoints > coverable) {
        throw CommonException.invalid(
          'credit_points',
          InvalidReason.NotAllowedValue,
          'More points than the items payable with points are worth',
          fromCents(requestedPoints),
        );
      }
      pointsUsed = requestedPoints;
    } else {
      pointsUsed = Math.max(0, Math.min(requestedPoints, spendable, coverable));
      if (pointsUsed < requestedPoints) messages.push(`Only ${fromCents(pointsUsed)} points can be used to pay this bill.`);
    }
  }
  const pointsUsedCents = centsForPoints(pointsUsed, rules.pointValue);

  const toPay = state.lines.reduce((sum, _line, index) => sum + remaining(state, index), 0) - pointsUsedCents;
  let creditCents = 0;
  let creditsAvailableCents = 0;
  const requestedCredit = payment.creditCents ?? 0;
  if (paymentType.paysByCredits) {
    if (!customerId || !payerAllowed(rules.creditPayers, status?.textId ?? null)) {
      throw PurchasesException.refused(
        'payment_type',
        PurchaseReason.CustomerCantPayByCredits,
        'This customer may not pay with credits',
        paymentType.id,
      );
    }
    creditsAvailableCents = input.creditsAvailableCents();
    if (payment.exact) {
      if (requestedCredit > creditsAvailableCents) {
        throw PurchasesException.refused(
          'amount_for_credit',
          PurchaseReason.NotEnoughCredits,
          `The customer has ${fromCents(creditsAvailableCents)} credits to pay with`,
          fromCents(requestedCredit),
        );
      }
      if (requestedCredit > toPay)
        throw CommonException.invalid(
          'amount_for_credit',
          InvalidReason.NotAllowedValue,
          'More credits than is left to pay',
          fromCents(requestedCredit),
        );
      creditCents = requestedCredit;
    } else {
      creditCents = Math.max(0, Math.min(payment.creditCents ?? toPay, creditsAvailableCents, toPay));
    }
  } else if (payment.exact && requestedCredit > 0) {
    throw CommonException.invalid(
      'amount_for_credit',
      InvalidReason.NotAllowedValue,
      'Credits are paid with a payment type that pays by credits',
      fromCents(requestedCredit),
    );
  }

  if (!customerId) messages.push('No customer identified: the purchase collects no points.');
  const settled = {
    state,
    benefits,
    statusDiscounts: overall,
    pointsUsed,
    pointsUsedCents,
    creditCents,
    pointsAvailable,
    creditsAvailableCents,
    messages,
  };
  const reweigh = (usedUp: ReadonlySet<string>): Settlement => {
    const earning = earningOf(input, state, pointsUsedCents, usedUp);
    return { ...settled, ...earning, reweigh };
  };
  return reweigh(new Set());
}

/**
 * What the bill earns: the store's points_per_currency_unit on each line (the default, as before any
 * rule), then the earning rules' effects (points, credits, reward vouchers, stamps), weighed in memory
 * over the bill and the customer's facts. Only where the payment type and the customer's status collect
 * points; rules `usedUp` are passed over.
 */
function earningOf(
  input: SettlementInput,
  state: CartState,
  pointsUsedCents: number,
  usedUp: ReadonlySet<string>,
): Pick<Settlement, 'earnedPerLine' | 'ruleGrants' | 'earned'> {
  const { checkout, cart, paymentType } = input;
  const { customerId, status, rules } = checkout;
  const collects = customerId !== null && paymentType.collectsPoints && (status?.collectionPoints ?? true);
  const none = cart.lines.map(() => 0);
  if (!collects) return { earnedPerLine: none, ruleGrants: [], earned: 0 };
  const perLine = earnedPerLineOf(state, paymentType, status, rules, pointsUsedCents);
  if (input.earningRules.length === 0) return { earnedPerLine: perLine, ruleGrants: [], earned: sum(perLine) };
  const clock = wallClock(cart.paymentTime, input.timeZone);
  const [hours, minutes] = clock.time.split(':').map(Number);
  const basis = earningBasis(state, pointsUsedCents);
  const occasion = {
    trigger: 'purchase' as const,
    eventType: 'purchase',
    at: cart.paymentTime,
    weekday: clock.weekday,
    minuteOfDay: hours * 60 + minutes,
    storeId: checkout.store.id,
    storeGroupIds: checkout.facts.storeGroupIds,
    partnerId: checkout.store.partnerId,
    paymentTypeId: paymentType.id,
    totalCents: cart.totalCents,
    lines: cart.lines.map((line, index) => ({
      productId: line.productId,
      productGroupId: line.productGroupId,
      productBrandId: line.productBrandId,
      tags: cart.products[index]?.tagIds ?? [],
      quantity: line.quantity,
      earningCents: basis[index],
    })),
    defaultRate: rules.pointsPerCurrencyUnit,
  };
  const earning = evaluateRules(
    input.earningRules,
    occasion,
    {
      statusId: status?.id ?? null,
      segmentIds: checkout.facts.segmentIds,
      age: ageOn(checkout.facts.birthdate, clock.date),
      consentIds: checkout.facts.consentIds,
      firstPurchase: !checkout.facts.hasPurchases,
    },
    (ruleId) => (usedUp.has(ruleId) ? USED_UP : NO_USAGE),
  );
  const earnedPerLine = earning.defaultApplies ? perLine : none;
  const byRule = new Map<string, RuleGrant>();
  for (const effect of earning.effects) {
    const rule = input.earningRules.find((candidate) => candidate.id === effect.ruleId) as EarningRule;
    const grant = byRule.get(rule.id) ?? { rule, points: 0, effects: [] };
    if (effect.kind === 'points') grant.points += effect.points;
    grant.effects.push(effect);
    byRule.set(rule.id, grant);
  }
  const ruleGrants = [...byRule.values()];
  const earned = sum(earnedPerLine) + sum(ruleGrants.map((grant) => grant.points));
  return { earnedPerLine, ruleGrants, earned };
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Points each line earns, where the payment type and the customer's status collect points. */
export function earnedPerLineOf(
  state: CartState,
  paymentType: PaymentTypeEntity,
  status: StatusEntity | null,
  rules: LoyaltyRules,
  pointsPaidCents: number,
): number[] {
  const collects = paymentType.collectsPoints && (status?.collectionPoints ?? true);
  return collects ? earnedPoints(state, rules.pointsPerCurrencyUnit, pointsPaidCents) : state.lines.map(() => 0);
}

/** Codes need an identified customer, and there may be only so many of them. */
function checkCodes(codes: string[], checkout: Checkout): void {
  if (codes.length === 0) return;
  if (codes.length > checkout.rules.maxVouchersPerPurchase) {
    throw PurchasesException.refused(
      'benefit_codes',
      PurchaseReason.MaxNumberOfVoucherExceeded,
      `At most ${checkout.rules.maxVouchersPerPurchase} vouchers per purchase`,
      codes.length,
    );
  }
  if (!checkout.customerId) {
    throw PurchasesException.refused(
      'benefit_codes',
      PurchaseReason.UnauthorizedUseVouchers,
      'Vouchers and rewards need an identified customer',
      codes[0],
    );
  }
}

/** Applies the codes in order; the first that cannot be used refuses the bill with its reason. */
function applyCodes(input: SettlementInput, pointsAvailable: number): AppliedBenefit[] {
  const { checkout, cart, found, codes } = input;
  const usedVouchers = new Set<string>();
  let state = emptyState(cart.lines);
  let pointsLeft = pointsAvailable;
  const applied: AppliedBenefit[] = [];
  for (const code of codes) {
    const voucher = found.vouchers.get(code) ?? null;
    const reward = voucher?.reward ?? found.rewards.get(code);
    if (!reward) throw CommonException.invalid('benefit_codes', InvalidReason.NotFound, 'No voucher or reward has this code', code);
    if (voucher && usedVouchers.has(voucher.id))
      throw PurchasesException.refused('benefit_codes', 'voucher_already_applied', 'The voucher is used twice in this bill', code);
    if (!voucher && (!REWARD_CODE_GROUPS.includes(reward.rewardGroup) || reward.kind === 'gift_card' || reward.state !== 1)) {
      throw PurchasesException.refused(
        'benefit_codes',
        PurchaseReason.VoucherInvalidTypeOfUsage,
        'This reward is used through a voucher, not by its code',
        code,
      );
    }
    if (!BENEFIT_KINDS.includes(reward.kind)) {
      throw PurchasesException.refused(
        'benefit_codes',
        PurchaseReason.VoucherInvalidTypeOfUsage,
        'This reward gives no discount at a purchase',
        code,
      );
    }
    if (!inStore(reward, checkout)) {
      throw PurchasesException.refused(
        'benefit_codes',
        PurchaseReason.VoucherCantBeUsedInStore,
        "The reward belongs to another partner than the store's",
        code,
      );
    }
    const refusal = refusalOf(reward, voucher, checkout, cart, state, found.memberOf, input.at, input.timeZone);
    if (refusal) throw PurchasesException.refused('benefit_codes', refusal, `The voucher cannot be used: ${refusal}`, code);
    const result = applyBenefit(state, benefitOf(reward, voucher));
    if (!result)
      throw PurchasesException.refused(
        'benefit_codes',
        PurchaseReason.NotEnoughItemsForVoucher,
        'No item of the bill can take this voucher',
        code,
      );
    const pointsCost = voucher ? 0 : toCents(Number(reward.pointsCost));
    if (pointsCost > pointsLeft) {
      throw PurchasesException.refused(
        'benefit_codes',
        PurchaseReason.NotEnoughPointsForVoucher,
        `The reward costs ${reward.pointsCost} points`,
        code,
      );
    }
    pointsLeft -= pointsCost;
    state = result.state;
    if (voucher) usedVouchers.add(voucher.id);
    applied.push({ code, reward, voucher, discounts: result.discounts, pointsCost });
  }
  return applied;
}

/**
 * Automated rewards apply by themselves to an identified customer's bill, after the codes the POS sent,
 * in priority order and as often as the cart allows; one that cannot be used is left out, never refused.
 */
function applyAutomated(input: SettlementInput, state: CartState, taken: AppliedBenefit[]): AppliedBenefit[] {
  const { checkout, cart, found } = input;
  if (!checkout.customerId) return [];
  const rewards = found.automated.filter(
    (reward) =>
      BENEFIT_KINDS.includes(reward.kind) &&
      reward.kind !== 'gift_card' &&
      inStore(reward, checkout) &&
      !taken.some((benefit) => benefit.reward.id === reward.id),
  );
  const applied: AppliedBenefit[] = [];
  for (const reward of rewards) {
    if (refusalOf(reward, null, checkout, cart, state, found.memberOf, input.at, input.timeZone) !== null) continue;
    const benefit = benefitOf(reward, null);
    const times = maxApplications(cart.lines, reward.facts, reward.kind as BenefitKind);
    const perLine = new Map<string, number>();
    for (let count = 0; count < times; count++) {
      const result = applyBenefit(state, benefit);
      if (!result) break;
      state = result.state;
      for (const discount of result.discounts) perLine.set(discount.billItemId, (perLine.get(discount.billItemId) ?? 0) + discount.cents);
    }
    const discounts = [...perLine].map(([billItemId, cents]) => ({ billItemId, cents }));
    if (discounts.length > 0) applied.push({ code: reward.code, reward, voucher: null, discounts, pointsCost: 0 });
  }
  return applied;
}

/** Why the reward (through `voucher`, or by its code) cannot be used on the cart as it stands, or null. */
export function refusalOf(
  reward: RedeemableReward,
  voucher: RedeemableVoucher | null,
  checkout: Checkout,
  cart: Cart,
  state: CartState,
  memberOf: string[],
  at: Date,
  timeZone: string,
): string | null {
  const facts = voucher?.facts ?? {
    customerId: checkout.customerId ?? '',
    appliedAt: null,
    validFrom: null,
    validTo: null,
    currentBalance: null,
  };
  const total = state.lines.reduce((sum, _line, index) => sum + remaining(state, index), 0);
  return voucherRefusal(facts, reward.facts, {
    at,
    timeZone,
    customerId: checkout.customerId ?? undefined,
    storeId: checkout.store.id,
    customerSegmentIds: memberOf,
    cart: { total: fromCents(Math.min(total, cart.totalCents)), items: cartItemsOf(cart.lines) },
  });
}

/** What the reward takes off, as the cart rules apply it. */
export function benefitOf(reward: RedeemableReward, voucher: RedeemableVoucher | null): Benefit {
  const kind = reward.kind as BenefitKind;
  const targets = hasTargets(reward.facts.bonusTargets)
    ? reward.facts.bonusTargets
    : hasTargets(reward.facts.conditionTargets)
      ? reward.facts.conditionTargets
      : null;
  const value =
    kind === 'gift_card'
      ? (voucher?.facts.currentBalance ?? Number(reward.typeValue ?? 0))
      : Number(voucher?.value ?? reward.typeValue ?? 0);
  return {
    kind,
    value: kind === 'percentage_discount' ? value : toCents(value),
    maxDiscountCents: reward.maximumDiscountValue === null ? null : toCents(Number(reward.maximumDiscountValue)),
    // A gift card pays for the bill as a whole.
    targets: kind === 'gift_card' ? null : targets,
  };
}

/** A reward of the store's partner, or of no partner, or a global one. */
export function inStore(reward: RedeemableReward, checkout: Checkout): boolean {
  return reward.globalReward || reward.partnerId === null || reward.partnerId === checkout.store.partnerId;
}
