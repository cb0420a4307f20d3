import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation, newId } from '@tessera/core';
import { Actor, CommonException, customerFilterInScope, InvalidReason, negotiateLanguage, optionalRequestDateTime } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { ApiUserService } from '../auth';
import { BillProduct, ProductService } from '../catalogue';
import { CustomerAccountService, CustomerStatusService } from '../customers';
import { CustomerEventService } from '../events';
import {
  CardLookupService,
  CREDIT_SCALE,
  CreditLedgerService,
  CreditTypeService,
  LoyaltyRules,
  LoyaltyRuleService,
  payerAllowed,
  POINT_SCALE,
  PointLedgerService,
  PointTypeService,
  RedeemableReward,
  RedeemableVoucher,
  unitsOf,
  VoucherRedemptionService,
  voucherRefusal,
  wallClock,
} from '../loyalty';
import { CurrencyService, StatusEntity, StoreService } from '../reference-data';
import { SegmentService } from '../segments';
import { PaymentTypeEntity, PurchaseItemTypeEntity } from './definitions/entities/purchase-definitions.entity';
import { PaymentTypeService } from './definitions/payment-type.service';
import { PurchaseItemTypeService } from './definitions/purchase-item-type.service';
import { PurchasePropertyService } from './definitions/purchase-property.service';
import { PurchaseTypeService } from './definitions/purchase-type.service';
import {
  AcceptedPaymentDto,
  AcceptPaymentBodyDto,
  AssignCustomerBodyDto,
  BillDto,
  CheckoutDto,
  RecommendedBestRewardsBodyDto,
  RecommendedRewardDto,
  SendPurchaseBodyDto,
} from './dto/purchase-closure.dto';
import { PurchaseItemEntity } from './entities/purchase-item.entity';
import { PurchaseItemPropertyRecordEntity, PurchasePropertyRecordEntity } from './entities/purchase-property-record.entity';
import {
  PurchaseCreditEntity,
  PurchaseCreditRole,
  PurchasePointEntity,
  PurchasePointRole,
  PurchaseVoucherEntity,
} from './entities/purchase-links.entity';
import { PurchaseEntity } from './entities/purchase.entity';
import { PurchaseReason, PurchasesException } from './purchases.exceptions';
import {
  applyBenefit,
  Benefit,
  BenefitKind,
  CartLine,
  cartItemsOf,
  CartState,
  centsForPoints,
  earnedPoints,
  emptyState,
  fromCents,
  hasTargets,
  LineDiscount,
  maxApplications,
  pointsPayableCents,
  remaining,
  statusDiscounts,
  toCents,
  withDiscounts,
} from './rules/cart-evaluation';
import { qualifiedStatus } from './rules/status-qualification';

/** Who buys where, resolved from a closure request. */
interface Checkout {
  store: { id: string; partnerId: string; systemId: string };
  customerId: string | null;
  cardNumber: string | null;
  status: StatusEntity | null;
  rules: LoyaltyRules;
}

/** The bill's lines resolved to products and item types. */
interface Cart {
  paymentTime: Date;
  currencyId: string;
  totalCents: number;
  lines: CartLine[];
  products: (BillProduct | null)[];
  itemTypes: PurchaseItemTypeEntity[];
}

/** A voucher or reward applied to the cart and what it took off. */
interface AppliedBenefit {
  code: string;
  reward: RedeemableReward;
  voucher: RedeemableVoucher | null;
  discounts: LineDiscount[];
  /** Points (hundredths) a reward applied by its code costs. */
  pointsCost: number;
}

/** The whole calculation of a bill: what accept-payment answers and send-purchase books. */
interface Settlement {
  state: CartState;
  benefits: AppliedBenefit[];
  statusDiscounts: LineDiscount[];
  pointsUsed: number;
  pointsUsedCents: number;
  creditCents: number;
  earnedPerLine: number[];
  earned: number;
  pointsAvailable: number;
  creditsAvailableCents: number;
  messages: string[];
}

/** Payment requested by the checkout: points and credits (money), as accept-payment or the final bill gives them. */
interface PaymentRequest {
  points: number | undefined;
  creditCents: number | undefined;
  /** send-purchase books exactly what was asked; accept-payment offers what is possible. */
  exact: boolean;
}

const REWARD_CODE_GROUPS = [0, 2];
const BENEFIT_KINDS: readonly string[] = ['fixed_discount', 'percentage_discount', 'final_price', 'catalogue_item', 'gift_card'];

/**
 * Purchase closure: best rewards for a cart, the payment calculation, and booking a bill with all its
 * loyalty effects (vouchers used, points paid and earned, credits paid, status, event) in one
 * transaction. Every refusal happens before the first write, so a refused bill changes nothing.
 */
