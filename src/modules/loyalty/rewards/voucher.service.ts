import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { isUniqueViolation, newId, preparedQuery } from '@tessera/core';
import {
  Actor,
  CommonException,
  customerFilterInScope,
  customerInScope,
  ErrorProcessing,
  InvalidReason,
  optionalRequestDateTime,
  Page,
  PageRequest,
  RecordFailure,
  visibleRecord,
  writeBatch,
} from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { OUTBOX_INSERT_ROWS_SQL, writeOutboxEvent } from '../../../platform/outbox';
import { CustomerAccountService } from '../../customers';
import { SegmentService } from '../../segments';
import { EarningEffectHooks } from '../earning-effect.hooks';
import { POINT_SCALE, PointLedgerService } from '../point-ledger.service';
import { PointTypeService } from '../point-type.service';
import { unitsOf } from '../rules/decimal-amount';
import {
  ApplyVoucherBodyDto,
  CreateCustomVoucherBodyDto,
  CreateVoucherBodyDto,
  CustomerVoucherListQueryDto,
  GiftCardBalanceBodyDto,
  RewardVoucherQueryDto,
  VoucherBatchRecordDto,
  VoucherInputDto,
  VoucherListQueryDto,
} from './dto/voucher.dto';
import { RewardEntity } from './entities/reward.entity';
import { VoucherEntity } from './entities/voucher.entity';
import { PropertyRecordRow, RewardPropertyService } from './reward-property.service';
import { isRewardKind, RewardKind, SIMPLE_REWARD_KINDS } from './reward-type.service';
import { RedeemableReward, RedeemableRewardService } from './redeemable-reward.service';
import { RewardService } from './reward.service';
import { RewardsException, RewardsReason } from './rewards.exceptions';
import { generateVoucherCode } from './rules/reward-code';
import { voucherFacts, voucherRefusal } from './rules/voucher-usability';
import { voucherValidity } from './rules/voucher-validity';
import { wallClock } from './rules/wall-clock';
import { VoucherCriteria, VoucherRepository, VoucherView } from './voucher.repository';
import { StoreService } from '../../reference-data';

export type { VoucherView } from './voucher.repository';

export const VOUCHER_SORT_FIELDS = [
  'voucher_id',
  'customer_id',
  'store_id',
  'code',
  'value',
  'applied_date',
  'valid_from',
  'valid_to',
  'created_at',
  'last_change',
  'state',
] as const;
export type VoucherSortField = (typeof VOUCHER_SORT_FIELDS)[number];

/** Reward groups whose vouchers customers may obtain one by one: catalogue/coupon (1) and simple (4). */
const VOUCHER_REWARD_GROUPS = [1, 4];

/** A voucher another context gives a customer for free (a full stamp card, say), with the note it carries. */
export interface VoucherGrant {
  rewardId: string;
  customerId: string;
  note: string;
}

