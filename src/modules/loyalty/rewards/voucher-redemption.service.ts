import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { newId, preparedQuery } from '@tessera/core';
import { DataSource, EntityManager } from 'typeorm';
import { OUTBOX_INSERT_ROWS_SQL } from '../../../platform/outbox';
import { customerSegmentIdsSql } from '../../segments';
import { VoucherEntity } from './entities/voucher.entity';
import { automatedRewardsOn, RedeemableReward, RedeemableRewards, RedeemableRewardService, validOn } from './redeemable-reward.service';
import { generateVoucherCode } from './rules/reward-code';
import { VoucherFacts, voucherFacts } from './rules/voucher-usability';

export type { RedeemableReward } from './redeemable-reward.service';

/** A voucher locked for a purchase, with what the usability rules need. */
export interface RedeemableVoucher {
  id: string;
  code: string;
  /** A custom voucher's own money value, overriding the reward's. */
  value: string | null;
  facts: VoucherFacts;
  reward: RedeemableReward;
}

/** What a bill can use: the vouchers and rewards its codes name (by code), and the automated rewards in priority order. */
export interface BillRewards {
  vouchers: Map<string, RedeemableVoucher>;
  rewards: Map<string, RedeemableReward>;
  automated: RedeemableReward[];
  /** The segments, among those of these rewards, that the customer is in. */
  memberOf: string[];
}

/** A voucher a purchase used: a gift card keeps `balanceLeft`, and counts as used when it is zero. */
export interface VoucherUse {
  voucherId: string;
  balanceLeft: string | null;
}

/** A used voucher a purchase issues for a reward it applied by its code; `pointTypeId` names the points it cost. */
export interface VoucherIssue {
  voucherId: string;
  reward: RedeemableReward;
  pointTypeId: string | null;
}

const ACTIVE = 1;

/** A voucher that `forBill`'s codes name (null columns when they name none), with the customer's segments asked about. */
interface NamedVoucherRow {
  member_of: string[];
  voucher_id: string | null;
  reward_id: string | null;
  customer_id: string | null;
  code: string | null;
  value: string | null;
  applied_at: Date | null;
  valid_from: Date | null;
  valid_to: Date | null;
  current_balance: string | null;
}

/**
 * What purchase closure does with vouchers and rewards: find them by the codes a bill carries, mark
 * vouchers used (gift cards spend part of their balance), issue a used voucher for a reward applied by
 * its code, and give a cancelled purchase's vouchers back.
 */
