import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import { BillProduct } from '../../catalogue';
import {
  CreditLedgerService,
  CreditTypeService,
  EarningEffectService,
  LoyaltyRules,
  PointLedgerService,
  PointTypeService,
  VoucherIssue,
  VoucherRedemptionService,
  VoucherUse,
} from '../../loyalty';
import { BillDto } from '../dto/purchase-closure.dto';
import { PurchaseCreditRole, PurchasePointRole } from '../entities/purchase-links.entity';
import { PurchaseReason } from '../purchases.exceptions';
import { CartState, fromCents, toCents } from '../rules/cart-evaluation';
import { Cart, Checkout, Settlement } from './closure.model';
import {
  PropertyValueRecord,
  PurchaseItemRecord,
  PurchaseLinks,
  PurchaseRecord,
  PurchaseRecordsRepository,
} from './purchase-records.repository';
import { StatusStep } from './status.step';
import { OutboxEvent } from '../../../platform/outbox';

/** The property values a bill carries, checked: the purchase's own and each line's. */
export interface BillProperties {
  purchase: PropertyValueRecord[];
  items: PropertyValueRecord[][];
}

/**
 * Everything a booked bill writes, after every refusal: the vouchers it used (one statement), the points
 * and credits it moved, the purchase with its items, property values and links (one statement), the
 * earning rules' credits, vouchers and stamps, the customer's event and, when it changes, the customer's status.
 */
@Injectable()
export class BookingStep {
  constructor(
    private readonly redemption: VoucherRedemptionService,
    private readonly points: PointLedgerService,
    private readonly pointTypes: PointTypeService,
    private readonly credits: CreditLedgerService,
    private readonly creditTypes: CreditTypeService,
    private readonly records: PurchaseRecordsRepository,
    private readonly statuses: StatusStep,
    private readonly earningEffects: EarningEffectService,
  ) {}

