import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';

/** A free voucher of a reward for a customer, with the note it carries. */
export interface RuleVoucherGrant {
  rewardId: string;
  customerId: string;
  note: string;
}

/** Stamps an earning rule grants on a customer's card of a stamper campaign. */
export interface RuleStampGrant {
  customerId: string;
  stamperCampaignId: string;
  stamps: number;
  /** The bill that earned them, which a cancellation takes them back with; null for an event. */
  purchaseId: string | null;
  earningRuleId: string;
  at: Date;
}

/** Issues the vouchers in the caller's transaction; null for one whose reward can no longer be issued. */
export type RuleVoucherIssuer = (grants: RuleVoucherGrant[], manager: EntityManager) => Promise<(string | null)[]>;
/** Deletes the unused ones of the vouchers; answers the ids deleted. */
export type RuleVoucherWithdrawer = (voucherIds: string[], manager: EntityManager) => Promise<string[]>;
/** Places the stamps in the caller's transaction; answers how many were placed (none on a campaign no longer collecting). */
export type RuleStamper = (grant: RuleStampGrant, manager: EntityManager) => Promise<number>;

/**
 * How an earning rule's vouchers and stamps are booked. Vouchers belong to the rewards module and stamps
 * to the stamper context, both built on loyalty, so they register here and loyalty calls them without
 * depending on them. A grant with nothing registered fails loudly rather than granting nothing.
 */
@Injectable()
export class EarningEffectHooks {
  private voucherIssuer: RuleVoucherIssuer | null = null;
  private voucherWithdrawer: RuleVoucherWithdrawer | null = null;
  private stamper: RuleStamper | null = null;

  issueVouchersWith(issue: RuleVoucherIssuer, withdraw: RuleVoucherWithdrawer): void {
    this.voucherIssuer = issue;
    this.voucherWithdrawer = withdraw;
  }

  stampWith(stamp: RuleStamper): void {
    this.stamper = stamp;
  }

  issueVouchers(grants: RuleVoucherGrant[], manager: EntityManager): Promise<(string | null)[]> {
    if (this.voucherIssuer === null) throw new Error('No voucher issuer is registered for earning rules');
    return this.voucherIssuer(grants, manager);
  }

  withdrawVouchers(voucherIds: string[], manager: EntityManager): Promise<string[]> {
    if (this.voucherWithdrawer === null) throw new Error('No voucher issuer is registered for earning rules');
    return this.voucherWithdrawer(voucherIds, manager);
  }

  stamp(grant: RuleStampGrant, manager: EntityManager): Promise<number> {
    if (this.stamper === null) throw new Error('No stamper is registered for earning rules');
    return this.stamper(grant, manager);
  }
}
