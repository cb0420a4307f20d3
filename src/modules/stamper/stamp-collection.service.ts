import { Injectable, OnModuleInit } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { newId, preparedQuery } from '@tessera/core';
import { EarningEffectHooks, RuleStampGrant, VoucherService } from '../loyalty';
import { CollectingCampaign, StamperCampaignService } from './stamper-campaign.service';
import { CardSlot, earnedConditions, placeStamps, replaceStamps, StampableLine, StampSlot } from './rules/stamp-rules';

/** A booked purchase as stamp collection sees it. */
export interface StampedPurchase {
  purchaseId: string;
  customerId: string;
  /** The partner of the store it was made in. */
  partnerId: string;
  paymentTime: Date;
  lines: readonly StampableLine[];
}

/** A reward voucher a card has earned. */
interface Due {
  cardId: string;
  checkpointId: string | null;
  rewardId: string;
  isNewCard: boolean;
}

interface LatestCardRow {
  stamper_card_id: string;
  stamper_campaign_id: string;
  card_order: number;
  stamp_total: number;
  state: number;
}

interface CardRow {
  stamper_card_id: string;
  stamper_campaign_id: string;
  stamp_count: number;
  stamp_total: number;
  filled_up: boolean;
  state: number;
}

interface StampRow {
  stamp_id: string;
  stamper_campaign_id: string;
  stamper_card_id: string | null;
  stamp_order: number | null;
}

const NOTE = 'Stamp card reward';

/**
 * The closure's stamp step. Both methods run inside the purchase closure's transaction, after the
 * closure took the customer's lock (a transaction-scoped advisory lock that every booking and
 * cancellation of the customer takes first), so one customer's cards are never placed on concurrently
 * and a card issues each voucher once; a unique index on the card's vouchers backs that up.
 */
/** Stamps to place on one campaign's cards: the condition each stamp was earned by, none for a rule's. */
interface Earned {
  campaign: CollectingCampaign;
  conditions: (string | null)[];
}

@Injectable()
export class StampCollectionService implements OnModuleInit {
  constructor(
    private readonly campaigns: StamperCampaignService,
    private readonly vouchers: VoucherService,
    private readonly earningEffects: EarningEffectHooks,
  ) {}

  onModuleInit(): void {
    this.earningEffects.stampWith((grant, m) => this.stampForRule(grant, m));
  }

  /**
   * Stamps the purchase earns in every active campaign valid at its payment time (of its store's partner,
   * when the campaign names one). Without such a campaign whose conditions the purchase meets it sends
   * nothing; otherwise one statement reads the customer's latest cards and one writes cards and stamps.
   * A card that fills, or a stamp on a checkpoint, issues the reward's voucher in the same transaction.
   */
  async collect(purchase: StampedPurchase, m: EntityManager): Promise<void> {
    const at = purchase.paymentTime.getTime();
    const earning: Earned[] = [];
    for (const campaign of await this.campaigns.collecting()) {
      if (campaign.partnerId !== null && campaign.partnerId !== purchase.partnerId) continue;
      if ((campaign.validFrom !== null && at < campaign.validFrom) || (campaign.validTo !== null && at > campaign.validTo)) continue;
      const conditions = earnedConditions(campaign.rules, purchase.lines);
      if (conditions.length > 0) earning.push({ campaign, conditions });
    }
    if (earning.length === 0) return;
    await this.place(
      { customerId: purchase.customerId, purchaseId: purchase.purchaseId, earningRuleId: null, at: purchase.paymentTime },
      earning,
      m,
    );
  }

