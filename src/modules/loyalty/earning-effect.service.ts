import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId } from '@tessera/core';
import { PartnerService } from '../reference-data';
import { CREDIT_SCALE, CreditLedgerService } from './credit-ledger.service';
import { CreditTypeService } from './credit-type.service';
import { EarningEffectHooks } from './earning-effect.hooks';
import { unitsOf } from './rules/decimal-amount';
import { GrantedEffect } from './rules/earning-rules';

/** What caused the effects: a booked bill or an event, and where the records it writes belong. */
export interface EffectOccasion {
  customerId: string;
  /** The bill, which a cancellation reverses the effects with; null for an event. */
  purchaseId: string | null;
  /** The store's partner; the default partner when null. */
  partnerId: string | null;
  storeId: string | null;
  /** The records' note, before `: earning rule CODE`. */
  note: string;
  at: Date;
}

interface BookedEffect {
  ruleId: string;
  kind: 'credits' | 'reward_voucher' | 'stamp';
  creditId: string | null;
  voucherId: string | null;
  rewardId: string | null;
  stamperCampaignId: string | null;
  /** Money in currency units (credits). */
  money: string;
  stamps: number;
}

/**
 * Books the effects of earning rules beside points, in the transaction of what caused them: credits
 * as a deposit on the credits ledger (the effect's credit type, or the default one), a voucher of the
 * reward as any free voucher is issued (no points charged), stamps on the customer's card of the
 * campaign. Each record notes its rule, and each grant is kept with its rule and bill, so a
 * cancellation reverses it and gives the money back to the rule's budget.
 */
@Injectable()
export class EarningEffectService {
  constructor(
    private readonly credits: CreditLedgerService,
    private readonly creditTypes: CreditTypeService,
    private readonly partners: PartnerService,
    private readonly hooks: EarningEffectHooks,
  ) {}

  /**
   * Books the credits, reward voucher and stamp effects among `effects` (points are the caller's, who
   * books them on its own records). A credit type that no longer exists, a reward that can no longer be
   * issued and a campaign no longer collecting grant nothing, so the bill or event is never refused for them.
   */
  async book(effects: readonly GrantedEffect[], occasion: EffectOccasion, m: EntityManager): Promise<void> {
    const booked: BookedEffect[] = [];
    const noteOf = (code: string) => `${occasion.note}: earning rule ${code}`;
    const none = { creditId: null, voucherId: null, rewardId: null, stamperCampaignId: null, money: '0', stamps: 0 };
    const vouchers = effects.flatMap((effect) => (effect.kind === 'reward_voucher' ? [effect] : []));
    const voucherIds = await (vouchers.length === 0
      ? Promise.resolve([])
      : this.hooks.issueVouchers(
          vouchers.map((effect) => ({ rewardId: effect.rewardId, customerId: occasion.customerId, note: noteOf(effect.ruleCode) })),
          m,
        ));
    vouchers.forEach((effect, index) => {
      const voucherId = voucherIds[index];
      if (voucherId !== null) booked.push({ ...none, ruleId: effect.ruleId, kind: effect.kind, voucherId, rewardId: effect.rewardId });
    });
    for (const effect of effects) {
      if (effect.kind === 'credits') {
        const type = await this.creditTypes.resolve(effect.creditTypeId ?? undefined, 'credit_type_id').catch(() => null);
        if (type === null) continue;
        const creditId = await this.credits.addCredits(
          {
            customerId: occasion.customerId,
            amount: BigInt(effect.cents) * 10n ** BigInt(CREDIT_SCALE - 2),
            creditTypeId: type.id,
            currencyId: type.currencyId,
            partnerId: occasion.partnerId ?? (await this.partners.defaultPartnerId(m)),
            storeId: occasion.storeId,
            note: noteOf(effect.ruleCode),
          },
          m,
        );
        booked.push({ ...none, ruleId: effect.ruleId, kind: effect.kind, creditId, money: (effect.cents / 100).toFixed(2) });
      } else if (effect.kind === 'stamp') {
        const stamps = await this.hooks.stamp(
          {
            customerId: occasion.customerId,
            stamperCampaignId: effect.stamperCampaignId,
            stamps: effect.stamps,
            purchaseId: occasion.purchaseId,
            earningRuleId: effect.ruleId,
            at: occasion.at,
          },
          m,
        );
        if (stamps > 0)
          booked.push({ ...none, ruleId: effect.ruleId, kind: effect.kind, stamperCampaignId: effect.stamperCampaignId, stamps });
      }
    }
    if (booked.length === 0) return;
    await m.query(
      `INSERT INTO earning_rule_effects (earning_rule_effect_id, earning_rule_id, customer_id, purchase_id, kind, credit_id, voucher_id,
                                         reward_id, stamper_campaign_id, money, stamps)
       SELECT e.id, e.rule_id, $1, $2, e.kind, e.credit_id, e.voucher_id, e.reward_id, e.campaign_id, e.money::numeric, e.stamps
         FROM unnest($3::varchar[], $4::varchar[], $5::text[], $6::varchar[], $7::varchar[], $8::varchar[], $9::varchar[], $10::text[], $11::int[])
              AS e(id, rule_id, kind, credit_id, voucher_id, reward_id, campaign_id, money, stamps)`,
      [
        occasion.customerId,
        occasion.purchaseId,
        booked.map(() => newId()),
        booked.map((effect) => effect.ruleId),
        booked.map((effect) => effect.kind),
        booked.map((effect) => effect.creditId),
        booked.map((effect) => effect.voucherId),
        booked.map((effect) => effect.rewardId),
        booked.map((effect) => effect.stamperCampaignId),
        booked.map((effect) => effect.money),
        booked.map((effect) => effect.stamps),
      ],
    );
  }

  /**
   * Reverses the rule effects a cancelled bill booked: its credits are taken back as far as they are
   * still there, its rule vouchers withdrawn while unused (a used one stays the customer's). Its stamps
   * carry the bill and go with the bill's other stamps. Answers the ids of the credit records taking back.
   */
  async reverse(purchaseId: string, cancellation: { note: string; storeId: string }, m: EntityManager): Promise<string[]> {
    // An UPDATE answers its rows and their count.
    const [rows]: [{ credit_id: string | null; voucher_id: string | null }[], number] = await m.query(
      `UPDATE earning_rule_effects SET reversed = true WHERE purchase_id = $1 AND NOT reversed RETURNING credit_id, voucher_id`,
      [purchaseId],
    );
    if (rows.length === 0) return [];
    const takenBack: string[] = [];
    const creditIds = rows.flatMap((row) => (row.credit_id === null ? [] : [row.credit_id]));
    for (const record of await this.credits.records(creditIds, m)) {
      const assigned = unitsOf(record.assignedCredits, CREDIT_SCALE) ?? 0n;
      const available = await this.credits.availableCredits(record.customerId, record.creditTypeId, record.currencyId, m);
      const take = assigned < available ? assigned : available;
      if (take <= 0n) continue;
      takenBack.push(
        await this.credits.deductCredits(
          {
            customerId: record.customerId,
            amount: take,
            creditTypeId: record.creditTypeId,
            currencyId: record.currencyId,
            partnerId: record.partnerId,
            storeId: cancellation.storeId,
            note: cancellation.note,
          },
          m,
        ),
      );
    }
    const voucherIds = rows.flatMap((row) => (row.voucher_id === null ? [] : [row.voucher_id]));
    if (voucherIds.length > 0) await this.hooks.withdrawVouchers(voucherIds, m);
    return takenBack;
  }
}
