import { TaggedBillProduct } from '../../catalogue';
import { EarningRule, GrantedEffect, LoyaltyRules, RedeemableReward, RedeemableVoucher } from '../../loyalty';
import { StatusEntity } from '../../reference-data';
import { PurchaseItemTypeEntity } from '../definitions/entities/purchase-definitions.entity';
import { CartLine, CartState, LineDiscount } from '../rules/cart-evaluation';
import { CustomerFacts } from './customer-facts.repository';

/** Who buys where, resolved from a closure request, with the customer's facts read once. */
export interface Checkout {
  store: { id: string; partnerId: string; systemId: string };
  customerId: string | null;
  cardNumber: string | null;
  status: StatusEntity | null;
  rules: LoyaltyRules;
  facts: CustomerFacts;
}

/** The bill's lines resolved to products and item types. */
export interface Cart {
  paymentTime: Date;
  currencyId: string;
  totalCents: number;
  lines: CartLine[];
  products: (TaggedBillProduct | null)[];
  itemTypes: PurchaseItemTypeEntity[];
}

/** A voucher or reward applied to the cart and what it took off. */
export interface AppliedBenefit {
  code: string;
  reward: RedeemableReward;
  voucher: RedeemableVoucher | null;
  discounts: LineDiscount[];
  /** Points (hundredths) a reward applied by its code costs. */
  pointsCost: number;
}

/** The whole calculation of a bill: what accept-payment answers and send-purchase books. */
export interface Settlement {
  state: CartState;
  benefits: AppliedBenefit[];
  statusDiscounts: LineDiscount[];
  pointsUsed: number;
  pointsUsedCents: number;
  creditCents: number;
  /** Points (hundredths) each line earns by the store's points_per_currency_unit: none when an exclusive rule applies. */
  earnedPerLine: number[];
  /** What the earning rules grant on the bill, per rule. */
  ruleGrants: RuleGrant[];
  /** Every point the bill earns: the lines' and the rules'. */
  earned: number;
  pointsAvailable: number;
  creditsAvailableCents: number;
  messages: string[];
  /** The same bill weighed again with some rules passed over as used up (another closure took their last grant). */
  reweigh: (usedUp: ReadonlySet<string>) => Settlement;
}

/** What one earning rule grants on a bill: its points (hundredths) and all its effects, points among them. */
export interface RuleGrant {
  rule: EarningRule;
  points: number;
  effects: GrantedEffect[];
}

/** Payment requested by the checkout: points and credits (money), as accept-payment or the final bill gives them. */
export interface PaymentRequest {
  points: number | undefined;
  creditCents: number | undefined;
  /** send-purchase books exactly what was asked; accept-payment offers what is possible. */
  exact: boolean;
}

/** Points (hundredths) the rewards applied by their codes cost. */
export function rewardPoints(benefits: readonly { pointsCost: number }[]): number {
  return benefits.reduce((sum, benefit) => sum + benefit.pointsCost, 0);
}