  /**
   * Places the stamps an earning rule grants on the customer's cards of its campaign, as a purchase's
   * stamps are placed (a card that fills, or a checkpoint reached, issues its voucher), each noting the
   * rule and the bill, if any, that a cancellation takes them back with. A campaign no longer collecting
   * (inactive or outside its validity) takes none; answers how many were placed.
   */
  async stampForRule(grant: RuleStampGrant, m: EntityManager): Promise<number> {
    const at = grant.at.getTime();
    const campaign = (await this.campaigns.collecting()).find((candidate) => candidate.id === grant.stamperCampaignId);
    if (campaign === undefined) return 0;
    if ((campaign.validFrom !== null && at < campaign.validFrom) || (campaign.validTo !== null && at > campaign.validTo)) return 0;
    // A closure places stamps under the customer's lock it took first; an event takes the same one, so they never interleave.
    if (grant.purchaseId === null) {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`purchase-customer:${grant.customerId}`]);
    }
    const conditions = Array.from({ length: grant.stamps }, () => null);
    return this.place(
      { customerId: grant.customerId, purchaseId: grant.purchaseId, earningRuleId: grant.earningRuleId, at: grant.at },
      [{ campaign, conditions }],
      m,
    );
  }

  /**
   * One statement reads the customer's latest cards of the campaigns, one writes cards and stamps, and
   * the vouchers due are issued; answers how many stamps were placed.
   */
  private async place(
    cause: { customerId: string; purchaseId: string | null; earningRuleId: string | null; at: Date },
    earning: Earned[],
    m: EntityManager,
  ): Promise<number> {
    const latest = new Map(
      (
        await preparedQuery<LatestCardRow>(
          m,
          'stamper-latest-cards',
          `SELECT DISTINCT ON (stamper_campaign_id) stamper_card_id, stamper_campaign_id, card_order, stamp_total, state
             FROM stamper_cards WHERE customer_id = $1 AND stamper_campaign_id = ANY($2::varchar[])
            ORDER BY stamper_campaign_id, card_order DESC`,
          [cause.customerId, earning.map(({ campaign }) => campaign.id)],
        )
      ).map((row) => [row.stamper_campaign_id, row]),
    );
    const newCards: { id: string; campaignId: string; order: number; total: number; filled: boolean }[] = [];
    const changedCards: { id: string; total: number; filled: boolean }[] = [];
    const stamps: { id: string; campaignId: string; cardId: string | null; order: number | null; conditionId: string | null }[] = [];
    const dues: Due[] = [];
    for (const { campaign, conditions } of earning) {
      const row = latest.get(campaign.id);
      const placement = placeStamps(
        campaign,
        row ? { id: row.stamper_card_id, order: row.card_order, total: row.stamp_total, blocked: row.state !== 1 } : null,
        conditions.length,
        newId,
      );
      if (placement === null) continue;
      for (const card of placement.cards) {
        if (card.isNew) newCards.push({ id: card.id, campaignId: campaign.id, order: card.order, total: card.total, filled: card.filled });
        else changedCards.push({ id: card.id, total: card.total, filled: card.filled });
      }
      placement.stamps.forEach((place, index) =>
        stamps.push({ id: newId(), campaignId: campaign.id, cardId: place.cardId, order: place.order, conditionId: conditions[index] }),
      );
      const rewardOf = new Map(campaign.checkpoints.map((checkpoint) => [checkpoint.id, checkpoint.rewardId]));
      for (const due of placement.rewards) {
        dues.push({
          ...due,
          rewardId: due.checkpointId === null ? campaign.rewardId : (rewardOf.get(due.checkpointId) as string),
          isNewCard: placement.cards.some((card) => card.id === due.cardId && card.isNew),
        });
      }
    }
    if (stamps.length === 0) return 0;
    await preparedQuery(
      m,
      'stamper-place-stamps',
      `WITH new_cards AS (
         INSERT INTO stamper_cards (stamper_card_id, stamper_campaign_id, customer_id, card_order, stamp_total, filled_up)
         SELECT c.id, c.campaign_id, $1, c.card_order, c.total, c.filled
           FROM unnest($4::varchar[], $5::varchar[], $6::int[], $7::int[], $8::boolean[]) AS c(id, campaign_id, card_order, total, filled)),
       changed_cards AS (
         UPDATE stamper_cards k SET stamp_total = u.total, filled_up = u.filled, last_change = now()
           FROM unnest($9::varchar[], $10::int[], $11::boolean[]) AS u(id, total, filled)
          WHERE k.stamper_card_id = u.id)
       INSERT INTO stamper_stamps (stamp_id, customer_id, purchase_id, stamper_campaign_id, stamper_card_id, stamp_order, stamper_condition_id,
                                   created_at, earning_rule_id)
       SELECT s.id, $1, $2, s.campaign_id, s.card_id, s.stamp_order, s.condition_id, $3, $17
         FROM unnest($12::varchar[], $13::varchar[], $14::varchar[], $15::int[], $16::varchar[])
              WITH ORDINALITY AS s(id, campaign_id, card_id, stamp_order, condition_id, n)
        ORDER BY s.n`,
      [
        cause.customerId,
        cause.purchaseId,
        cause.at,
        newCards.map((card) => card.id),
        newCards.map((card) => card.campaignId),
        newCards.map((card) => card.order),
        newCards.map((card) => card.total),
        newCards.map((card) => card.filled),
        changedCards.map((card) => card.id),
        changedCards.map((card) => card.total),
        changedCards.map((card) => card.filled),
        stamps.map((stamp) => stamp.id),
        stamps.map((stamp) => stamp.campaignId),
        stamps.map((stamp) => stamp.cardId),
        stamps.map((stamp) => stamp.order),
        stamps.map((stamp) => stamp.conditionId),
        cause.earningRuleId,
      ],
    );
    if (dues.length > 0) await this.issue(cause.customerId, dues, m);
    return stamps.length;
  }

  /**
   * Takes back the stamps of a cancelled purchase (state 0, no place) and lays the customer's standing
   * stamps onto their cards again. A voucher of a card that is no longer full, or of a checkpoint the card
   * no longer reaches, is withdrawn while unused; a used one stays the customer's.
   */
  async takeBack(purchaseId: string, customerId: string, m: EntityManager): Promise<void> {
    const [taken]: [{ stamper_campaign_id: string }[], number] = await m.query(
      `UPDATE stamper_stamps SET state = 0, stamp_order = NULL, last_change = now()
        WHERE purchase_id = $1 AND state = 1 RETURNING stamper_campaign_id`,
      [purchaseId],
    );
    if (taken.length === 0) return;
    const campaignIds = [...new Set(taken.map((row) => row.stamper_campaign_id))];
    const cards: CardRow[] = await m.query(
      `SELECT k.stamper_card_id, k.stamper_campaign_id, c.stamp_count, k.stamp_total, k.filled_up, k.state
         FROM stamper_cards k JOIN stamper_campaigns c USING (stamper_campaign_id)
        WHERE k.customer_id = $1 AND k.stamper_campaign_id = ANY($2::varchar[])
        ORDER BY k.stamper_campaign_id, k.card_order`,
      [customerId, campaignIds],
    );
    const standing: StampRow[] = await m.query(
      `SELECT stamp_id, stamper_campaign_id, stamper_card_id, stamp_order FROM stamper_stamps
        WHERE customer_id = $1 AND stamper_campaign_id = ANY($2::varchar[]) AND state = 1 ORDER BY seq`,
      [customerId, campaignIds],
    );
    const blocked = new Set(cards.filter((card) => card.state !== 1).map((card) => card.stamper_card_id));
    const changedCards: CardSlot[] = [];
    const movedStamps: StampSlot[] = [];
    const lay = (stampCount: number, slots: CardRow[], onThem: StampRow[]) => {
      const changed = replaceStamps(
        stampCount,
        slots.map((card) => ({ id: card.stamper_card_id, total: card.stamp_total, filled: card.filled_up })),
        onThem.map((stamp) => ({ id: stamp.stamp_id, cardId: stamp.stamper_card_id, order: stamp.stamp_order })),
      );
      changedCards.push(...changed.cards);
      movedStamps.push(...changed.stamps);
    };
    for (const campaignId of campaignIds) {
      const own = cards.filter((card) => card.stamper_campaign_id === campaignId);
      const stamps = standing.filter((stamp) => stamp.stamper_campaign_id === campaignId);
      if (own.length === 0) continue;
      const stampCount = own[0].stamp_count;
      // A blocked card keeps its own stamps, closing up; the active cards share the others.
      for (const card of own.filter((slot) => blocked.has(slot.stamper_card_id))) {
        lay(
          stampCount,
          [card],
          stamps.filter((stamp) => stamp.stamper_card_id === card.stamper_card_id),
        );
      }
      lay(
        stampCount,
        own.filter((card) => !blocked.has(card.stamper_card_id)),
        stamps.filter((stamp) => stamp.stamper_card_id === null || !blocked.has(stamp.stamper_card_id)),
      );
    }
    if (changedCards.length === 0 && movedStamps.length === 0) return;
    await m.query(
      `WITH moved AS (
         UPDATE stamper_stamps s SET stamper_card_id = u.card_id, stamp_order = u.stamp_order, last_change = now()
           FROM unnest($1::varchar[], $2::varchar[], $3::int[]) AS u(id, card_id, stamp_order)
          WHERE s.stamp_id = u.id)
       UPDATE stamper_cards k SET stamp_total = u.total, filled_up = u.filled, last_change = now()
         FROM unnest($4::varchar[], $5::int[], $6::boolean[]) AS u(id, total, filled)
        WHERE k.stamper_card_id = u.id`,
      [
        movedStamps.map((stamp) => stamp.id),
        movedStamps.map((stamp) => stamp.cardId),
        movedStamps.map((stamp) => stamp.order),
        changedCards.map((card) => card.id),
        changedCards.map((card) => card.total),
        changedCards.map((card) => card.filled),
      ],
    );
    if (changedCards.length === 0) return;
    const issued: { voucher_id: string; stamper_card_id: string; stamp_number: number | null }[] = await m.query(
      `SELECT v.voucher_id, v.stamper_card_id, p.stamp_number
         FROM stamper_card_vouchers v LEFT JOIN stamper_bonus_checkpoints p USING (stamper_bonus_checkpoint_id)
        WHERE v.stamper_card_id = ANY($1::varchar[])`,
      [changedCards.map((card) => card.id)],
    );
    const now = new Map(changedCards.map((card) => [card.id, card]));
    const unearned = issued.filter((link) => {
      const card = now.get(link.stamper_card_id) as CardSlot;
      return link.stamp_number === null ? !card.filled : card.total < link.stamp_number;
    });
    await this.vouchers.withdrawUnusedGrants(
      unearned.map((link) => link.voucher_id),
      m,
    );
  }

  /** Issues the vouchers due, except those a card issued before (a used one stays, so it is not issued twice). */
  private async issue(customerId: string, dues: Due[], m: EntityManager): Promise<void> {
    const older = dues.filter((due) => !due.isNewCard).map((due) => due.cardId);
    const issuedBefore = new Set(
      older.length === 0
        ? []
        : (
            await m.query<{ stamper_card_id: string; checkpoint: string }[]>(
              `SELECT stamper_card_id, coalesce(stamper_bonus_checkpoint_id, '') AS checkpoint FROM stamper_card_vouchers
                WHERE stamper_card_id = ANY($1::varchar[])`,
              [older],
            )
          ).map((row) => `${row.stamper_card_id}:${row.checkpoint}`),
    );
    const fresh = dues.filter((due) => !issuedBefore.has(`${due.cardId}:${due.checkpointId ?? ''}`));
    const voucherIds = await this.vouchers.grant(
      fresh.map((due) => ({ rewardId: due.rewardId, customerId, note: NOTE })),
      m,
    );
    const links = fresh.flatMap((due, index) => {
      const voucherId = voucherIds[index];
      return voucherId === null ? [] : [{ ...due, voucherId }];
    });
    if (links.length === 0) return;
    await m.query(
      `INSERT INTO stamper_card_vouchers (stamper_card_id, stamper_bonus_checkpoint_id, voucher_id)
       SELECT * FROM unnest($1::varchar[], $2::varchar[], $3::varchar[])`,
      [links.map((link) => link.cardId), links.map((link) => link.checkpointId), links.map((link) => link.voucherId)],
    );
  }
}