@Injectable()
export class PurchaseClosureService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly stores: StoreService,
    private readonly currencies: CurrencyService,
    private readonly apiUsers: ApiUserService,
    private readonly accounts: CustomerAccountService,
    private readonly customerStatuses: CustomerStatusService,
    private readonly cards: CardLookupService,
    private readonly products: ProductService,
    private readonly segments: SegmentService,
    private readonly points: PointLedgerService,
    private readonly pointTypes: PointTypeService,
    private readonly credits: CreditLedgerService,
    private readonly creditTypes: CreditTypeService,
    private readonly redemption: VoucherRedemptionService,
    private readonly purchaseTypes: PurchaseTypeService,
    private readonly itemTypes: PurchaseItemTypeService,
    private readonly paymentTypes: PaymentTypeService,
    private readonly properties: PurchasePropertyService,
    private readonly loyaltyRules: LoyaltyRuleService,
    private readonly events: CustomerEventService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async recommendBestRewards(actor: Actor, input: RecommendedBestRewardsBodyDto, acceptLanguage?: string): Promise<RecommendedRewardDto[]> {
    const m = this.dataSource.manager;
    const checkout = await this.checkout(actor, input, await this.callerStoreId(actor), m);
    const cart = await this.cart(input.bill, false, m);
    const at = new Date();
    const offers = await this.redemption.offers(
      checkout.customerId,
      input.reward_list_type === 'A',
      wallClock(at, this.config.timeZone).date,
    );
    const segmentIds = [
      ...new Set([...offers.rewards, ...offers.vouchers.map((v) => v.reward)].flatMap((reward) => reward.facts.segmentIds)),
    ];
    const memberOf = checkout.customerId ? await this.segments.segmentIdsOf(checkout.customerId, segmentIds, m) : [];
    const available = checkout.customerId ? Number(await this.points.availablePoints(checkout.customerId, undefined, m)) : 0;
    const state = emptyState(cart.lines);
    const usable = (reward: RedeemableReward, voucher: RedeemableVoucher | null) =>
      this.refusal(reward, voucher, checkout, cart, state, memberOf, at) === null;
    const offered: { reward: RedeemableReward; code: string; maxCount: number }[] = [];
    for (const reward of offers.rewards) {
      if (!this.inStore(reward, checkout)) continue;
      const direct = REWARD_CODE_GROUPS.includes(reward.rewardGroup) && BENEFIT_KINDS.includes(reward.kind) && reward.kind !== 'gift_card';
      let maxCount = direct && usable(reward, null) ? maxApplications(cart.lines, reward.facts, reward.kind as BenefitKind) : 0;
      const cost = toCents(Number(reward.pointsCost));
      if (cost > 0) maxCount = checkout.customerId ? Math.min(maxCount, Math.floor(available / cost)) : 0;
      offered.push({ reward, code: reward.code, maxCount });
    }
    for (const voucher of offers.vouchers) {
      if (!this.inStore(voucher.reward, checkout)) continue;
      const applicable = usable(voucher.reward, voucher) && applyBenefit(state, this.benefitOf(voucher.reward, voucher)) !== null;
      offered.push({ reward: voucher.reward, code: voucher.code, maxCount: applicable ? 1 : 0 });
    }
    return offered
      .filter((offer) => input.reward_list_type !== 'C' || offer.maxCount > 0)
      .sort((a, b) => (a.reward.priority ?? 10) - (b.reward.priority ?? 10) || a.code.localeCompare(b.code))
      .map(({ reward, code, maxCount }) => ({
        code,
        name: this.nameOf(reward, acceptLanguage),
        ...(reward.priority === null ? {} : { reward_priority: reward.priority }),
        max_count: maxCount,
        reward_properties: {
          ...(reward.validTimeFrom === null ? {} : { valid_time_from: reward.validTimeFrom }),
          ...(reward.validTimeTo === null ? {} : { valid_time_to: reward.validTimeTo }),
        },
      }));
  }

  /** What paying this cart would do; reads only, so nothing is created or consumed. */
  async acceptPayment(actor: Actor, input: AcceptPaymentBodyDto, acceptLanguage?: string): Promise<AcceptedPaymentDto> {
    const m = this.dataSource.manager;
    const checkout = await this.checkout(actor, input, await this.callerStoreId(actor), m);
    const paymentType = await this.paymentTypes.require(input.payment_type);
    const cart = await this.cart(input.bill, false, m);
    const settlement = await this.settle(
      checkout,
      cart,
      paymentType,
      input.benefit_codes ?? [],
      {
        points: input.max_points === undefined ? undefined : toCents(input.max_points),
        creditCents: input.max_credit === undefined ? undefined : toCents(input.max_credit),
        exact: false,
      },
      false,
      m,
    );
    return {
      recommended_discounts: settlement.statusDiscounts.map((discount) => ({
        discount_code: checkout.status?.textId ?? 'status',
        discount_value: fromCents(discount.cents),
        discount_percent: checkout.status?.discount ?? 0,
        bill_item_id: discount.billItemId,
      })),
      credit_points: fromCents(settlement.pointsUsed),
      price_of_credit_points: fromCents(settlement.pointsUsedCents),
      credit: fromCents(settlement.creditCents),
      vouchers: settlement.benefits.flatMap((benefit) =>
        benefit.discounts.map((discount) => ({
          code: benefit.code,
          name: this.nameOf(benefit.reward, acceptLanguage),
          discount_value: fromCents(discount.cents),
          ...(benefit.reward.kind === 'percentage_discount' ? { discount_percent: Number(benefit.reward.typeValue ?? 0) } : {}),
          bill_item_id: discount.billItemId,
        })),
      ),
      credit_points_of_this_transaction: fromCents(settlement.earned),
      total_credit_points: fromCents(
        settlement.pointsAvailable - settlement.pointsUsed - this.rewardPoints(settlement) + settlement.earned,
      ),
      total_credit: fromCents(settlement.creditsAvailableCents - settlement.creditCents),
      messages: settlement.messages.map((text) => ({ text })),
    };
  }

  /** Books a bill, or reverses one when it is a cancellation; the same bill_id twice books once. */
  async sendPurchase(actor: Actor, input: SendPurchaseBodyDto): Promise<string> {
    const callerStoreId = await this.callerStoreId(actor);
    try {
      return await this.dataSource.transaction(async (m) => {
        const checkout = await this.checkout(actor, input, callerStoreId, m);
        if (checkout.customerId) await this.lockCustomer(checkout.customerId, m);
        const bill = input.bill;
        if (await m.getRepository(PurchaseEntity).exists({ where: { externalPurchaseId: bill.bill_id } })) {
          throw PurchasesException.refused(
            'bill_id',
            InvalidReason.AlreadyExists,
            'A purchase with this bill_id was booked already',
            bill.bill_id,
          );
        }
        const purchaseType = await this.purchaseTypes.require(bill.purchase_type_id);
        const paymentType = await this.paymentTypes.require(bill.payment_type);
        const cart = await this.cart(bill, true, m);
        const uniqueness = { cancelsBillId: bill.canceled ? bill.bill_number : undefined };
        const purchaseProperties = await this.properties.validateRecords(
          'purchase',
          bill.property_records ?? [],
          'bill.property_records',
          m,
          uniqueness,
        );
        const itemProperties = await this.properties.validateRecordLists(
          'purchase_item',
          bill.bill_items.map((item, index) => ({
            records: item.purchase_item_property_records ?? [],
            field: `bill.bill_items.${index}.purchase_item_property_records`,
          })),
          m,
          uniqueness,
        );
        const base = {
          id: newId(),
          externalPurchaseId: bill.bill_id,
          customerId: checkout.customerId,
          cardNumber: checkout.cardNumber,
          storeId: checkout.store.id,
          cashdeskNumber: String(input.cashdesk_number),
          purchaseTypeId: purchaseType.id,
          paymentTypeId: paymentType.id,
          currencyId: cart.currencyId,
          paymentTime: cart.paymentTime,
          totalPrice: String(bill.total_price),
          itemsCount: bill.bill_items.length,
          billNumber: bill.bill_number ?? null,
          createdBy: bill.created_by ?? null,
          canceled: bill.canceled,
          utm: bill.utm ? { ...bill.utm } : null,
        };
        if (bill.canceled) {
          const original = await this.cancellationTarget(bill.bill_number, m);
          await m.insert(PurchaseEntity, { ...base, canceledPurchaseId: original.id });
          await this.writeItems(base.id, bill, cart, null, null, itemProperties, m);
          await this.writeProperties(base.id, purchaseProperties, m);
          await this.reverse(original, base.id, m);
          if (original.customerId) {
            await this.events.record(
              {
                type: 'purchase_cancellation',
                customerId: original.customerId,
                externalId: bill.bill_id,
                secondaryExternalId: original.externalPurchaseId,
                data: { purchase_id: base.id, canceled_purchase_id: original.id },
              },
              m,
            );
            await this.recalculateStatus(original.customerId, m);
          }
          return base.id;
        }
        const recap = bill.payment_recap;
        const codes = (recap?.vouchers ?? []).flatMap((voucher) => (voucher.code ? [voucher.code] : []));
        const settlement = await this.settle(
          checkout,
          cart,
          paymentType,
          codes,
          {
            points: recap?.credit_points === undefined ? undefined : toCents(recap.credit_points),
            creditCents: recap?.amount_for_credit === undefined ? undefined : toCents(recap.amount_for_credit),
            exact: true,
          },
          true,
          m,
        );
        await m.insert(PurchaseEntity, {
          ...base,
          earnedPoints: String(fromCents(settlement.earned)),
          usedPoints: String(fromCents(settlement.pointsUsed)),
          voucherPoints: String(fromCents(this.rewardPoints(settlement))),
          usedCredits: String(fromCents(settlement.creditCents)),
        });
        await this.writeItems(base.id, bill, cart, settlement.state, settlement.earnedPerLine, itemProperties, m);
        await this.writeProperties(base.id, purchaseProperties, m);
        await this.book(base.id, bill.bill_id, checkout, cart, settlement, m);
        if (checkout.customerId) {
          await this.events.record(
            {
              type: 'purchase',
              customerId: checkout.customerId,
              externalId: bill.bill_id,
              data: this.eventData(base.id, bill.total_price, cart.currencyId, settlement),
            },
            m,
          );
          await this.recalculateStatus(checkout.customerId, m);
        }
        return base.id;
      });
    } catch (error) {
      // Two concurrent sends of one bill: the loser meets the unique index and answers like a resend.
      if (isUniqueViolation(error, 'purchases_external_purchase_id_key')) {
        throw PurchasesException.refused(
          'bill_id',
          InvalidReason.AlreadyExists,
          'A purchase with this bill_id was booked already',
          input.bill.bill_id,
        );
      }
      if (isUniqueViolation(error, 'purchases_canceled_purchase_key')) {
        throw PurchasesException.refused(
          'bill_number',
          InvalidReason.AlreadyExists,
          'This purchase was cancelled already',
          input.bill.bill_number,
        );
      }
      throw error;
    }
  }

  /** Gives an anonymous purchase its customer, who gains the points the purchase would have earned. */
  async assignCustomer(actor: Actor, input: AssignCustomerBodyDto): Promise<void> {
    if (input.customer_id === undefined && input.card_number === undefined) {
      throw CommonException.invalid('customer_id', InvalidReason.Required, 'customer_id or card_number is required');
    }
    const callerStoreId = await this.callerStoreId(actor);
    await this.dataSource.transaction(async (m) => {
      const checkout = await this.checkout(actor, { ...input, cashdesk_number: 0 }, callerStoreId, m);
      const customerId = checkout.customerId as string;
      await this.lockCustomer(customerId, m);
      const purchase = await m
        .getRepository(PurchaseEntity)
        .findOne({ where: { externalPurchaseId: input.external_purchase_id }, lock: { mode: 'pessimistic_write' } });
      if (!purchase || purchase.storeId !== checkout.store.id) {
        throw CommonException.invalid(
          'external_purchase_id',
          InvalidReason.NotFound,
          'No purchase of this store has this external_purchase_id',
          input.external_purchase_id,
        );
      }
      if (purchase.customerId === customerId) return;
      if (purchase.customerId !== null) {
        throw CommonException.invalid(
          'external_purchase_id',
          InvalidReason.NotAllowedValue,
          'The purchase has a customer already',
          input.external_purchase_id,
        );
      }
      const reversed = await m.getRepository(PurchaseEntity).exists({ where: { canceledPurchaseId: purchase.id } });
      if (purchase.canceled || reversed) {
        throw CommonException.invalid(
          'external_purchase_id',
          InvalidReason.NotAllowedValue,
          'A cancelled purchase cannot be given a customer',
          input.external_purchase_id,
        );
      }
      const items = await m.getRepository(PurchaseItemEntity).find({ where: { purchaseId: purchase.id }, order: { position: 'ASC' } });
      const types = await this.itemTypes.byIds([...new Set(items.map((item) => item.purchaseItemTypeId))]);
      const paymentType = await this.paymentTypes.require(purchase.paymentTypeId);
      const lines: CartLine[] = items.map((item) =>
        this.lineOf(
          item.billItemId,
          item.productId,
          item.productGroupId,
          item.productBrandId,
          Number(item.amount),
          toCents(Number(item.paidAmount)),
          item.loyaltyOff,
          types.get(item.purchaseItemTypeId) as PurchaseItemTypeEntity,
        ),
      );
      const state: CartState = { ...emptyState(lines), discountCents: items.map((item) => toCents(Number(item.discount))) };
      const pointsPaidCents = centsForPoints(toCents(Number(purchase.usedPoints)), checkout.rules.pointValue);
      const perLine = this.earnedPerLine(state, paymentType, checkout.status, checkout.rules, pointsPaidCents);
      const earned = perLine.reduce((a, b) => a + b, 0);
      await m.update(
        PurchaseEntity,
        { id: purchase.id },
        { customerId, cardNumber: checkout.cardNumber, earnedPoints: String(fromCents(earned)), lastChange: new Date() },
      );
      await m.query(
        `UPDATE purchase_items i SET earned_points = e.points FROM unnest($1::text[], $2::numeric[]) AS e(id, points) WHERE i.purchase_item_id = e.id`,
        [items.map((item) => item.id), perLine.map((points) => String(fromCents(points)))],
      );
      if (earned > 0) {
        const pointId = await this.points.addPoints(
          {
            customerId,
            amount: BigInt(earned),
            partnerId: checkout.store.partnerId,
            storeId: purchase.storeId,
            validTo: this.pointsValidTo(checkout.rules),
            note: `Purchase ${purchase.externalPurchaseId}`,
            extendedData: { purchase_id: purchase.id },
          },
          m,
        );
        await m.insert(PurchasePointEntity, { purchaseId: purchase.id, pointId, role: PurchasePointRole.Earned });
      }
      await this.events.record(
        {
          type: 'purchase',
          customerId,
          externalId: purchase.externalPurchaseId,
          data: { purchase_id: purchase.id, assigned_later: true, earned_points: fromCents(earned) },
        },
        m,
      );
      await this.recalculateStatus(customerId, m);
    });
  }

  // ---- checkout and cart ----

  /** The store an API user is bound to; read before a closure's transaction so it holds one connection only. */
  private async callerStoreId(actor: Actor): Promise<string | null> {
    return actor.kind === 'api_user' ? (await this.apiUsers.get(actor.userId)).storeId : null;
  }

  private async checkout(actor: Actor, input: CheckoutDto, callerStoreId: string | null, m: EntityManager): Promise<Checkout> {
    const store = await this.stores.findRef(input.store_id);
    if (!store) throw CommonException.invalid('store_id', InvalidReason.NotFound, 'No store has this id', input.store_id);
    if (callerStoreId !== null) {
      const own = await this.stores.findRef(callerStoreId);
      // A POS bound to a store may close bills only for the stores of its own system.
      if (own && own.systemId !== store.systemId) {
        throw PurchasesException.refused(
          'system_id',
          PurchaseReason.DifferentSystemId,
          "The store belongs to another system than the caller's store",
          store.systemId,
        );
      }
    }
    let customerId = customerFilterInScope(actor, input.customer_id) ?? null;
    let cardNumber: string | null = null;
    if (input.card_number !== undefined) {
      const card = await this.cards.findByNumber(input.card_number, m);
      if (!card) throw CommonException.invalid('card_number', InvalidReason.NotFound, 'No card has this number', input.card_number);
      if (card.blocked)
        throw PurchasesException.refused('card_number', PurchaseReason.CardIsBlocked, 'The card is blocked', input.card_number);
      if (card.customerId === null)
        throw CommonException.invalid(
          'card_number',
          InvalidReason.NotAllowedValue,
          'The card is not assigned to a customer',
          input.card_number,
        );
      if (customerId !== null && customerId !== card.customerId) {
        throw CommonException.invalid(
          'card_number',
          InvalidReason.NotAllowedValue,
          'The card belongs to another customer',
          input.card_number,
        );
      }
      customerId = card.customerId;
      cardNumber = input.card_number;
    }
    if (customerId !== null) {
      const state = await this.accounts.stateOf(customerId, m);
      if (state === null) throw CommonException.invalid('customer_id', InvalidReason.NotFound, 'No such customer', customerId);
      if (state === 'deleted')
        throw PurchasesException.refused('customer_id', PurchaseReason.CustomerWasDeleted, 'The customer was deleted', customerId);
    }
    const status = customerId ? await this.customerStatuses.current(customerId, m) : null;
    const rules = await this.loyaltyRules.rulesFor(store.id, store.partnerId);
    return { store, customerId, cardNumber, status, rules };
  }

  private async cart(bill: BillDto, learn: boolean, m: EntityManager): Promise<Cart> {
    const paymentTime = optionalRequestDateTime(bill.payment_time, 'payment_time', this.config.timeZone) as Date;
    const currency = await this.currencies.requireCurrency(bill.currency_id, 'bill.currency_id');
    const seen = new Set<string>();
    for (const [index, item] of bill.bill_items.entries()) {
      if (item.bill_item_id === undefined || item.bill_item_id === '') {
        throw CommonException.invalid('bill_item_id', InvalidReason.Required, `bill item ${index} has no bill_item_id`);
      }
      if (seen.has(item.bill_item_id))
        throw CommonException.invalid(
          'bill_item_id',
          InvalidReason.AlreadyExists,
          'Two bill items have this bill_item_id',
          item.bill_item_id,
        );
      seen.add(item.bill_item_id);
      if (item.price < item.paid_amount) {
        throw PurchasesException.refused(
          'bill_item_id',
          PurchaseReason.ItemPriceLowerThanPaidAmount,
          'The item price is lower than the amount paid for it',
          item.bill_item_id,
        );
      }
      if (item.quantity <= 0)
        throw CommonException.invalid(
          `bill.bill_items.${index}.quantity`,
          InvalidReason.NotAllowedValue,
          'The quantity must be above zero',
          item.quantity,
        );
      if (item.paid_amount < 0)
        throw CommonException.invalid(
          `bill.bill_items.${index}.paid_amount`,
          InvalidReason.NotAllowedValue,
          'The paid amount cannot be negative',
          item.paid_amount,
        );
    }
    const types = await this.itemTypes.byIds([...new Set(bill.bill_items.map((item) => item.purchase_item_type_id))]);
    const itemTypes = bill.bill_items.map((item, index) => {
      const type = types.get(item.purchase_item_type_id);
      if (!type)
        throw CommonException.invalid(
          `bill.bill_items.${index}.purchase_item_type_id`,
          InvalidReason.NotFound,
          'No purchase item type has this id',
          item.purchase_item_type_id,
        );
      return type;
    });
    const products = await this.products.billProducts(
      bill.bill_items.map((item) => ({ pluIds: item.plu_ids, name: item.plu_name, category: item.category_plu_id })),
      learn,
      m,
    );
    const lines = bill.bill_items.map((item, index) =>
      this.lineOf(
        item.bill_item_id as string,
        products[index]?.productId ?? null,
        products[index]?.productGroupId ?? null,
        products[index]?.productBrandId ?? null,
        item.quantity,
        toCents(item.paid_amount),
        item.loyalty_off,
        itemTypes[index],
      ),
    );
    return { paymentTime, currencyId: currency.id, totalCents: toCents(bill.total_price), lines, products, itemTypes };
  }

  private lineOf(
    billItemId: string,
    productId: string | null,
    groupId: string | null,
    brandId: string | null,
    quantity: number,
    paidCents: number,
    loyaltyOff: boolean,
    type: PurchaseItemTypeEntity,
  ): CartLine {
    return {
      billItemId,
      productId,
      productGroupId: groupId,
      productBrandId: brandId,
      quantity,
      paidCents,
      loyaltyOff,
      type: { collectsPoints: type.collectsPoints, rewardsApply: type.rewardsApply, payableByPoints: type.payableByPoints },
    };
  }

  // ---- the calculation ----

  private async settle(
    checkout: Checkout,
    cart: Cart,
    paymentType: PaymentTypeEntity,
    codes: string[],
    payment: PaymentRequest,
    lock: boolean,
    m: EntityManager,
  ): Promise<Settlement> {
    const { rules, customerId, status } = checkout;
    const pointsAvailable = customerId ? Number(await this.points.availablePoints(customerId, undefined, m)) : 0;
    const messages: string[] = [];
    let state = emptyState(cart.lines);
    const benefits = await this.applyBenefits(checkout, cart, codes, pointsAvailable, lock, m);
    for (const benefit of benefits) state = withDiscounts(state, benefit.discounts);
    for (const benefit of await this.applyAutomated(checkout, cart, state, benefits, m)) {
      benefits.push(benefit);
      state = withDiscounts(state, benefit.discounts);
    }
    const overall =
      paymentType.overallDiscounts && status
        ? statusDiscounts(state, status.discount, status.overallDiscountOnDiscountedPurchaseItems)
        : [];
    state = withDiscounts(state, overall);
    const rewardPoints = benefits.reduce((sum, benefit) => sum + benefit.pointsCost, 0);

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
      const spendable = pointsAvailable - rewardPoints;
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
      const creditType = await this.creditTypes.resolve(undefined, 'payment_type');
      creditsAvailableCents = Math.floor(Number(await this.credits.availableCredits(customerId, creditType.id, cart.currencyId, m)) / 100);
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

    const earnedPerLine =
      customerId === null ? cart.lines.map(() => 0) : this.earnedPerLine(state, paymentType, status, rules, pointsUsedCents);
    if (!customerId) messages.push('No customer identified: the purchase collects no points.');
    return {
      state,
      benefits,
      statusDiscounts: overall,
      pointsUsed,
      pointsUsedCents,
      creditCents,
      earnedPerLine,
      earned: earnedPerLine.reduce((a, b) => a + b, 0),
      pointsAvailable,
      creditsAvailableCents,
      messages,
    };
  }

  /** Points each line earns, where the payment type and the customer's status collect points. */
  private earnedPerLine(
    state: CartState,
    paymentType: PaymentTypeEntity,
    status: StatusEntity | null,
    rules: LoyaltyRules,
    pointsPaidCents: number,
  ): number[] {
    const collects = paymentType.collectsPoints && (status?.collectionPoints ?? true);
    return collects ? earnedPoints(state, rules.pointsPerCurrencyUnit, pointsPaidCents) : state.lines.map(() => 0);
  }

  /** Applies the codes in order; the first that cannot be used refuses the bill with its reason. */
  private async applyBenefits(
    checkout: Checkout,
    cart: Cart,
    codes: string[],
    pointsAvailable: number,
    lock: boolean,
    m: EntityManager,
  ): Promise<AppliedBenefit[]> {
    if (codes.length === 0) return [];
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
    const found = await this.redemption.byCodes(codes, lock, m);
    const segmentIds = [
      ...new Set(
        [...found.vouchers.values()]
          .map((v) => v.reward)
          .concat([...found.rewards.values()])
          .flatMap((reward) => reward.facts.segmentIds),
      ),
    ];
    const memberOf = await this.segments.segmentIdsOf(checkout.customerId, segmentIds, m);
    const at = new Date();
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
      if (!this.inStore(reward, checkout)) {
        throw PurchasesException.refused(
          'benefit_codes',
          PurchaseReason.VoucherCantBeUsedInStore,
          "The reward belongs to another partner than the store's",
          code,
        );
      }
      const refusal = this.refusal(reward, voucher, checkout, cart, state, memberOf, at);
      if (refusal) throw PurchasesException.refused('benefit_codes', refusal, `The voucher cannot be used: ${refusal}`, code);
      const result = applyBenefit(state, this.benefitOf(reward, voucher));
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
  private async applyAutomated(
    checkout: Checkout,
    cart: Cart,
    state: CartState,
    taken: AppliedBenefit[],
    m: EntityManager,
  ): Promise<AppliedBenefit[]> {
    if (!checkout.customerId) return [];
    const at = new Date();
    const rewards = (await this.redemption.automated(wallClock(at, this.config.timeZone).date, m)).filter(
      (reward) =>
        BENEFIT_KINDS.includes(reward.kind) &&
        reward.kind !== 'gift_card' &&
        this.inStore(reward, checkout) &&
        !taken.some((benefit) => benefit.reward.id === reward.id),
    );
    if (rewards.length === 0) return [];
    const memberOf = await this.segments.segmentIdsOf(
      checkout.customerId,
      [...new Set(rewards.flatMap((reward) => reward.facts.segmentIds))],
      m,
    );
    const applied: AppliedBenefit[] = [];
    for (const reward of rewards) {
      if (this.refusal(reward, null, checkout, cart, state, memberOf, at) !== null) continue;
      const benefit = this.benefitOf(reward, null);
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

  private refusal(
    reward: RedeemableReward,
    voucher: RedeemableVoucher | null,
    checkout: Checkout,
    cart: Cart,
    state: CartState,
    memberOf: string[],
    at: Date,
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
      timeZone: this.config.timeZone,
      customerId: checkout.customerId ?? undefined,
      storeId: checkout.store.id,
      customerSegmentIds: memberOf,
      cart: { total: fromCents(Math.min(total, cart.totalCents)), items: cartItemsOf(cart.lines) },
    });
  }

  private benefitOf(reward: RedeemableReward, voucher: RedeemableVoucher | null): Benefit {
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

  private inStore(reward: RedeemableReward, checkout: Checkout): boolean {
    return reward.globalReward || reward.partnerId === null || reward.partnerId === checkout.store.partnerId;
  }

  private rewardPoints(settlement: Settlement): number {
    return settlement.benefits.reduce((sum, benefit) => sum + benefit.pointsCost, 0);
  }

  // ---- booking ----

  private async book(
    purchaseId: string,
    billId: string,
    checkout: Checkout,
    cart: Cart,
    settlement: Settlement,
    m: EntityManager,
  ): Promise<void> {
    const customerId = checkout.customerId;
    const note = `Purchase ${billId}`;
    for (const benefit of settlement.benefits) {
      const taken = benefit.discounts.reduce((sum, discount) => sum + discount.cents, 0);
      if (benefit.voucher) {
        const balance = benefit.voucher.facts.currentBalance;
        const balanceLeft = balance === null ? null : String(fromCents(Math.max(toCents(balance) - taken, 0)));
        await this.redemption.markUsed(benefit.voucher.id, { at: cart.paymentTime, storeId: checkout.store.id, balanceLeft }, m);
        await m.insert(PurchaseVoucherEntity, {
          purchaseId,
          voucherId: benefit.voucher.id,
          discountValue: String(fromCents(taken)),
          balanceUsed: balance === null ? null : String(fromCents(taken)),
        });
        continue;
      }
      const pointTypeId = benefit.pointsCost > 0 ? await this.pointTypes.resolve(undefined, 'benefit_codes') : null;
      if (pointTypeId !== null) {
        const pointId = await this.points.deductPoints(
          {
            customerId: customerId as string,
            amount: BigInt(benefit.pointsCost),
            pointTypeId,
            partnerId: checkout.store.partnerId,
            storeId: checkout.store.id,
            note: `${note}: reward ${benefit.reward.code}`,
            extendedData: { purchase_id: purchaseId },
            shortfall: { field: 'benefit_codes', reason: PurchaseReason.NotEnoughPointsForVoucher },
          },
          m,
        );
        await m.insert(PurchasePointEntity, { purchaseId, pointId, role: PurchasePointRole.Reward });
      }
      const voucherId = await this.redemption.issueUsed(
        benefit.reward,
        customerId as string,
        { at: cart.paymentTime, storeId: checkout.store.id, pointTypeId },
        m,
      );
      await m.insert(PurchaseVoucherEntity, { purchaseId, voucherId, discountValue: String(fromCents(taken)), createdByPurchase: true });
    }
    if (settlement.pointsUsed > 0) {
      const pointId = await this.points.deductPoints(
        {
          customerId: customerId as string,
          amount: BigInt(settlement.pointsUsed),
          partnerId: checkout.store.partnerId,
          storeId: checkout.store.id,
          note,
          extendedData: { purchase_id: purchaseId },
          shortfall: { field: 'credit_points', reason: PurchaseReason.NotEnoughPointsForPayment },
        },
        m,
      );
      await m.insert(PurchasePointEntity, { purchaseId, pointId, role: PurchasePointRole.Paid });
    }
    if (settlement.creditCents > 0) {
      const creditType = await this.creditTypes.resolve(undefined, 'payment_type');
      const creditId = await this.credits.deductCredits(
        {
          customerId: customerId as string,
          amount: BigInt(settlement.creditCents) * 100n,
          creditTypeId: creditType.id,
          currencyId: cart.currencyId,
          partnerId: checkout.store.partnerId,
          storeId: checkout.store.id,
          note,
        },
        m,
      );
      await m.insert(PurchaseCreditEntity, { purchaseId, creditId, role: PurchaseCreditRole.Paid });
    }
    if (settlement.earned > 0) {
      const pointId = await this.points.addPoints(
        {
          customerId: customerId as string,
          amount: BigInt(settlement.earned),
          partnerId: checkout.store.partnerId,
          storeId: checkout.store.id,
          validTo: this.pointsValidTo(checkout.rules),
          note,
          extendedData: { purchase_id: purchaseId },
        },
        m,
      );
      await m.insert(PurchasePointEntity, { purchaseId, pointId, role: PurchasePointRole.Earned });
    }
  }

  /** The bill's lines and their property values, one insert each. */
  private async writeItems(
    purchaseId: string,
    bill: BillDto,
    cart: Cart,
    state: CartState | null,
    earnedPerLine: number[] | null,
    properties: { propertyId: string; value: unknown }[][],
    m: EntityManager,
  ): Promise<void> {
    const items = cart.lines.map((line, index) => {
      const product = cart.products[index] as BillProduct;
      const item = bill.bill_items[index];
      return {
        id: newId(),
        purchaseId,
        position: index,
        billItemId: line.billItemId,
        productId: product.productId,
        productName: product.productName,
        productGroupId: product.productGroupId,
        productGroupName: product.productGroupName,
        productBrandId: product.productBrandId,
        productBrandName: product.productBrandName,
        externalId: item.plu_ids[0]?.code ?? null,
        purchaseItemTypeId: cart.itemTypes[index].id,
        price: String(item.price),
        paidAmount: String(item.paid_amount),
        amount: String(item.quantity),
        vatRate: String(item.vat_rate),
        loyaltyOff: line.loyaltyOff,
        discount: String(fromCents(state?.discountCents[index] ?? 0)),
        earnedPoints: String(fromCents(earnedPerLine?.[index] ?? 0)),
      };
    });
    if (items.length > 0) await m.insert(PurchaseItemEntity, items);
    const records = items.flatMap((item, index) =>
      properties[index].map((record) => ({
        purchaseItemId: item.id,
        propertyId: record.propertyId,
        propertyValue: record.value ?? undefined,
      })),
    );
    if (records.length > 0) await m.insert(PurchaseItemPropertyRecordEntity, records);
  }

  private async writeProperties(purchaseId: string, records: { propertyId: string; value: unknown }[], m: EntityManager): Promise<void> {
    if (records.length === 0) return;
    await m.insert(
      PurchasePropertyRecordEntity,
      records.map((record) => ({ purchaseId, propertyId: record.propertyId, propertyValue: record.value ?? undefined })),
    );
  }

  // ---- cancellation ----

  private async cancellationTarget(billNumber: string | undefined, m: EntityManager): Promise<PurchaseEntity> {
    if (billNumber === undefined || billNumber === '') {
      throw CommonException.invalid('bill_number', InvalidReason.Required, 'A cancellation names the original bill_id in bill_number');
    }
    const original = await m
      .getRepository(PurchaseEntity)
      .findOne({ where: { externalPurchaseId: billNumber }, lock: { mode: 'pessimistic_write' } });
    if (!original) throw CommonException.invalid('bill_number', InvalidReason.NotFound, 'No purchase has this bill_id', billNumber);
    if (original.canceled)
      throw CommonException.invalid('bill_number', InvalidReason.NotAllowedValue, 'A cancellation cannot be cancelled', billNumber);
    if (await m.getRepository(PurchaseEntity).exists({ where: { canceledPurchaseId: original.id } })) {
      throw CommonException.invalid('bill_number', InvalidReason.AlreadyExists, 'This purchase was cancelled already', billNumber);
    }
    if (original.customerId) await this.lockCustomer(original.customerId, m);
    return original;
  }

  /**
   * Reverses what the original booked: earned points are taken back (as far as they are still there),
   * points and credits paid are given back, and its vouchers are usable again (gift cards get back what it took).
   */
  private async reverse(original: PurchaseEntity, cancellationId: string, m: EntityManager): Promise<void> {
    const note = `Cancellation of purchase ${original.externalPurchaseId}`;
    const pointLinks = await m.getRepository(PurchasePointEntity).find({ where: { purchaseId: original.id } });
    const roleOf = new Map(pointLinks.map((link) => [link.pointId, link.role]));
    for (const record of await this.points.records(
      pointLinks.map((link) => link.pointId),
      m,
    )) {
      const amount = magnitude(record.assignedPoints, POINT_SCALE);
      const movement = {
        customerId: record.customerId,
        pointTypeId: record.pointTypeId,
        partnerId: record.partnerId,
        storeId: original.storeId,
        note,
        extendedData: { purchase_id: cancellationId },
      };
      let pointId: string;
      if (roleOf.get(record.id) === PurchasePointRole.Earned) {
        const available = await this.points.availablePoints(record.customerId, record.pointTypeId, m);
        const take = amount < available ? amount : available;
        if (take <= 0n) continue;
        pointId = await this.points.deductPoints({ ...movement, amount: take }, m);
      } else if (roleOf.get(record.id) === PurchasePointRole.Paid) {
        pointId = await this.points.addPoints({ ...movement, amount }, m);
      } else {
        continue;
      }
      await m.insert(PurchasePointEntity, { purchaseId: cancellationId, pointId, role: PurchasePointRole.Reversal });
    }
    const creditLinks = await m
      .getRepository(PurchaseCreditEntity)
      .find({ where: { purchaseId: original.id, role: PurchaseCreditRole.Paid } });
    for (const record of await this.credits.records(
      creditLinks.map((link) => link.creditId),
      m,
    )) {
      const creditId = await this.credits.addCredits(
        {
          customerId: record.customerId,
          amount: magnitude(record.assignedCredits, CREDIT_SCALE),
          creditTypeId: record.creditTypeId,
          currencyId: record.currencyId,
          partnerId: record.partnerId,
          storeId: original.storeId,
          note,
        },
        m,
      );
      await m.insert(PurchaseCreditEntity, { purchaseId: cancellationId, creditId, role: PurchaseCreditRole.Reversal });
    }
    const vouchers = await m.getRepository(PurchaseVoucherEntity).find({ where: { purchaseId: original.id } });
    for (const link of vouchers) await this.redemption.restore(link.voucherId, link.balanceUsed, link.createdByPurchase, m);
  }

  // ---- status ----

  /** Recalculates the customer's status from the turnover of purchases not cancelled, within each status's period. */
  private async recalculateStatus(customerId: string, m: EntityManager): Promise<void> {
    const ladder = await this.customerStatuses.statusLadder();
    const earned = ladder.filter((status) => status.qualificationType === 2);
    if (earned.length === 0) return;
    const current = await this.customerStatuses.current(customerId, m);
    // Each earned status counts the turnover of its own period: one query for all of them.
    const rows: { status_id: string; currency_id: string; total: string }[] = await m.query(
      `SELECT s.status_id, p.currency_id, sum(p.total_price)::text AS total
         FROM unnest($2::text[], $3::int[]) AS s(status_id, months)
         JOIN purchases p ON p.customer_id = $1 AND NOT p.canceled
          AND (s.months IS NULL OR p.payment_time >= now() - make_interval(months => s.months))
          AND NOT EXISTS (SELECT 1 FROM purchases c WHERE c.canceled_purchase_id = p.purchase_id)
        GROUP BY s.status_id, p.currency_id`,
      [customerId, earned.map((status) => status.id), earned.map((status) => status.qualificationPeriod)],
    );
    const turnovers = new Map(rows.map((row) => [`${row.status_id}:${row.currency_id}`, Number(row.total)]));
    const ladderView = ladder.map((status) => ({
      ...status,
      turnovers: status.turnovers.map((t) => ({ currencyId: t.currencyId, value: Number(t.value) })),
    }));
    const currentView = current ? (ladderView.find((status) => status.id === current.id) ?? null) : null;
    const target = qualifiedStatus(ladderView, currentView, (status, currencyId) => turnovers.get(`${status.id}:${currencyId}`) ?? 0);
    if (target && target.id !== current?.id) {
      await this.customerStatuses.moveTo(customerId, ladder.find((status) => status.id === target.id) as StatusEntity, m);
    }
  }

  // ---- helpers ----

  /** One closure per customer at a time: balances, vouchers and status are read and written without interleaving. */
  private async lockCustomer(customerId: string, m: EntityManager): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`purchase-customer:${customerId}`]);
  }

  private pointsValidTo(rules: LoyaltyRules): Date | null {
    if (rules.pointsValidityMonths === 0) return null;
    const validTo = new Date();
    validTo.setUTCMonth(validTo.getUTCMonth() + rules.pointsValidityMonths);
    return validTo;
  }

  private nameOf(reward: RedeemableReward, acceptLanguage: string | undefined): string {
    const language = negotiateLanguage(acceptLanguage, Object.keys(reward.names), this.config.defaultLanguage);
    return (language === undefined ? undefined : reward.names[language]) ?? reward.code;
  }

  private eventData(purchaseId: string, totalPrice: number, currencyId: string, settlement: Settlement): Record<string, unknown> {
    return {
      purchase_id: purchaseId,
      total_price: totalPrice,
      currency_id: currencyId,
      earned_points: fromCents(settlement.earned),
      used_points: fromCents(settlement.pointsUsed),
      used_credits: fromCents(settlement.creditCents),
      voucher_codes: settlement.benefits.map((benefit) => benefit.code),
    };
  }
}

/** The size of a ledger record's amount (numeric text), in the ledger's units. */
function magnitude(amount: string, scale: number): bigint {
  const units = unitsOf(amount, scale) ?? 0n;
  return units < 0n ? -units : units;
}
