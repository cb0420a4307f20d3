import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { isUniqueViolation, newId } from '@tessera/core';
import { Actor, CommonException, InvalidReason, negotiateLanguage, optionalRequestDateTime } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { PointLedgerService, RedeemableReward, RedeemableVoucher, VoucherRedemptionService, wallClock } from '../loyalty';
import { SegmentService } from '../segments';
import { StampCollectionService } from '../stamper';
import { BillProperties, BookingStep, pointsValidTo } from './closure/booking.step';
import { CancellationStep } from './closure/cancellation.step';
import { CartStep, cartLine } from './closure/cart.step';
import { CheckoutStep } from './closure/checkout.step';
import { rewardPoints } from './closure/closure.model';
import { PurchaseRecord, PurchaseRecordsRepository } from './closure/purchase-records.repository';
import {
  BENEFIT_KINDS,
  benefitOf,
  earnedPerLineOf,
  inStore,
  REWARD_CODE_GROUPS,
  refusalOf,
  SettlementStep,
} from './closure/settlement.step';
import { StatusStep } from './closure/status.step';
import { PurchaseItemTypeEntity } from './definitions/entities/purchase-definitions.entity';
import { PaymentTypeService } from './definitions/payment-type.service';
import { PurchaseItemTypeService } from './definitions/purchase-item-type.service';
import { PurchasePropertyService } from './definitions/purchase-property.service';
import { PurchaseTypeService } from './definitions/purchase-type.service';
import {
  AcceptedPaymentDto,
  AcceptPaymentBodyDto,
  AssignCustomerBodyDto,
  FinalBillDto,
  RecommendedBestRewardsBodyDto,
  RecommendedRewardDto,
  SendPurchaseBodyDto,
} from './dto/purchase-closure.dto';
import { PurchaseItemEntity } from './entities/purchase-item.entity';
import { PurchasePointEntity, PurchasePointRole } from './entities/purchase-links.entity';
import { PurchaseEntity } from './entities/purchase.entity';
import { PurchasesException } from './purchases.exceptions';
import {
  applyBenefit,
  BenefitKind,
  CartLine,
  CartState,
  centsForPoints,
  emptyState,
  fromCents,
  maxApplications,
  toCents,
} from './rules/cart-evaluation';
import { writeOutboxEvent } from '../../platform/outbox';

/**
 * Purchase closure as a flow over steps (checkout, cart, settlement, then booking or cancellation):
 * best rewards for a cart, the payment calculation, and booking a bill with all its loyalty effects
 * (vouchers used, points paid and earned, credits paid, status, event) in one transaction the flow
 * owns. Every refusal happens before the first write, so a refused bill changes nothing.
 */