  async run(
    purchase: PurchaseRecord,
    bill: BillDto,
    checkout: Checkout,
    cart: Cart,
    settlement: Settlement,
    properties: BillProperties,
    m: EntityManager,
  ): Promise<void> {
    const customerId = checkout.customerId as string;
    const note = `Purchase ${bill.bill_id}`;
    const movement = {
      customerId,
      partnerId: checkout.store.partnerId,
      storeId: checkout.store.id,
      extendedData: { purchase_id: purchase.id },
    };
    const links: PurchaseLinks = { points: [], credits: [], vouchers: [] };
    const uses: VoucherUse[] = [];
    const issues: VoucherIssue[] = [];
    for (const benefit of settlement.benefits) {
      const taken = benefit.discounts.reduce((sum, discount) => sum + discount.cents, 0);
      const discountValue = String(fromCents(taken));
      if (benefit.voucher) {
        const balance = benefit.voucher.facts.currentBalance;
        uses.push({
          voucherId: benefit.voucher.id,
          balanceLeft: balance === null ? null : String(fromCents(Math.max(toCents(balance) - taken, 0))),
        });
        links.vouchers.push({
          voucherId: benefit.voucher.id,
          discountValue,
          balanceUsed: balance === null ? null : discountValue,
          createdByPurchase: false,
        });
        continue;
      }
      const pointTypeId = benefit.pointsCost > 0 ? await this.pointTypes.resolve(undefined, 'benefit_codes') : null;
      if (pointTypeId !== null) {
        const pointId = await this.points.deductPoints(
          {
            ...movement,
            amount: BigInt(benefit.pointsCost),
            pointTypeId,
            note: `${note}: reward ${benefit.reward.code}`,
            shortfall: { field: 'benefit_codes', reason: PurchaseReason.NotEnoughPointsForVoucher },
          },
          m,
        );
        links.points.push({ pointId, role: PurchasePointRole.Reward });
      }
      const voucherId = newId();
      issues.push({ voucherId, reward: benefit.reward, pointTypeId });
      links.vouchers.push({ voucherId, discountValue, balanceUsed: null, createdByPurchase: true });
    }
    await this.redemption.redeem(uses, issues, { customerId, at: cart.paymentTime, storeId: checkout.store.id }, m);
    if (settlement.pointsUsed > 0) {
      const pointId = await this.points.deductPoints(
        {
          ...movement,
          amount: BigInt(settlement.pointsUsed),
          note,
          shortfall: { field: 'credit_points', reason: PurchaseReason.NotEnoughPointsForPayment },
        },
        m,
      );
      links.points.push({ pointId, role: PurchasePointRole.Paid });
    }
    if (settlement.creditCents > 0) {
      const creditType = await this.creditTypes.resolve(undefined, 'payment_type');
      const creditId = await this.credits.deductCredits(
        {
          customerId,
          amount: BigInt(settlement.creditCents) * 100n,
          creditTypeId: creditType.id,
          currencyId: cart.currencyId,
          partnerId: checkout.store.partnerId,
          storeId: checkout.store.id,
          note,
        },
        m,
      );
      links.credits.push({ creditId, role: PurchaseCreditRole.Paid });
    }
    const earnedByLines = settlement.earnedPerLine.reduce((a, b) => a + b, 0);
    if (earnedByLines > 0) {
      const pointId = await this.points.addPoints(
        { ...movement, amount: BigInt(earnedByLines), validTo: pointsValidTo(checkout.rules), note },
        m,
      );
      links.points.push({ pointId, role: PurchasePointRole.Earned });
    }
    // A record per rule, noting it: the customer's points say which rule granted what, and a cancellation takes them back as earned.
    for (const grant of settlement.ruleGrants.filter((ruleGrant) => ruleGrant.points > 0)) {
      const pointId = await this.points.addPoints(
        {
          ...movement,
          amount: BigInt(grant.points),
          validTo: pointsValidTo(checkout.rules),
          note: `${note}: earning rule ${grant.rule.code}`,
          extendedData: { purchase_id: purchase.id, earning_rule_id: grant.rule.id },
        },
        m,
      );
      links.points.push({ pointId, role: PurchasePointRole.Earned });
    }
    const items = itemRecords(bill, cart, settlement.state, settlement.earnedPerLine);
    // The purchase event goes with the purchase's own statement: one round trip fewer while the customer is locked.
    const event: OutboxEvent | null =
      checkout.customerId === null
        ? null
        : {
            type: 'purchase',
            customerId,
            externalId: bill.bill_id,
            data: {
              purchase_id: purchase.id,
              total_price: bill.total_price,
              currency_id: cart.currencyId,
              earned_points: fromCents(settlement.earned),
              used_points: fromCents(settlement.pointsUsed),
              used_credits: fromCents(settlement.creditCents),
              voucher_codes: settlement.benefits.map((benefit) => benefit.code),
            },
          };
    await this.records.insert(purchase, items, properties.items, properties.purchase, links, event, m);
    if (checkout.customerId === null) return;
    // The rules' credits, vouchers and stamps name the purchase, so they are booked once it is.
    await this.earningEffects.book(
      settlement.ruleGrants.flatMap((grant) => grant.effects),
      { customerId, purchaseId: purchase.id, partnerId: checkout.store.partnerId, storeId: checkout.store.id, note, at: cart.paymentTime },
      m,
    );
    await this.statuses.apply(customerId, checkout.facts, m, settlement.earned);
  }
}

/** The bill's lines as purchase items: what each cost, took off and earned. */
export function itemRecords(bill: BillDto, cart: Cart, state: CartState | null, earnedPerLine: number[] | null): PurchaseItemRecord[] {
  return cart.lines.map((line, index) => {
    const product = cart.products[index] as BillProduct;
    const item = bill.bill_items[index];
    return {
      id: newId(),
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
}

/** When points a purchase earns expire, by the loyalty rules; null when they never do. */
export function pointsValidTo(rules: LoyaltyRules): Date | null {
  if (rules.pointsValidityMonths === 0) return null;
  const validTo = new Date();
  validTo.setUTCMonth(validTo.getUTCMonth() + rules.pointsValidityMonths);
  return validTo;
}