@Injectable()
export class VoucherService implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(VoucherEntity) private readonly vouchers: Repository<VoucherEntity>,
    private readonly voucherViews: VoucherRepository,
    private readonly rewards: RewardService,
    private readonly redeemableRewards: RedeemableRewardService,
    private readonly properties: RewardPropertyService,
    private readonly points: PointLedgerService,
    private readonly pointTypes: PointTypeService,
    private readonly stores: StoreService,
    private readonly customers: CustomerAccountService,
    private readonly segments: SegmentService,
    private readonly earningEffects: EarningEffectHooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An earning rule's reward voucher is a free grant, withdrawn while unused when its bill is cancelled. */
  onModuleInit(): void {
    this.earningEffects.issueVouchersWith(
      (grants, m) => this.grant(grants, m),
      (voucherIds, m) => this.withdrawUnusedGrants(voucherIds, m),
    );
  }

  // ---- reads ----

  async list(actor: Actor, filter: VoucherListQueryDto, page: PageRequest<VoucherSortField>): Promise<Page<VoucherView>> {
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const { items, total } = await this.voucherViews.findViewPage(
      { ...this.criteriaOf(filter), withServiceVouchers: filter.include_service_vouchers, customerId },
      page,
      this.output(!filter.without_stores),
    );
    return { items, total };
  }

  async listForCustomer(
    actor: Actor,
    requestedCustomerId: string,
    filter: CustomerVoucherListQueryDto,
    page: PageRequest<VoucherSortField>,
  ): Promise<Page<VoucherView>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    const { items, total, customerExists } = await this.voucherViews.findViewPage({ ...this.criteriaOf(filter), customerId }, page, {
      ...this.output(!filter.without_stores),
      ownerCustomerId: customerId,
    });
    if (!customerExists) throw CommonException.recordNotFound('customers', customerId);
    return { items, total };
  }

  async listForReward(
    actor: Actor,
    rewardId: string,
    filter: RewardVoucherQueryDto,
    page: PageRequest<VoucherSortField>,
  ): Promise<Page<VoucherView>> {
    await this.rewards.get(rewardId);
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const { items, total } = await this.voucherViews.findViewPage(
      { storeId: filter.store_id, rewardId, customerId },
      page,
      this.output(true),
    );
    return { items, total };
  }

  async get(actor: Actor, voucherId: string): Promise<VoucherView> {
    const view = await this.voucherViews.findView(voucherId, this.config.timeZone);
    return visibleRecord(actor, view, (found) => found.voucher.customerId, 'vouchers', voucherId);
  }

  /** A page of the named vouchers, for contexts that keep their own links to vouchers (a purchase's). */
  async describePage(voucherIds: string[], page: PageRequest<VoucherSortField>): Promise<Page<VoucherView>> {
    if (voucherIds.length === 0) return { items: [], total: 0 };
    const { items, total } = await this.voucherViews.findViewPage({ voucherIds, withServiceVouchers: true }, page, this.output(true));
    return { items, total };
  }

  async propertyRecords(actor: Actor, voucherId: string): Promise<Page<PropertyRecordRow>> {
    await this.visible(actor, voucherId);
    const items = await this.properties.records('voucher', [voucherId]);
    return { items, total: items.length };
  }

  async giftCardBalance(actor: Actor, input: GiftCardBalanceBodyDto): Promise<{ voucherId: string; current: string; original: string }> {
    if (input.voucher_id === undefined && input.code === undefined) {
      throw CommonException.invalid('voucher_id', InvalidReason.Required, 'voucher_id or code is required');
    }
    const voucher = await this.vouchers.findOne({
      where: input.voucher_id !== undefined ? { id: input.voucher_id } : { code: input.code },
      relations: { reward: { rewardType: true } },
    });
    const field = input.voucher_id !== undefined ? 'voucher_id' : 'code';
    const value = input.voucher_id ?? input.code;
    if (!voucher || (actor.kind === 'device' && voucher.customerId !== customerInScope(actor, undefined))) {
      throw CommonException.invalid(field, InvalidReason.NotFound, 'No voucher has this id or code', value);
    }
    if (!isRewardKind(voucher.reward.rewardType, RewardKind.GiftCard) || voucher.originalBalance === null) {
      throw CommonException.invalid(field, InvalidReason.NotAllowedValue, 'The voucher is not a gift card', value);
    }
    return { voucherId: voucher.id, current: voucher.currentBalance ?? '0', original: voucher.originalBalance };
  }

  // ---- writes ----

  /**
   * Issues a voucher of a catalogue/coupon or simple reward to a customer, paying the reward's points
   * cost from the customer's points in the same transaction.
   */
  async create(actor: Actor, rewardId: string, input: CreateVoucherBodyDto): Promise<string> {
    return this.issue(actor, rewardId, input, null);
  }

  /** A simple reward's voucher with a money value of its own. */
  async createCustom(actor: Actor, rewardId: string, input: CreateCustomVoucherBodyDto): Promise<string> {
    if (input.value <= 0)
      throw CommonException.invalid('value', InvalidReason.NotAllowedValue, 'The value must be above zero', input.value);
    return this.issue(actor, rewardId, input, input.value);
  }

  /**
   * PUT: every writable field is replaced; fields left out are cleared. A customer (Customer
   * interface) may change only the note: the fields that decide usability keep their stored values
   * when left out, and sending another value is refused, so a voucher cannot be un-applied or extended.
   */
  async replace(actor: Actor, voucherId: string, input: VoucherInputDto): Promise<void> {
    const customerId = customerInScope(actor, input.customer_id, 'voucher.customer_id');
    await this.dataSource.transaction(async (m) => {
      const voucher = await this.lockVisible(m, actor, voucherId);
      const next = {
        customerId,
        storeId: input.store_id ?? null,
        code: input.code ?? voucher.code,
        value: input.value === undefined ? null : String(input.value),
        appliedAt: optionalRequestDateTime(input.applied_date, 'voucher.applied_date', this.config.timeZone),
        validFrom: optionalRequestDateTime(input.valid_from, 'voucher.valid_from', this.config.timeZone),
        validTo: optionalRequestDateTime(input.valid_to, 'voucher.valid_to', this.config.timeZone),
      };
      if (actor.kind === 'device') {
        this.keepProtectedFields(input, voucher, next);
      } else {
        if (customerId !== voucher.customerId) {
          if (!voucher.reward.isPortable) {
            throw CommonException.invalid(
              'voucher.customer_id',
              InvalidReason.NotAllowedValue,
              'The reward of this voucher is not portable',
              customerId,
            );
          }
          await this.customers.requireCustomer(customerId, { field: 'voucher.customer_id' }, m);
        }
        if (input.store_id !== undefined) await this.stores.requireStore(input.store_id, 'voucher.store_id');
        if (next.code !== voucher.code) await this.requireFreeCode(m, next.code, 'voucher.code');
        if (next.validFrom && next.validTo && next.validFrom > next.validTo) {
          throw CommonException.invalid(
            'voucher.valid_to',
            InvalidReason.NotAllowedValue,
            'The validity ends before it starts',
            input.valid_to,
          );
        }
      }
      await m.update(VoucherEntity, { id: voucherId }, { ...next, note: input.note ?? null, lastChange: new Date() });
      // A voucher moved to another customer leaves one stream and enters the other: both have the event.
      for (const owner of new Set([voucher.customerId, customerId])) {
        await writeOutboxEvent(m, {
          type: 'voucher_updated',
          customerId: owner,
          externalId: voucherId,
          data: { voucher_id: voucherId, reward_id: voucher.rewardId, customer_id: customerId, previous_customer_id: voucher.customerId },
        });
      }
    });
  }

  private keepProtectedFields(
    input: VoucherInputDto,
    stored: VoucherEntity,
    next: {
      storeId: string | null;
      code: string;
      value: string | null;
      appliedAt: Date | null;
      validFrom: Date | null;
      validTo: Date | null;
    },
  ): void {
    // Datetimes travel in whole seconds, so an echoed record compares at that resolution.
    const same = (a: unknown, b: unknown) =>
      a instanceof Date && b instanceof Date
        ? Math.floor(a.getTime() / 1000) === Math.floor(b.getTime() / 1000)
        : a === b || (a !== null && b !== null && Number(a) === Number(b));
    const fields = [
      ['store_id', 'storeId', input.store_id],
      ['code', 'code', input.code],
      ['value', 'value', input.value],
      ['applied_date', 'appliedAt', input.applied_date],
      ['valid_from', 'validFrom', input.valid_from],
      ['valid_to', 'validTo', input.valid_to],
    ] as const;
    for (const [name, key, sent] of fields) {
      if (sent !== undefined && !same(next[key], stored[key])) {
        throw CommonException.invalid(`voucher.${name}`, InvalidReason.NotAllowedValue, `A customer cannot change ${name}`, sent);
      }
      (next as Record<string, unknown>)[key] = stored[key];
    }
  }

  /**
   * Deletes a voucher not applied yet, giving back the points it cost, in one transaction. One a purchase
   * used stays even when a cancellation gave it back: that purchase still names it.
   */
  async delete(actor: Actor, voucherId: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const voucher = await this.lockVisible(m, actor, voucherId);
      const partlyUsed = voucher.originalBalance !== null && voucher.currentBalance !== voucher.originalBalance;
      if (voucher.appliedAt !== null || partlyUsed || voucher.usedByPurchase) throw RewardsException.voucherInUse(voucherId);
      const cost = unitsOf(voucher.pointsCost, POINT_SCALE) ?? 0n;
      if (cost > 0n) {
        await this.points.addPoints(
          {
            customerId: voucher.customerId,
            amount: cost,
            pointTypeId: voucher.pointTypeId ?? undefined,
            note: `Voucher ${voucher.code} deleted`,
            extendedData: { voucher_id: voucher.id, reward_id: voucher.rewardId },
          },
          m,
        );
      }
      await m.delete(VoucherEntity, { id: voucherId });
      await writeOutboxEvent(m, {
        type: 'voucher_deleted',
        customerId: voucher.customerId,
        externalId: voucherId,
        data: { voucher_id: voucherId, reward_id: voucher.rewardId, points_returned: voucher.pointsCost },
      });
    });
  }

  /** Marks a voucher applied; the row lock makes concurrent applications apply it once. */
  async apply(actor: Actor, voucherId: string, input: ApplyVoucherBodyDto): Promise<void> {
    const appliedAt = optionalRequestDateTime(input.date_applied, 'date_applied', this.config.timeZone) as Date;
    await this.dataSource.transaction(async (m) => {
      const voucher = await this.lockVisible(m, actor, voucherId);
      if (input.store_id !== undefined) await this.stores.requireStore(input.store_id, 'store_id');
      // The same facts purchase closure applies the voucher by, so both refuse alike.
      const { facts } = (await this.redeemableRewards.covering([voucher.rewardId])).byId.get(voucher.rewardId) as RedeemableReward;
      const memberOf = await this.segments.segmentIdsOf(voucher.customerId, facts.segmentIds, m);
      const refusal = voucherRefusal(voucherFacts(voucher), facts, {
        at: appliedAt,
        timeZone: this.config.timeZone,
        storeId: input.store_id,
        customerSegmentIds: memberOf,
      });
      if (refusal) throw RewardsException.voucherRefused('voucher_id', voucherId, refusal);
      // A gift card applied as a whole is spent: its balance drops to zero.
      await m.update(
        VoucherEntity,
        { id: voucherId },
        {
          appliedAt,
          storeId: input.store_id ?? voucher.storeId,
          currentBalance: voucher.originalBalance === null ? null : '0',
          lastChange: new Date(),
        },
      );
      await writeOutboxEvent(m, {
        type: 'voucher_applied',
        customerId: voucher.customerId,
        externalId: voucherId,
        data: { voucher_id: voucherId, reward_id: voucher.rewardId, store_id: input.store_id ?? voucher.storeId },
      });
    });
  }

  /**
   * Issues free vouchers in the caller's transaction as create-voucher issues them (generated code,
   * validity from the reward, gift cards at the reward's value), charging no points: one statement reads
   * the rewards, one inserts the vouchers with their `voucher_issued` events. A grant whose reward can no
   * longer be issued (not active, past its last day, not a catalogue/coupon or simple reward) gets null
   * instead of an id.
   */
  async grant(grants: VoucherGrant[], m: EntityManager): Promise<(string | null)[]> {
    if (grants.length === 0) return [];
    const rewardIds = [...new Set(grants.map((grant) => grant.rewardId))];
    const rewards = new Map(
      (await m.getRepository(RewardEntity).find({ where: { id: In(rewardIds) }, relations: { rewardType: true } })).map((reward) => [
        reward.id,
        reward,
      ]),
    );
    const issuedAt = wholeSecondsNow();
    const today = wallClock(issuedAt, this.config.timeZone).date;
    const rows: (Pick<VoucherEntity, 'id' | 'rewardId' | 'customerId' | 'code' | 'validFrom' | 'validTo' | 'note' | 'originalBalance'> & {
      eventId: string;
    })[] = [];
    const ids = grants.map((grant) => {
      const reward = rewards.get(grant.rewardId);
      if (reward === undefined || issueRefusal(reward, false, today) !== null) return null;
      const validity = this.validityOf(reward, issuedAt);
      const giftCardValue = isRewardKind(reward.rewardType, RewardKind.GiftCard) ? reward.rewardTypeValue : null;
      const id = newId();
      rows.push({
        id,
        rewardId: reward.id,
        customerId: grant.customerId,
        code: generateVoucherCode(),
        validFrom: validity.from,
        validTo: validity.to,
        note: grant.note,
        originalBalance: giftCardValue,
        eventId: newId(),
      });
      return id;
    });
    if (rows.length === 0) return ids;
    // Each voucher's `voucher_issued` event rides in the statement that issues it.
    await preparedQuery(
      m,
      'vouchers-grant',
      `WITH granted AS (
         INSERT INTO vouchers (voucher_id, reward_id, customer_id, code, valid_from, valid_to, note, points_cost, original_balance, current_balance)
         SELECT g.id, g.reward_id, g.customer_id, g.code, g.valid_from, g.valid_to, g.note, 0, g.balance::numeric, g.balance::numeric
           FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::text[], $5::timestamptz[], $6::timestamptz[], $7::text[], $8::text[])
                AS g(id, reward_id, customer_id, code, valid_from, valid_to, note, balance))
       ${OUTBOX_INSERT_ROWS_SQL(
         `SELECT g.event_id, 'voucher_issued', g.customer_id, g.id, NULL::text,
                 jsonb_build_object('voucher_id', g.id, 'reward_id', g.reward_id, 'code', g.code, 'points_cost', '0')
            FROM unnest($1::varchar[], $2::varchar[], $3::varchar[], $4::text[], $9::varchar[]) AS g(id, reward_id, customer_id, code, event_id)`,
       )}`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.rewardId),
        rows.map((row) => row.customerId),
        rows.map((row) => row.code),
        rows.map((row) => row.validFrom),
        rows.map((row) => row.validTo),
        rows.map((row) => row.note),
        rows.map((row) => row.originalBalance),
        rows.map((row) => row.eventId),
      ],
    );
    return ids;
  }

  /**
   * Why `grant` could never issue vouchers of the reward, for a definition naming it (a stamp card's):
   * no reward has this id, or it is not an active catalogue/coupon or simple reward. Null when it can,
   * as long as the reward is valid.
   */
  async grantRefusal(rewardId: string, m: EntityManager): Promise<{ reason: InvalidReason; message: string } | null> {
    const reward = await m.findOne(RewardEntity, { where: { id: rewardId } });
    if (!reward) return { reason: InvalidReason.NotFound, message: 'No reward has this id' };
    if (reward.state !== 1 || !VOUCHER_REWARD_GROUPS.includes(reward.rewardGroup)) {
      return { reason: InvalidReason.NotAllowedValue, message: 'The reward must be an active catalogue/coupon (1) or simple (4) reward' };
    }
    return null;
  }

  /**
   * Deletes those of the granted (free) vouchers that were never used, each with its `voucher_deleted`
   * event in the same statement; answers the ids it deleted. A voucher a purchase used counts as used even
   * when that purchase was cancelled and gave it back.
   */
  async withdrawUnusedGrants(voucherIds: string[], m: EntityManager): Promise<string[]> {
    if (voucherIds.length === 0) return [];
    const deleted: { voucher_id: string }[] = await m.query(
      `WITH withdrawn AS (
         DELETE FROM vouchers v USING unnest($1::varchar[], $2::varchar[]) AS w(id, event_id)
          WHERE v.voucher_id = w.id AND v.applied_at IS NULL AND v.points_cost = 0
            AND v.original_balance IS NOT DISTINCT FROM v.current_balance AND NOT v.used_by_purchase
         RETURNING v.voucher_id, v.reward_id, v.customer_id, w.event_id),
       events AS (
         ${OUTBOX_INSERT_ROWS_SQL(
           `SELECT event_id, 'voucher_deleted', customer_id, voucher_id, NULL::text,
                   jsonb_build_object('voucher_id', voucher_id, 'reward_id', reward_id, 'points_returned', '0')
              FROM withdrawn`,
         )})
       SELECT voucher_id FROM withdrawn`,
      [voucherIds, voucherIds.map(() => newId())],
    );
    return deleted.map((row) => row.voucher_id);
  }

  /**
   * POST /vouchers/batch: imports vouchers issued elsewhere, so no points are charged. Mode 1 writes
   * all records or none; mode 2 writes each valid record on its own and reports the others by index.
   */
  batch(records: VoucherBatchRecordDto[], mode: ErrorProcessing): Promise<RecordFailure[]> {
    return writeBatch(this.dataSource, records, mode, (record, index, m) => this.importRecord(m, record, `vouchers.${index}`));
  }

  // ---- internals ----

  private async issue(actor: Actor, rewardId: string, input: CreateVoucherBodyDto, customValue: number | null): Promise<string> {
    const customerId = customerInScope(actor, input.customer_id);
    return this.dataSource.transaction(async (m) => {
      const reward = await this.rewards.get(rewardId, m);
      const refusal = issueRefusal(reward, customValue !== null, wallClock(new Date(), this.config.timeZone).date);
      if (refusal !== null) throw RewardsException.rewardKindNotAllowed(reward.id, refusal);
      await this.customers.requireCustomer(customerId, { field: 'customer_id' }, m);
      await this.requireSegmentMember(m, reward.id, customerId);
      let code = input.code;
      if (code === undefined) {
        if (reward.voucherCodeGenerationPreference === 'M') {
          throw CommonException.invalid('code', InvalidReason.Required, 'This reward takes voucher codes from the caller');
        }
        code = generateVoucherCode();
      } else {
        await this.requireFreeCode(m, code, 'code');
      }
      const validity = this.validityOf(reward, wholeSecondsNow());
      const cost = unitsOf(reward.pointsCost, POINT_SCALE) ?? 0n;
      const voucherId = newId();
      const pointTypeId = cost > 0n ? await this.pointTypes.resolve(undefined, 'point_type_id') : null;
      if (cost > 0n) {
        await this.points.deductPoints(
          {
            customerId,
            amount: cost,
            pointTypeId: pointTypeId ?? undefined,
            note: `Voucher ${code} of reward ${reward.code}`,
            extendedData: { voucher_id: voucherId, reward_id: reward.id },
            shortfall: { field: 'customer_id', reason: RewardsReason.NotEnoughPointsForVoucher },
          },
          m,
        );
      }
      const giftCardValue = isRewardKind(reward.rewardType, RewardKind.GiftCard)
        ? (customValue?.toString() ?? reward.rewardTypeValue)
        : null;
      try {
        await m.insert(VoucherEntity, {
          id: voucherId,
          rewardId: reward.id,
          customerId,
          code,
          value: customValue === null ? null : String(customValue),
          validFrom: validity.from,
          validTo: validity.to,
          note: input.note ?? null,
          pointsCost: reward.pointsCost,
          pointTypeId,
          originalBalance: giftCardValue,
          currentBalance: giftCardValue,
        });
      } catch (error) {
        throw this.duplicateCode(error, code, 'code');
      }
      await writeOutboxEvent(m, {
        type: 'voucher_issued',
        customerId,
        externalId: voucherId,
        data: { voucher_id: voucherId, reward_id: reward.id, code, points_cost: reward.pointsCost },
      });
      return voucherId;
    });
  }

  private async importRecord(m: EntityManager, record: VoucherBatchRecordDto, prefix: string): Promise<void> {
    const field = (name: string) => `${prefix}.${name}`;
    const reward = await m.getRepository(RewardEntity).findOne({ where: { id: record.reward_id }, relations: { rewardType: true } });
    if (!reward) throw CommonException.invalid(field('reward_id'), InvalidReason.NotFound, 'No reward has this id', record.reward_id);
    await this.customers.requireCustomer(record.customer_id, { field: field('customer_id') }, m);
    if (record.store_id !== undefined) await this.stores.requireStore(record.store_id, field('store_id'));
    const code = record.code ?? generateVoucherCode();
    if (record.code !== undefined) await this.requireFreeCode(m, code, field('code'));
    const appliedAt = optionalRequestDateTime(record.applied_date, field('applied_date'), this.config.timeZone);
    const computed = this.validityOf(reward, wholeSecondsNow());
    const validFrom = optionalRequestDateTime(record.valid_from, field('valid_from'), this.config.timeZone) ?? computed.from;
    const validTo =
      record.valid_to === undefined ? computed.to : optionalRequestDateTime(record.valid_to, field('valid_to'), this.config.timeZone);
    if (validTo !== null && validFrom > validTo) {
      throw CommonException.invalid(
        field('valid_to'),
        InvalidReason.NotAllowedValue,
        'The validity ends before it starts',
        record.valid_to,
      );
    }
    const giftCardValue = isRewardKind(reward.rewardType, RewardKind.GiftCard)
      ? (record.value?.toString() ?? reward.rewardTypeValue)
      : null;
    const voucherId = newId();
    try {
      await m.insert(VoucherEntity, {
        id: voucherId,
        rewardId: reward.id,
        customerId: record.customer_id,
        code,
        value: record.value === undefined ? null : String(record.value),
        storeId: record.store_id ?? null,
        appliedAt,
        validFrom,
        validTo,
        note: record.note ?? null,
        originalBalance: giftCardValue,
        currentBalance: giftCardValue === null ? null : appliedAt ? '0' : giftCardValue,
      });
    } catch (error) {
      throw this.duplicateCode(error, code, field('code'));
    }
    await writeOutboxEvent(m, {
      type: 'voucher_issued',
      customerId: record.customer_id,
      externalId: voucherId,
      data: { voucher_id: voucherId, reward_id: reward.id, code, points_cost: '0' },
    });
  }

  /** A reward limited to segments is issued only to customers in one of them. */
  private async requireSegmentMember(m: EntityManager, rewardId: string, customerId: string): Promise<void> {
    const limitedTo: { segment_id: string }[] = await m.query(`SELECT segment_id FROM reward_segments WHERE reward_id = $1`, [rewardId]);
    if (limitedTo.length === 0) return;
    const memberOf = await this.segments.segmentIdsOf(
      customerId,
      limitedTo.map((row) => row.segment_id),
      m,
    );
    if (memberOf.length === 0) {
      throw CommonException.invalid(
        'customer_id',
        InvalidReason.NotAllowedValue,
        'The reward is only for customers of its segments',
        customerId,
      );
    }
  }

  /** The validity window of a voucher of `reward` issued at `issuedAt`. */
  private validityOf(reward: RewardEntity, issuedAt: Date): { from: Date; to: Date | null } {
    return voucherValidity(
      {
        mode: reward.voucherValidity as never,
        value: reward.voucherValidityValue,
        rewardValidFrom: reward.validFrom,
        rewardValidTo: reward.validTo,
      },
      issuedAt,
      this.config.timeZone,
    );
  }

  private criteriaOf(filter: CustomerVoucherListQueryDto): VoucherCriteria {
    return {
      code: filter.code,
      storeId: filter.store_id,
      isValid: filter.is_valid,
      isApplied: filter.is_applied,
      rewardIds: filter.reward_id,
    };
  }

  private output(withStores: boolean): { withStores: boolean; timeZone: string } {
    return { withStores, timeZone: this.config.timeZone };
  }

  /** The voucher, or 404 when it does not exist or (on the Customer interface) is another customer's. */
  private async visible(actor: Actor, voucherId: string): Promise<VoucherEntity> {
    const voucher = await this.vouchers.findOne({ where: { id: voucherId }, relations: { reward: { rewardType: true } } });
    return this.checkVisible(actor, voucherId, voucher);
  }

  private async lockVisible(m: EntityManager, actor: Actor, voucherId: string): Promise<VoucherEntity> {
    const locked = await m.getRepository(VoucherEntity).findOne({ where: { id: voucherId }, lock: { mode: 'pessimistic_write' } });
    if (locked) locked.reward = await this.rewards.get(locked.rewardId, m);
    return this.checkVisible(actor, voucherId, locked);
  }

  private checkVisible(actor: Actor, voucherId: string, voucher: VoucherEntity | null): VoucherEntity {
    return visibleRecord(actor, voucher, (record) => record.customerId, 'vouchers', voucherId);
  }

  private async requireFreeCode(m: EntityManager, code: string, field: string): Promise<void> {
    if (await m.getRepository(VoucherEntity).exists({ where: { code } })) {
      throw CommonException.invalid(field, InvalidReason.AlreadyExists, 'Another voucher has this code', code);
    }
  }

  /** A concurrent insert of the same code loses on the unique index: report it like the pre-check does. */
  private duplicateCode(error: unknown, code: string, field: string): unknown {
    if (isUniqueViolation(error)) {
      return CommonException.invalid(field, InvalidReason.AlreadyExists, 'Another voucher has this code', code);
    }
    return error;
  }
}

/**
 * Why vouchers of `reward` cannot be issued one by one on `today` (`custom`: as custom vouchers), or
 * null when they can.
 */
function issueRefusal(reward: RewardEntity, custom: boolean, today: string): string | null {
  if (reward.state !== 1) return 'The reward is not active';
  if (custom) {
    if (reward.rewardGroup !== 4 || !SIMPLE_REWARD_KINDS.includes(reward.rewardType.kind)) {
      return 'Custom vouchers exist only for simple rewards';
    }
  } else if (!VOUCHER_REWARD_GROUPS.includes(reward.rewardGroup)) {
    return 'Vouchers are issued here only for catalogue/coupon and simple rewards';
  }
  if (reward.validTo !== null && reward.validTo < today) return 'The reward is no longer valid';
  return null;
}

/** Now in whole seconds, as requests and responses carry them: a POS applying a voucher within the same second must not be early. */
function wholeSecondsNow(): Date {
  return new Date(Math.floor(Date.now() / 1000) * 1000);
}