@Injectable()
export class PurchaseClosureService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly checkout: CheckoutStep,
    private readonly cart: CartStep,
    private readonly settlement: SettlementStep,
    private readonly booking: BookingStep,
    private readonly cancellation: CancellationStep,
    private readonly status: StatusStep,
    private readonly records: PurchaseRecordsRepository,
    private readonly redemption: VoucherRedemptionService,
    private readonly segments: SegmentService,
    private readonly points: PointLedgerService,
    private readonly purchaseTypes: PurchaseTypeService,
    private readonly itemTypes: PurchaseItemTypeService,
    private readonly paymentTypes: PaymentTypeService,
    private readonly properties: PurchasePropertyService,
    private readonly stamps: StampCollectionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async recommendBestRewards(actor: Actor, input: RecommendedBestRewardsBodyDto, acceptLanguage?: string): Promise<RecommendedRewardDto[]> {
    const m = this.dataSource.manager;
    const checkout = await this.checkout.run(actor, input, { lock: false }, m);
    const cart = await this.cart.run(input.bill, false, m);
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
    const available = checkout.facts.points;
    const state = emptyState(cart.lines);
    const usable = (reward: RedeemableReward, voucher: RedeemableVoucher | null) =>
      refusalOf(reward, voucher, checkout, cart, state, memberOf, at, this.config.timeZone) === null;
    const offered: { reward: RedeemableReward; code: string; maxCount: number }[] = [];
    for (const reward of offers.rewards) {
      if (!inStore(reward, checkout)) continue;
      const direct = REWARD_CODE_GROUPS.includes(reward.rewardGroup) && BENEFIT_KINDS.includes(reward.kind) && reward.kind !== 'gift_card';
      let maxCount = direct && usable(reward, null) ? maxApplications(cart.lines, reward.facts, reward.kind as BenefitKind) : 0;
      const cost = toCents(Number(reward.pointsCost));
      if (cost > 0) maxCount = checkout.customerId ? Math.min(maxCount, Math.floor(available / cost)) : 0;
      offered.push({ reward, code: reward.code, maxCount });
    }
    for (const voucher of offers.vouchers) {
      if (!inStore(voucher.reward, checkout)) continue;
      const applicable = usable(voucher.reward, voucher) && applyBenefit(state, benefitOf(voucher.reward, voucher)) !== null;
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
    const creditCurrencyId = (await this.paysByCredits(input.payment_type)) ? input.bill.currency_id : undefined;
    const checkout = await this.checkout.run(actor, input, { lock: false, creditCurrencyId }, m);
    const paymentType = await this.paymentTypes.require(input.payment_type);
    const cart = await this.cart.run(input.bill, false, m);
    const payment = {
      points: input.max_points === undefined ? undefined : toCents(input.max_points),
      creditCents: input.max_credit === undefined ? undefined : toCents(input.max_credit),
      exact: false,
    };
    const settlement = await this.settlement.run(checkout, cart, paymentType, input.benefit_codes ?? [], payment, false, m);
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
        settlement.pointsAvailable - settlement.pointsUsed - rewardPoints(settlement.benefits) + settlement.earned,
      ),
      total_credit: fromCents(settlement.creditsAvailableCents - settlement.creditCents),
      messages: settlement.messages.map((text) => ({ text })),
    };
  }

  /** Books a bill, or reverses one when it is a cancellation; the same bill_id twice books once. */
  async sendPurchase(actor: Actor, input: SendPurchaseBodyDto): Promise<string> {
    const bill = input.bill;
    // Read from memory before the transaction, so the checkout reads every fact it needs in one statement.
    const creditCurrencyId = (await this.paysByCredits(bill.payment_type)) ? bill.currency_id : undefined;
    const statuses = bill.canceled ? [] : await this.status.earnedStatuses();
    const paymentTime = this.paymentTimeOf(bill);
    const pendingBill = paymentTime === null ? null : { currencyId: bill.currency_id, totalPrice: bill.total_price, paymentTime };
    try {
      return await this.dataSource.transaction(async (m) => {
        const checkout = await this.checkout.run(
          actor,
          input,
          { lock: true, billId: bill.bill_id, creditCurrencyId, statuses, pendingBill },
          m,
        );
        if (checkout.facts.billExists) throw alreadyBooked(bill.bill_id);
        const purchaseType = await this.purchaseTypes.require(bill.purchase_type_id);
        const paymentType = await this.paymentTypes.require(bill.payment_type);
        const cart = await this.cart.run(bill, true, m);
        const properties = await this.billProperties(bill, m);
        const purchase: PurchaseRecord = {
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
          canceledPurchaseId: null,
          earnedPoints: '0',
          usedPoints: '0',
          voucherPoints: '0',
          usedCredits: '0',
          utm: bill.utm ? { ...bill.utm } : null,
        };
        if (bill.canceled) {
          await this.cancellation.run(purchase, bill, cart, properties, m);
          return purchase.id;
        }
        const recap = bill.payment_recap;
        const codes = (recap?.vouchers ?? []).flatMap((voucher) => (voucher.code ? [voucher.code] : []));
        const payment = {
          points: recap?.credit_points === undefined ? undefined : toCents(recap.credit_points),
          creditCents: recap?.amount_for_credit === undefined ? undefined : toCents(recap.amount_for_credit),
          exact: true,
        };
        const weighed = await this.settlement.run(checkout, cart, paymentType, codes, payment, true, m);
        const settlement = await this.settlement.claimRules(weighed, checkout, cart, m);
        const booked = {
          ...purchase,
          earnedPoints: String(fromCents(settlement.earned)),
          usedPoints: String(fromCents(settlement.pointsUsed)),
          voucherPoints: String(fromCents(rewardPoints(settlement.benefits))),
          usedCredits: String(fromCents(settlement.creditCents)),
        };
        await this.booking.run(booked, bill, checkout, cart, settlement, properties, m);
        if (checkout.customerId !== null) {
          const stamped = { purchaseId: purchase.id, customerId: checkout.customerId, partnerId: checkout.store.partnerId };
          await this.stamps.collect({ ...stamped, paymentTime: cart.paymentTime, lines: cart.lines }, m);
        }
        return purchase.id;
      });
    } catch (error) {
      // Two concurrent sends of one bill: the loser meets the unique index and answers like a resend.
      if (isUniqueViolation(error, 'purchases_external_purchase_id_key')) throw alreadyBooked(bill.bill_id);
      if (isUniqueViolation(error, 'purchases_canceled_purchase_key')) {
        throw PurchasesException.refused(
          'bill_number',
          InvalidReason.AlreadyExists,
          'This purchase was cancelled already',
          bill.bill_number,
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
    await this.dataSource.transaction(async (m) => {
      const checkout = await this.checkout.run(actor, { ...input, cashdesk_number: 0 }, { lock: true }, m);
      const customerId = checkout.customerId as string;
      const purchase = await this.records.lockByBillId(input.external_purchase_id, m);
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
      if (purchase.canceled || purchase.reversed) {
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
        cartLine(
          item.billItemId,
          item.productId,
          item.productGroupId,
          item.productBrandId,
          Number(item.amount),
          toCents(Number(item.paidAmount)),
          toCents(Number(item.price)),
          item.loyaltyOff,
          types.get(item.purchaseItemTypeId) as PurchaseItemTypeEntity,
        ),
      );
      const state: CartState = { ...emptyState(lines), discountCents: items.map((item) => toCents(Number(item.discount))) };
      const pointsPaidCents = centsForPoints(toCents(Number(purchase.usedPoints)), checkout.rules.pointValue);
      const perLine = earnedPerLineOf(state, paymentType, checkout.status, checkout.rules, pointsPaidCents);
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
            validTo: pointsValidTo(checkout.rules),
            note: `Purchase ${purchase.externalPurchaseId}`,
            extendedData: { purchase_id: purchase.id },
          },
          m,
        );
        await m.insert(PurchasePointEntity, { purchaseId: purchase.id, pointId, role: PurchasePointRole.Earned });
      }
      await writeOutboxEvent(m, {
        type: 'purchase',
        customerId,
        externalId: purchase.externalPurchaseId,
        data: { purchase_id: purchase.id, assigned_later: true, earned_points: fromCents(earned) },
      });
      await this.status.recalculate(customerId, m, 'purchase');
    });
  }

  /** The bill's property values, checked: the purchase's own and each line's. */
  private async billProperties(bill: FinalBillDto, m: EntityManager): Promise<BillProperties> {
    const uniqueness = { cancelsBillId: bill.canceled ? bill.bill_number : undefined };
    const purchase = await this.properties.validateRecords('purchase', bill.property_records ?? [], 'bill.property_records', m, uniqueness);
    const items = await this.properties.validateRecordLists(
      'purchase_item',
      bill.bill_items.map((item, index) => ({
        records: item.purchase_item_property_records ?? [],
        field: `bill.bill_items.${index}.purchase_item_property_records`,
      })),
      m,
      uniqueness,
    );
    return { purchase, items };
  }

  /** Whether the payment type pays by credits; an unknown one is refused later, where the request is checked. */
  private async paysByCredits(paymentTypeId: string): Promise<boolean> {
    return this.paymentTypes.require(paymentTypeId).then(
      (type) => type.paysByCredits,
      () => false,
    );
  }

  /** The bill's payment time, or null when it is not one: the cart refuses it in its turn. */
  private paymentTimeOf(bill: FinalBillDto): Date | null {
    try {
      return optionalRequestDateTime(bill.payment_time, 'payment_time', this.config.timeZone) ?? null;
    } catch {
      return null;
    }
  }

  private nameOf(reward: RedeemableReward, acceptLanguage: string | undefined): string {
    const language = negotiateLanguage(acceptLanguage, Object.keys(reward.names), this.config.defaultLanguage);
    return (language === undefined ? undefined : reward.names[language]) ?? reward.code;
  }
}

function alreadyBooked(billId: string): PurchasesException {
  return PurchasesException.refused('bill_id', InvalidReason.AlreadyExists, 'A purchase with this bill_id was booked already', billId);
}