@Injectable()
export class VoucherRedemptionService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly redeemable: RedeemableRewardService,
  ) {}

  /**
   * The vouchers and rewards named by `codes`, with `automatedOn` (a day) the automated rewards of that
   * day too, and which of their segments `customerId` is in. The rewards are in memory; the vouchers and
   * the customer's segments take one statement, whatever their number, and none when there are neither
   * codes nor segments to ask about. With `lock`, the vouchers are locked (in id order, so two purchases
   * naming the same vouchers queue instead of deadlocking) until the caller's transaction ends.
   */
  async forBill(
    codes: string[],
    options: { lock: boolean; customerId: string | null; automatedOn: string | null },
    manager: EntityManager,
  ): Promise<BillRewards> {
    const unique = [...new Set(codes)];
    const bill: BillRewards = { vouchers: new Map(), rewards: new Map(), automated: [], memberOf: [] };
    if (unique.length === 0 && options.automatedOn === null) return bill;
    let rewards = await this.redeemable.all();
    let rows = await this.namedVouchers(unique, options, rewards, manager);
    if (rows.some((row) => row.reward_id !== null && !rewards.byId.has(row.reward_id))) {
      // A reward created so recently that this instance has not heard of it yet: once it has, its segments are asked about too.
      rewards = await this.redeemable.fresh();
      rows = await this.namedVouchers(unique, options, rewards, manager);
    }
    for (const code of unique) {
      const reward = rewards.byCode.get(code);
      if (reward) bill.rewards.set(code, reward);
    }
    for (const row of rows) {
      if (row.voucher_id === null) continue;
      const code = row.code as string;
      bill.vouchers.set(code, {
        id: row.voucher_id,
        code,
        value: row.value,
        facts: voucherFacts({
          customerId: row.customer_id as string,
          appliedAt: row.applied_at,
          validFrom: row.valid_from,
          validTo: row.valid_to,
          currentBalance: row.current_balance,
        }),
        reward: rewards.byId.get(row.reward_id as string) as RedeemableReward,
      });
    }
    bill.automated = options.automatedOn === null ? [] : automatedRewardsOn(rewards, options.automatedOn);
    const concerned = new Set(
      [...bill.rewards.values(), ...[...bill.vouchers.values()].map((voucher) => voucher.reward), ...bill.automated].flatMap(
        (reward) => reward.facts.segmentIds,
      ),
    );
    bill.memberOf = (rows[0]?.member_of ?? []).filter((segmentId) => concerned.has(segmentId));
    return bill;
  }

  /**
   * Rewards a checkout may offer: active rewards valid today (automated ones only with
   * `includeAutomated`), and the customer's vouchers not applied yet and not expired.
   */
  async offers(
    customerId: string | null,
    includeAutomated: boolean,
    today: string,
  ): Promise<{ rewards: RedeemableReward[]; vouchers: RedeemableVoucher[] }> {
    const all = await this.redeemable.all();
    const rewards = all.ordered.filter(
      (reward) => reward.state === ACTIVE && validOn(reward, today) && (includeAutomated || !reward.isAutomated),
    );
    if (customerId === null) return { rewards, vouchers: [] };
    const voucherRows = await this.dataSource
      .getRepository(VoucherEntity)
      .createQueryBuilder('v')
      .where('v.customer_id = :customerId AND v.applied_at IS NULL AND v.state = 1', { customerId })
      .andWhere('(v.valid_to IS NULL OR v.valid_to > now()) AND (v.current_balance IS NULL OR v.current_balance > 0)')
      .orderBy('v.created_at')
      .addOrderBy('v.voucher_id')
      .limit(1000)
      .getMany();
    const known = await this.redeemable.covering(voucherRows.map((voucher) => voucher.rewardId));
    const vouchers = voucherRows.map((voucher): RedeemableVoucher => ({
      id: voucher.id,
      code: voucher.code,
      value: voucher.value,
      facts: voucherFacts(voucher),
      reward: known.byId.get(voucher.rewardId) as RedeemableReward,
    }));
    return { rewards, vouchers };
  }

  /**
   * Marks the vouchers a purchase used, and issues a used voucher for each reward it applied by its code
   * (`issues`, with the ids to give them): one statement. A gift card keeps what is left. Each voucher is
   * marked used by a purchase for good, which a cancellation giving it back does not undo.
   */
  async redeem(
    uses: VoucherUse[],
    issues: VoucherIssue[],
    purchase: { customerId: string; at: Date; storeId: string },
    manager: EntityManager,
  ): Promise<void> {
    if (uses.length === 0 && issues.length === 0) return;
    await preparedQuery(
      manager,
      'vouchers-redeem',
      `WITH used AS (
         UPDATE vouchers v
            SET applied_at = CASE WHEN u.balance_left IS NULL OR u.balance_left::numeric <= 0 THEN $1::timestamptz END,
                store_id = $2, current_balance = coalesce(u.balance_left::numeric, v.current_balance), used_by_purchase = true,
                last_change = now()
           FROM unnest($3::varchar[], $4::text[]) AS u(id, balance_left)
          WHERE v.voucher_id = u.id)
       INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, store_id, applied_at, valid_from, valid_to, note, points_cost, point_type_id,
                             used_by_purchase)
       SELECT i.id, i.reward_id, $5, i.code, $2, $1::timestamptz, $1::timestamptz, NULL, i.note, i.points_cost::numeric, i.point_type_id, true
         FROM unnest($6::varchar[], $7::varchar[], $8::text[], $9::text[], $10::text[], $11::varchar[])
              AS i(id, reward_id, code, note, points_cost, point_type_id)`,
      [
        purchase.at,
        purchase.storeId,
        uses.map((use) => use.voucherId),
        uses.map((use) => use.balanceLeft),
        purchase.customerId,
        issues.map((issue) => issue.voucherId),
        issues.map((issue) => issue.reward.id),
        issues.map(() => generateVoucherCode()),
        issues.map((issue) => `Applied at purchase with reward code ${issue.reward.code}`),
        issues.map((issue) => issue.reward.pointsCost),
        issues.map((issue) => issue.pointTypeId),
      ],
    );
  }

  /**
   * Gives a cancelled purchase's vouchers back, in one statement: not applied, and a gift card's balance
   * restored. A voucher the purchase itself issued for a reward that cost nothing stays used: the customer
   * paid nothing for it, and the reward applies again by its code or its own rules. Each voucher given
   * back writes `voucher_restored` in the same statement.
   */
  async restore(
    links: { voucherId: string; balanceUsed: string | null; issuedByPurchase: boolean }[],
    cancellation: { purchaseId: string; canceledPurchaseId: string },
    manager: EntityManager,
  ): Promise<void> {
    if (links.length === 0) return;
    await manager.query(
      `WITH restored AS (
         UPDATE vouchers v SET applied_at = NULL, store_id = NULL, last_change = now(),
                current_balance = CASE WHEN l.balance_used IS NULL THEN v.current_balance
                                       ELSE least(v.current_balance + l.balance_used::numeric, v.original_balance) END
           FROM unnest($1::varchar[], $2::text[], $3::boolean[], $4::varchar[]) AS l(id, balance_used, issued, event_id)
          WHERE v.voucher_id = l.id AND NOT (l.issued AND v.points_cost = 0)
          RETURNING v.voucher_id, v.customer_id, v.current_balance, l.event_id)
       ${OUTBOX_INSERT_ROWS_SQL(
         `SELECT event_id, 'voucher_restored', customer_id, voucher_id, $5::text,
                 jsonb_build_object('voucher_id', voucher_id, 'purchase_id', $5::text, 'canceled_purchase_id', $6::text,
                                    'current_balance', current_balance::text)
            FROM restored`,
       )}`,
      [
        links.map((link) => link.voucherId),
        links.map((link) => link.balanceUsed),
        links.map((link) => link.issuedByPurchase),
        links.map(() => newId()),
        cancellation.purchaseId,
        cancellation.canceledPurchaseId,
      ],
    );
  }

  /**
   * The vouchers `codes` name, locked with `options.lock`, and the customer's segments among those any
   * reward names (a voucher's reward is known only once the voucher is read; with no codes, those of the
   * automated rewards): one statement, answering one row with null voucher columns when no voucher matches.
   */
  private async namedVouchers(
    codes: string[],
    options: { lock: boolean; customerId: string | null; automatedOn: string | null },
    rewards: RedeemableRewards,
    manager: EntityManager,
  ): Promise<NamedVoucherRow[]> {
    const automated = options.automatedOn === null ? [] : automatedRewardsOn(rewards, options.automatedOn);
    const segmentIds =
      options.customerId === null
        ? []
        : codes.length > 0
          ? rewards.segmentIds
          : [...new Set(automated.flatMap((reward) => reward.facts.segmentIds))];
    if (codes.length === 0 && segmentIds.length === 0) return [];
    return preparedQuery<NamedVoucherRow>(
      manager,
      options.lock ? 'vouchers-named-locked' : 'vouchers-named',
      `WITH named AS MATERIALIZED (
         SELECT voucher_id, reward_id, customer_id, code, value::text AS value, applied_at, valid_from, valid_to,
                current_balance::text AS current_balance
           FROM vouchers WHERE code = ANY($1::text[]) ORDER BY voucher_id ${options.lock ? 'FOR UPDATE' : ''})
       SELECT ARRAY(SELECT segment_id FROM (${customerSegmentIdsSql('$2')}) mine WHERE segment_id = ANY($3::varchar[])) AS member_of, named.*
         FROM (SELECT) AS one LEFT JOIN named ON true
        ORDER BY named.voucher_id`,
      [codes, options.customerId, segmentIds],
    );
  }
}
