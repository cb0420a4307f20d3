import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { newId } from '@tessera/core';
import { RewardEntity } from './entities/reward.entity';
import { VoucherEntity } from './entities/voucher.entity';
import { RewardService } from './reward.service';
import { generateVoucherCode } from './rules/reward-code';
import { RewardFacts, VoucherFacts, voucherFacts } from './rules/voucher-usability';

/** A reward as purchase closure applies it. Amounts are numeric text. */
export interface RedeemableReward {
  id: string;
  code: string;
  names: Record<string, string>;
  rewardGroup: number;
  /** The reward type's text id: what kind of discount it gives. */
  kind: string;
  typeValue: string | null;
  maximumDiscountValue: string | null;
  pointsCost: string;
  isAutomated: boolean;
  priority: number | null;
  validTimeFrom: string | null;
  validTimeTo: string | null;
  globalReward: boolean;
  partnerId: string | null;
  state: number;
  facts: RewardFacts;
}

/** A voucher locked for a purchase, with what the usability rules need. */
export interface RedeemableVoucher {
  id: string;
  code: string;
  /** A custom voucher's own money value, overriding the reward's. */
  value: string | null;
  facts: VoucherFacts;
  reward: RedeemableReward;
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
    private readonly rewards: RewardService,
  ) {}

  /**
   * The vouchers and rewards named by `codes`. With `lock`, the vouchers are locked (in id order, so two
   * purchases naming the same vouchers queue instead of deadlocking) until the caller's transaction ends.
   */
  async byCodes(
    codes: string[],
    lock: boolean,
    manager?: EntityManager,
  ): Promise<{ vouchers: Map<string, RedeemableVoucher>; rewards: Map<string, RedeemableReward> }> {
    const m = manager ?? this.dataSource.manager;
    const unique = [...new Set(codes)];
    if (unique.length === 0) return { vouchers: new Map(), rewards: new Map() };
    const query = m
      .getRepository(VoucherEntity)
      .createQueryBuilder('v')
      .where('v.code = ANY(:codes)', { codes: unique })
      .orderBy('v.voucher_id');
    if (lock) query.setLock('pessimistic_write');
    return this.redeemable(await query.getMany(), unique, m);
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
    const m = this.dataSource.manager;
    const query = this.validRewards(today, m);
    if (!includeAutomated) query.andWhere('r.is_automated = false');
    const rewards = await this.redeemableRewards(await query.getMany(), m);
    if (customerId === null) return { rewards, vouchers: [] };
    const voucherRows = await m
      .getRepository(VoucherEntity)
      .createQueryBuilder('v')
      .where('v.customer_id = :customerId AND v.applied_at IS NULL AND v.state = 1', { customerId })
      .andWhere('(v.valid_to IS NULL OR v.valid_to > now()) AND (v.current_balance IS NULL OR v.current_balance > 0)')
      .orderBy('v.created_at')
      .addOrderBy('v.voucher_id')
      .limit(1000)
      .getMany();
    return { rewards, vouchers: [...(await this.redeemable(voucherRows, [], m)).vouchers.values()] };
  }

  /**
   * Rewards that apply to a purchase by themselves on `today`: automated discounts of groups 0 and 2
   * that cost no points (spending points needs the customer's consent, given by sending the code).
   */
  async automated(today: string, manager: EntityManager): Promise<RedeemableReward[]> {
    const rewards = await this.validRewards(today, manager)
      .andWhere('r.is_automated AND r.reward_group IN (0, 2) AND r.points_cost = 0')
      .getMany();
    return this.redeemableRewards(rewards, manager);
  }

  /** Marks a voucher used by a purchase; a gift card keeps `balanceLeft` and counts as used when it is zero. */
  async markUsed(voucherId: string, use: { at: Date; storeId: string; balanceLeft: string | null }, manager: EntityManager): Promise<void> {
    const spent = use.balanceLeft === null || Number(use.balanceLeft) <= 0;
    await manager.update(
      VoucherEntity,
      { id: voucherId },
      {
        appliedAt: spent ? use.at : null,
        storeId: use.storeId,
        ...(use.balanceLeft === null ? {} : { currentBalance: use.balanceLeft }),
        lastChange: new Date(),
      },
    );
  }

  /** A voucher of `reward` issued to the customer and used at once, for a reward applied by its code. */
  async issueUsed(
    reward: RedeemableReward,
    customerId: string,
    use: { at: Date; storeId: string; pointTypeId: string | null },
    manager: EntityManager,
  ): Promise<string> {
    const id = newId();
    await manager.insert(VoucherEntity, {
      id,
      rewardId: reward.id,
      customerId,
      code: generateVoucherCode(),
      storeId: use.storeId,
      appliedAt: use.at,
      validFrom: use.at,
      validTo: null,
      note: `Applied at purchase with reward code ${reward.code}`,
      pointsCost: reward.pointsCost,
      pointTypeId: use.pointTypeId,
    });
    return id;
  }

  /**
   * Gives a voucher back after its purchase was cancelled: not applied, and a gift card's balance restored.
   * A voucher the purchase itself issued for a reward that cost nothing stays used: the customer paid
   * nothing for it, and the reward applies again by its code or its own rules.
   */
  async restore(voucherId: string, balanceUsed: string | null, issuedByPurchase: boolean, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE vouchers SET applied_at = NULL, store_id = NULL, last_change = now(),
              current_balance = CASE WHEN $2::numeric IS NULL THEN current_balance ELSE least(current_balance + $2::numeric, original_balance) END
        WHERE voucher_id = $1 AND NOT ($3 AND points_cost = 0)`,
      [voucherId, balanceUsed, issuedByPurchase],
    );
  }

  /** Active rewards valid on `today`, with their type, in the order a checkout offers them. */
  private validRewards(today: string, manager: EntityManager): SelectQueryBuilder<RewardEntity> {
    return manager
      .getRepository(RewardEntity)
      .createQueryBuilder('r')
      .innerJoinAndSelect('r.rewardType', 'rt')
      .where('r.state = 1 AND (r.valid_from IS NULL OR r.valid_from <= :today) AND (r.valid_to IS NULL OR r.valid_to >= :today)', { today })
      .orderBy('r.priority', 'ASC', 'NULLS LAST')
      .addOrderBy('r.code');
  }

  /** The vouchers with their rewards, and the rewards named by `rewardCodes`, keyed by code. */
  private async redeemable(
    voucherRows: VoucherEntity[],
    rewardCodes: string[],
    m: EntityManager,
  ): Promise<{ vouchers: Map<string, RedeemableVoucher>; rewards: Map<string, RedeemableReward> }> {
    const wanted = [
      ...(rewardCodes.length ? [{ code: In(rewardCodes) }] : []),
      ...(voucherRows.length ? [{ id: In(voucherRows.map((v) => v.rewardId)) }] : []),
    ];
    // An empty `where` list would match every reward.
    const rewardRows =
      wanted.length === 0 ? [] : await m.getRepository(RewardEntity).find({ where: wanted, relations: { rewardType: true } });
    const rewardById = new Map((await this.redeemableRewards(rewardRows, m)).map((reward) => [reward.id, reward]));
    const vouchers = new Map(
      voucherRows.map((voucher): [string, RedeemableVoucher] => [
        voucher.code,
        {
          id: voucher.id,
          code: voucher.code,
          value: voucher.value,
          facts: voucherFacts(voucher),
          reward: rewardById.get(voucher.rewardId) as RedeemableReward,
        },
      ]),
    );
    const rewards = new Map(
      [...rewardById.values()].filter((reward) => rewardCodes.includes(reward.code)).map((reward) => [reward.code, reward]),
    );
    return { vouchers, rewards };
  }

  private async redeemableRewards(rewards: RewardEntity[], manager: EntityManager): Promise<RedeemableReward[]> {
    if (rewards.length === 0) return [];
    const facts = await this.rewards.factsOf(rewards, manager);
    return rewards.map((reward) => ({
      id: reward.id,
      code: reward.code,
      names: reward.names,
      rewardGroup: reward.rewardGroup,
      kind: reward.rewardType.textId,
      typeValue: reward.rewardTypeValue,
      maximumDiscountValue: reward.maximumDiscountValue,
      pointsCost: reward.pointsCost,
      isAutomated: reward.isAutomated,
      priority: reward.priority,
      validTimeFrom: reward.validTimeFrom,
      validTimeTo: reward.validTimeTo,
      globalReward: reward.globalReward,
      partnerId: reward.partnerId,
      state: reward.state,
      facts: facts.get(reward.id) as RewardFacts,
    }));
  }
}
