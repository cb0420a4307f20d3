import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CommonException, InvalidReason } from '@tessera/http';
import {
  CREDIT_SCALE,
  CreditLedgerService,
  EarningEffectService,
  EarningRuleService,
  POINT_SCALE,
  PointLedgerService,
  unitsOf,
  VoucherRedemptionService,
} from '../../loyalty';
import { StampCollectionService } from '../../stamper';
import { BillDto } from '../dto/purchase-closure.dto';
import { PurchaseCreditRole, PurchasePointRole } from '../entities/purchase-links.entity';
import { Cart } from './closure.model';
import { BillProperties, itemRecords } from './booking.step';
import { lockCustomer } from './checkout.step';
import { LockedPurchase, PurchaseLinks, PurchaseRecord, PurchaseRecordsRepository } from './purchase-records.repository';
import { StatusStep } from './status.step';
import { writeOutboxEvent } from '../../../platform/outbox';

/**
 * A cancellation bill: books the cancellation and reverses what the original booked. Earned points are
 * taken back (as far as they are still there), points and credits paid are given back, its vouchers
 * are usable again (gift cards get back what it took), the earning rules' credits are taken back (as far
 * as they are still there), their vouchers withdrawn while unused and their stamps removed with the
 * bill's, and the rules' budgets get back the points and money the bill claimed.
 */
@Injectable()
export class CancellationStep {
  constructor(
    private readonly records: PurchaseRecordsRepository,
    private readonly points: PointLedgerService,
    private readonly credits: CreditLedgerService,
    private readonly redemption: VoucherRedemptionService,
    private readonly statuses: StatusStep,
    private readonly stamps: StampCollectionService,
    private readonly earningRules: EarningRuleService,
    private readonly earningEffects: EarningEffectService,
  ) {}

  async run(
    purchase: PurchaseRecord,
    bill: BillDto & { bill_number?: string },
    cart: Cart,
    properties: BillProperties,
    m: EntityManager,
  ): Promise<void> {
    const original = await this.target(bill.bill_number, m);
    if (original.customerId) await lockCustomer(original.customerId, m);
    const links = await this.reverse(original, purchase.id, m);
    const items = itemRecords(bill, cart, null, null);
    await this.records.insert(
      { ...purchase, canceledPurchaseId: original.id },
      items,
      properties.items,
      properties.purchase,
      links,
      null,
      m,
    );
    if (!original.customerId) return;
    await this.stamps.takeBack(original.id, original.customerId, m);
    await writeOutboxEvent(m, {
      type: 'purchase_cancellation',
      customerId: original.customerId,
      externalId: bill.bill_id,
      secondaryExternalId: original.externalPurchaseId,
      data: { purchase_id: purchase.id, canceled_purchase_id: original.id },
    });
    await this.statuses.recalculate(original.customerId, m, 'cancellation');
  }

  private async target(billNumber: string | undefined, m: EntityManager): Promise<LockedPurchase> {
    if (billNumber === undefined || billNumber === '') {
      throw CommonException.invalid('bill_number', InvalidReason.Required, 'A cancellation names the original bill_id in bill_number');
    }
    const original = await this.records.lockByBillId(billNumber, m);
    if (!original) throw CommonException.invalid('bill_number', InvalidReason.NotFound, 'No purchase has this bill_id', billNumber);
    if (original.canceled)
      throw CommonException.invalid('bill_number', InvalidReason.NotAllowedValue, 'A cancellation cannot be cancelled', billNumber);
    if (original.reversed) {
      throw CommonException.invalid('bill_number', InvalidReason.AlreadyExists, 'This purchase was cancelled already', billNumber);
    }
    return original;
  }

  /** Reverses the original's ledger movements and vouchers; answers the cancellation's links to the reversals. */
  private async reverse(original: LockedPurchase, cancellationId: string, m: EntityManager): Promise<PurchaseLinks> {
    const note = `Cancellation of purchase ${original.externalPurchaseId}`;
    const booked = await this.records.links(original.id, m);
    const reversals: PurchaseLinks = { points: [], credits: [], vouchers: [] };
    const roleOf = new Map(booked.points.map((link) => [link.pointId, link.role]));
    for (const record of await this.points.records(
      booked.points.map((link) => link.pointId),
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
        const available = await this.points.balance(record.customerId, record.pointTypeId, m);
        const take = amount < available ? amount : available;
        if (take <= 0n) continue;
        pointId = await this.points.deductPoints({ ...movement, amount: take, overridesHolds: true }, m);
      } else if (roleOf.get(record.id) === PurchasePointRole.Paid) {
        pointId = await this.points.addPoints({ ...movement, amount }, m);
      } else {
        continue;
      }
      reversals.points.push({ pointId, role: PurchasePointRole.Reversal });
    }
    for (const creditId of await this.earningEffects.reverse(original.id, { note, storeId: original.storeId }, m)) {
      reversals.credits.push({ creditId, role: PurchaseCreditRole.Reversal });
    }
    await this.earningRules.giveBack(
      booked.points.filter((link) => link.role === PurchasePointRole.Earned).map((link) => link.pointId),
      original.id,
      m,
    );
    const paidCredits = booked.credits.filter((link) => link.role === PurchaseCreditRole.Paid).map((link) => link.creditId);
    for (const record of await this.credits.records(paidCredits, m)) {
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
      reversals.credits.push({ creditId, role: PurchaseCreditRole.Reversal });
    }
    await this.redemption.restore(
      booked.vouchers.map((link) => ({
        voucherId: link.voucherId,
        balanceUsed: link.balanceUsed,
        issuedByPurchase: link.createdByPurchase,
      })),
      { purchaseId: cancellationId, canceledPurchaseId: original.id },
      m,
    );
    return reversals;
  }
}

/** The size of a ledger record's amount (numeric text), in the ledger's units. */
function magnitude(amount: string, scale: number): bigint {
  const units = unitsOf(amount, scale) ?? 0n;
  return units < 0n ? -units : units;
}
