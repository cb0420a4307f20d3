import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { fetchPage, inTransaction, likePattern, newId, within, preparedQuery } from '@tessera/core';
import {
  Actor,
  CommonException,
  customerFilterInScope,
  customerInScope,
  InvalidReason,
  optionalRequestDateTime,
  Page,
  PageRequest,
  visibleRecord,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { OUTBOX_INSERT_SQL, OutboxEvent, writeOutboxEvent } from '../../platform/outbox';
import { CustomerAccountService } from '../customers';
import { PartnerService } from '../reference-data';
import {
  PointHistoryQueryDto,
  PointListQueryDto,
  PointMovementBodyDto,
  SynchronizePointsBodyDto,
  TransferPointsBodyDto,
} from './dto/points.dto';
import { PointHistoryEntity } from './entities/point-history.entity';
import { PointEntity } from './entities/point.entity';
import { applyDeductions, LedgerTable, LockedRecord, lockBalance } from './ledger-records';
import { LoyaltyException } from './loyalty.exceptions';
import { PointGainHooks } from './point-gain.hooks';
import { PointTypeService } from './point-type.service';
import { decimalText, nonNegativeAmountUnits, positiveAmountUnits, unitsOf } from './rules/decimal-amount';
import { planDeductions, totalAvailable } from './rules/ledger-consumption';

/** Points are kept with two decimals. */
export const POINT_SCALE = 2;

/** The movement names history shows (and `point_operation_type` searches). */
export enum PointOperation {
  Addition = 'Points addition',
  Reduction = 'Points reduction',
  TransferOut = 'Points transfer out',
  TransferIn = 'Points transfer in',
  Synchronization = 'Points synchronization',
  Expiration = 'Points expiration',
}

export const POINT_SORT_FIELDS = [
  'point_id',
  'customer_id',
  'assigned_points',
  'available_points',
  'point_type_id',
  'partner_id',
  'valid_to',
  'state',
  'created_at',
  'note',
] as const;
export type PointSortField = (typeof POINT_SORT_FIELDS)[number];

export const POINT_HISTORY_SORT_FIELDS = [
  'customer_id',
  'point_amount',
  'point_operation_type',
  'point_operation_note',
  'point_type_id',
  'partner_id',
  'store_id',
  'point_history_record_time',
] as const;
export type PointHistorySortField = (typeof POINT_HISTORY_SORT_FIELDS)[number];

/** A movement onto a customer's points: a new collection record. */
export interface PointCreditEntry {
  customerId: string;
  /** In hundredths of a point (see POINT_SCALE). */
  amount: bigint;
  pointTypeId?: string;
  partnerId?: string;
  storeId?: string | null;
  validTo?: Date | null;
  note?: string | null;
  operation?: string;
  extendedData?: Record<string, unknown>;
  /**
   * The outbox event the movement writes: `points_earned` for an addition and `points_spent` for a
   * deduction unless given, with the movement's extended data (the purchase or voucher behind it) unless `data` is.
   */
  event?: { type: 'points_transferred'; data: Record<string, unknown> };
}

/** A movement off a customer's points: spends the oldest valid points first. */
export interface PointDebitEntry extends Omit<PointCreditEntry, 'validTo'> {
  /** How a shortfall is reported: the request field and reason (a voucher purchase names its own). */
  shortfall?: { field: string; reason: string };
  /**
   * Takes points even when point reservations hold them: for reversals, since a hold protects points
   * from being spent twice, not from being taken back when they should never have been given.
   */
  overridesHolds?: boolean;
}

const POINTS_LEDGER: LedgerTable = { table: 'points', idColumn: 'point_id', availableColumn: 'available_points', scale: POINT_SCALE };

/** SQL condition over a `points` alias: the record still has points to spend and has not expired. */
export function spendablePointRecordSql(alias: string): string {
  return `${alias}.available_points > 0 AND ${alias}.state = 1 AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > now())`;
}

/** SQL giving, as numeric, the points of one type the customer's valid records still hold, held ones included. */
function pointBalanceSql(customerIdParam: string, pointTypeIdParam: string): string {
  return `(SELECT coalesce(sum(p.available_points), 0) FROM points p
            WHERE p.customer_id = ${customerIdParam} AND p.point_type_id = ${pointTypeIdParam} AND ${spendablePointRecordSql('p')})`;
}

/**
 * SQL giving, as numeric, the points of one type held by the customer's point reservations: active
 * ones whose expiration has not passed (an expired reservation simply stops counting).
 */
function heldPointsSql(customerIdParam: string, pointTypeIdParam: string): string {
  return `(SELECT coalesce(sum(quantity), 0) FROM point_reservations
            WHERE customer_id = ${customerIdParam} AND point_type_id = ${pointTypeIdParam} AND state = 1
              AND (expiration IS NULL OR expiration > now()))`;
}

/**
 * SQL giving, as numeric text, the points of one type the customer can spend now: the balance less the
 * held points, never below zero. The one definition of spendable points, for reads that need it beside
 * other facts in a single statement.
 */
export function spendablePointsSql(customerIdParam: string, pointTypeIdParam: string): string {
  return `greatest(${pointBalanceSql(customerIdParam, pointTypeIdParam)} - ${heldPointsSql(customerIdParam, pointTypeIdParam)}, 0)::text`;
}

/** A movement of the customer's points; the point record (`point_id`) tells the rest. */
const pointsMoved = (
  type: 'points_earned' | 'points_spent' | 'points_expired' | 'points_transferred',
  customerId: string,
  pointId: string,
  amount: bigint,
  extra: Record<string, unknown>,
): OutboxEvent => ({
  type,
  customerId,
  externalId: pointId,
  data: { point_id: pointId, customer_id: customerId, amount: decimalText(amount, POINT_SCALE), ...extra },
});

/** The event a ledger primitive writes for its movement of `amount` (hundredths) on record `pointId`. */
function movementEvent(
  entry: PointCreditEntry & { pointTypeId: string; partnerId: string },
  pointId: string,
  direction: 'points_earned' | 'points_spent',
): OutboxEvent {
  const data = entry.event?.data ?? { point_type_id: entry.pointTypeId, partner_id: entry.partnerId, ...entry.extendedData };
  return pointsMoved(entry.event?.type ?? direction, entry.customerId, pointId, entry.amount, data);
}

/**
 * The points ledger. Every write runs in one transaction (the caller's when a manager is passed), and
 * every deduction first locks the customer's spendable records of that point type, so concurrent
 * deductions queue on the same rows and can never spend a point twice or go below zero.
 */
@Injectable()
export class PointLedgerService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(PointEntity) private readonly points: Repository<PointEntity>,
    @InjectRepository(PointHistoryEntity) private readonly history: Repository<PointHistoryEntity>,
    private readonly types: PointTypeService,
    private readonly partners: PartnerService,
    private readonly customers: CustomerAccountService,
    private readonly gains: PointGainHooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  // ---- reads ----

  async list(actor: Actor, filter: PointListQueryDto, page: PageRequest<PointSortField>): Promise<Page<PointEntity>> {
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const query = this.points.createQueryBuilder('p');
    if (customerId !== undefined) query.andWhere('p.customer_id = :customerId', { customerId });
    if (filter.point_type_id) query.andWhere('p.point_type_id = :typeId', { typeId: filter.point_type_id });
    const from = optionalRequestDateTime(filter.create_point_time_from, 'create_point_time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.create_point_time_to, 'create_point_time_to', this.config.timeZone);
    if (from) query.andWhere('p.created_at >= :from', { from });
    if (to) query.andWhere('p.created_at <= :to', { to });
    return this.page(query, page);
  }

  async listForCustomer(
    actor: Actor,
    customerId: string,
    pointTypeId: string | undefined,
    page: PageRequest<PointSortField>,
  ): Promise<Page<PointEntity>> {
    customerInScope(actor, customerId);
    await this.customers.requireCustomer(customerId, { inPath: true });
    const query = this.points.createQueryBuilder('p').where('p.customer_id = :customerId', { customerId });
    if (pointTypeId) query.andWhere('p.point_type_id = :pointTypeId', { pointTypeId });
    return this.page(query, page);
  }

  async get(actor: Actor, pointId: string): Promise<PointEntity> {
    const point = await this.points.findOne({ where: { id: pointId } });
    return visibleRecord(actor, point, (record) => record.customerId, 'points', pointId);
  }

  /** The records with these ids, in the caller's transaction: what another context booked and may reverse. */
  async records(pointIds: string[], manager?: EntityManager): Promise<PointEntity[]> {
    if (pointIds.length === 0) return [];
    return within(this.points, manager).find({ where: { id: In(pointIds) }, order: { id: 'ASC' } });
  }

  /** A page of the named point records, for contexts that keep their own links to them (a purchase's). */
  async describePage(pointIds: string[], page: PageRequest<PointSortField>): Promise<Page<PointEntity>> {
    if (pointIds.length === 0) return { items: [], total: 0 };
    return this.page(this.points.createQueryBuilder('p').where('p.id = ANY(:pointIds)', { pointIds }), page);
  }

  async listHistory(
    actor: Actor,
    filter: PointHistoryQueryDto,
    page: PageRequest<PointHistorySortField>,
  ): Promise<Page<PointHistoryEntity>> {
    const customerId = customerInScope(actor, filter.customer_id);
    await this.customers.requireCustomer(customerId, { field: 'customer_id' });
    const query = this.history.createQueryBuilder('h').where('h.customer_id = :customerId', { customerId });
    if (filter.store_id) query.andWhere('h.store_id = :storeId', { storeId: filter.store_id });
    if (filter.partner_id) query.andWhere('h.partner_id = :partnerId', { partnerId: filter.partner_id });
    if (filter.point_type_id) query.andWhere('h.point_type_id = :typeId', { typeId: filter.point_type_id });
    const from = optionalRequestDateTime(filter.time_from, 'time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.time_to, 'time_to', this.config.timeZone);
    if (from) query.andWhere('h.recorded_at >= :from', { from });
    if (to) query.andWhere('h.recorded_at <= :to', { to });
    if (filter.point_operation_type) {
      query.andWhere('h.operation_type ILIKE :operation', { operation: likePattern(filter.point_operation_type) });
    }
    if (filter.point_operation_note) {
      query.andWhere('h.operation_note ILIKE :note', { note: likePattern(filter.point_operation_note) });
    }
    return fetchPage(
      query,
      page,
      {
        customer_id: 'h.customerId',
        point_amount: 'h.pointAmount',
        point_operation_type: 'h.operationType',
        point_operation_note: 'h.operationNote',
        point_type_id: 'h.pointTypeId',
        partner_id: 'h.partnerId',
        store_id: 'h.storeId',
        point_history_record_time: 'h.recordedAt',
      },
      'h.id',
      { defaultOrder: 'h.recordedAt', oneRowPerRecord: true },
    );
  }

  /** The points the customer's valid records hold, in hundredths, held points included (what a reversal may take back). */
  async balance(customerId: string, pointTypeId?: string, manager?: EntityManager): Promise<bigint> {
    const runner = manager ?? this.dataSource;
    const typeId = await this.types.resolve(pointTypeId, 'point_type_id');
    const rows: { total: string }[] = await runner.query(`SELECT ${pointBalanceSql('$1', '$2')}::text AS total`, [customerId, typeId]);
    return unitsOf(rows[0].total, POINT_SCALE) ?? 0n;
  }

  // ---- API actions ----

  /** In the caller's transaction when it passes one (an operator's adjustment with its audit row). */
  async assign(input: PointMovementBodyDto, outer?: EntityManager): Promise<string> {
    const amount = this.requestAmount(input.amount);
    return inTransaction(this.dataSource, outer, async (manager) => {
      await this.customers.requireCustomer(input.customer_id, { field: 'customer_id' }, manager);
      await this.partners.requirePartner(input.partner_id, 'partner_id', manager);
      if (input.point_type_id !== undefined) await this.types.requireActive(input.point_type_id, 'point_type_id');
      const pointId = await this.addPoints(
        { customerId: input.customer_id, amount, pointTypeId: input.point_type_id, partnerId: input.partner_id, note: input.note },
        manager,
      );
      await this.gains.gained(input.customer_id, manager);
      return pointId;
    });
  }

  async reduce(input: PointMovementBodyDto, outer?: EntityManager): Promise<string> {
    const amount = this.requestAmount(input.amount);
    return inTransaction(this.dataSource, outer, async (manager) => {
      await this.customers.requireCustomer(input.customer_id, { field: 'customer_id' }, manager);
      await this.partners.requirePartner(input.partner_id, 'partner_id', manager);
      return this.deductPoints(
        { customerId: input.customer_id, amount, pointTypeId: input.point_type_id, partnerId: input.partner_id, note: input.note },
        manager,
      );
    });
  }

  /** Both sides in one transaction: the receiver gets exactly what the giver lost, or nothing happens. */
  async transfer(actor: Actor, input: TransferPointsBodyDto): Promise<void> {
    const from = customerInScope(actor, input.original_customer_id, 'original_customer_id');
    const amount = this.requestAmount(input.amount);
    if (input.new_customer_id === from) {
      throw CommonException.invalid(
        'new_customer_id',
        InvalidReason.NotAllowedValue,
        'Points cannot be transferred to the same customer',
        input.new_customer_id,
      );
    }
    await this.dataSource.transaction(async (manager) => {
      await this.customers.requireCustomer(from, { field: 'original_customer_id' }, manager);
      await this.customers.requireCustomer(input.new_customer_id, { field: 'new_customer_id' }, manager);
      const pointTypeId = await this.types.resolve(input.point_type_id, 'point_type_id');
      const partnerId = await this.partners.defaultPartnerId(manager);
      // One event per side, each in its customer's stream, so each customer's subscribers see their own change.
      const transfer = { original_customer_id: from, new_customer_id: input.new_customer_id, point_type_id: pointTypeId };
      const base = { amount, pointTypeId, partnerId, note: input.note, event: { type: 'points_transferred' as const, data: transfer } };
      await this.deductPoints(
        { ...base, customerId: from, operation: PointOperation.TransferOut, extendedData: { new_customer_id: input.new_customer_id } },
        manager,
      );
      await this.addPoints(
        { ...base, customerId: input.new_customer_id, operation: PointOperation.TransferIn, extendedData: { original_customer_id: from } },
        manager,
      );
      await this.gains.gained(input.new_customer_id, manager);
    });
  }

  /** Brings the balance of the default point type to `amount`, recording the difference as one movement. */
  async synchronize(actor: Actor, input: SynchronizePointsBodyDto): Promise<void> {
    const customerId = customerInScope(actor, input.customer_id);
    const target = nonNegativeAmountUnits(input.amount, POINT_SCALE);
    if (target === null) {
      throw CommonException.invalid(
        'amount',
        InvalidReason.InvalidValueFormat,
        'amount must be zero or more, with at most two decimals',
        input.amount,
      );
    }
    await this.dataSource.transaction(async (manager) => {
      await this.customers.requireCustomer(customerId, { field: 'customer_id' }, manager);
      if (input.partner_id !== undefined) await this.partners.requirePartner(input.partner_id, 'partner_id', manager);
      const partnerId = input.partner_id ?? (await this.partners.defaultPartnerId(manager));
      const pointTypeId = await this.types.resolve(undefined, 'point_type_id');
      const spendable = await this.lockSpendable(manager, customerId, pointTypeId);
      // The target is the balance the other system knows, so holds neither count nor block it.
      const difference = target - totalAvailable(spendable);
      const entry = {
        customerId,
        pointTypeId,
        partnerId,
        note: input.note,
        operation: PointOperation.Synchronization,
        extendedData: { synchronized_to: decimalText(target, POINT_SCALE) },
      };
      if (difference > 0n) {
        await this.addPoints({ ...entry, amount: difference }, manager);
        await this.gains.gained(customerId, manager);
      }
      if (difference < 0n) await this.spend(manager, spendable, 0n, { ...entry, amount: -difference });
    });
  }

  // ---- ledger primitives (other contexts call these inside their own transactions) ----

  /** Adds a collection record, its history movement and its outbox event in one statement; returns the record's id. */
  async addPoints(entry: PointCreditEntry, manager?: EntityManager): Promise<string> {
    const m = manager ?? this.dataSource.manager;
    const pointTypeId = await this.types.resolve(entry.pointTypeId, 'point_type_id');
    const partnerId = entry.partnerId ?? (await this.partners.defaultPartnerId(m));
    return this.insertRecord(m, {
      entry: { ...entry, pointTypeId, partnerId },
      direction: 'points_earned',
      assigned: decimalText(entry.amount, POINT_SCALE),
      available: decimalText(entry.amount, POINT_SCALE),
      validTo: entry.validTo ?? null,
      operation: entry.operation ?? PointOperation.Addition,
      extendedData: { date_of_points_expiration: entry.validTo?.toISOString() ?? null, ...entry.extendedData },
    });
  }

  /**
   * Spends `amount` from the customer's oldest valid points and adds a redemption record; returns its
   * id. Fails with nothing changed when the customer has too few points.
   */
  async deductPoints(entry: PointDebitEntry, manager?: EntityManager): Promise<string> {
    return inTransaction(this.dataSource, manager, async (m) => {
      const pointTypeId = await this.types.resolve(entry.pointTypeId, 'point_type_id');
      const partnerId = entry.partnerId ?? (await this.partners.defaultPartnerId(m));
      const spendable = await this.lockSpendable(m, entry.customerId, pointTypeId);
      // Read after the lock, which reserve-points takes too: no hold can appear until this deduction ends.
      const held =
        entry.overridesHolds || totalAvailable(spendable) < entry.amount ? 0n : await this.held(m, entry.customerId, pointTypeId);
      return this.spend(m, spendable, held, { ...entry, pointTypeId, partnerId });
    });
  }

  /**
   * Locks the customer's points of the type as every deduction does, and answers what can be spent now:
   * the balance less the points reservations hold, in hundredths. A point reservation reserves under this lock.
   */
  async lockSpendablePoints(manager: EntityManager, customerId: string, pointTypeId: string): Promise<bigint> {
    const spendable = totalAvailable(await this.lockSpendable(manager, customerId, pointTypeId));
    if (spendable === 0n) return 0n;
    const free = spendable - (await this.held(manager, customerId, pointTypeId));
    return free > 0n ? free : 0n;
  }

  // ---- internals ----

  /** The customer's spendable records of the point type, oldest first; expired ones are written off in the history. */
  private async lockSpendable(manager: EntityManager, customerId: string, pointTypeId: string): Promise<LockedRecord[]> {
    const { spendable, expired } = await lockBalance(manager, POINTS_LEDGER, { customer_id: customerId, point_type_id: pointTypeId });
    for (const record of expired) {
      await this.record(manager, {
        pointId: record.id,
        customerId,
        pointTypeId,
        partnerId: record.partnerId,
        storeId: record.storeId,
        pointAmount: decimalText(-record.available, POINT_SCALE),
        operationType: PointOperation.Expiration,
        operationNote: null,
        extendedData: null,
      });
      await writeOutboxEvent(
        manager,
        pointsMoved('points_expired', customerId, record.id, record.available, { point_type_id: pointTypeId }),
      );
    }
    return spendable;
  }

  /** Points of the type the customer's active, unexpired reservations hold, in hundredths. */
  private async held(manager: EntityManager, customerId: string, pointTypeId: string): Promise<bigint> {
    const rows: { held: string }[] = await manager.query(`SELECT ${heldPointsSql('$1', '$2')}::text AS held`, [customerId, pointTypeId]);
    return unitsOf(rows[0].held, POINT_SCALE) ?? 0n;
  }

  /** Spends from the locked records, leaving `held` of them unspent. */
  private async spend(
    manager: EntityManager,
    spendable: LockedRecord[],
    held: bigint,
    entry: PointDebitEntry & { pointTypeId: string; partnerId: string },
  ): Promise<string> {
    const free = totalAvailable(spendable) - held;
    const plan = entry.amount <= free ? planDeductions(spendable, entry.amount) : null;
    if (!plan) {
      throw LoyaltyException.notEnoughPoints(
        decimalText(entry.amount, POINT_SCALE),
        decimalText(free > 0n ? free : 0n, POINT_SCALE),
        entry.shortfall?.field,
        entry.shortfall?.reason,
      );
    }
    await applyDeductions(manager, POINTS_LEDGER, plan);
    return this.insertRecord(manager, {
      entry,
      direction: 'points_spent',
      assigned: decimalText(-entry.amount, POINT_SCALE),
      available: '0',
      validTo: null,
      operation: entry.operation ?? PointOperation.Reduction,
      extendedData: {
        ...entry.extendedData,
        spent_from: plan.map((d) => ({ point_id: d.id, points: Number(decimalText(d.take, POINT_SCALE)) })),
      },
    });
  }

  /** A point record, its history movement and its outbox event, in one statement; returns the record's id. */
  private async insertRecord(
    manager: EntityManager,
    record: {
      entry: PointCreditEntry & { pointTypeId: string; partnerId: string };
      direction: 'points_earned' | 'points_spent';
      assigned: string;
      available: string;
      validTo: Date | null;
      operation: string;
      extendedData: Record<string, unknown>;
    },
  ): Promise<string> {
    const { entry } = record;
    const id = newId();
    const event = movementEvent(entry, id, record.direction);
    await preparedQuery(
      manager,
      'points-record',
      `WITH point AS (
         INSERT INTO points (point_id, customer_id, point_type_id, partner_id, store_id, assigned_points, available_points, valid_to, note)
         VALUES ($1, $2, $3, $4, $5, $6::numeric, $7::numeric, $8, $9)),
       event AS (${OUTBOX_INSERT_SQL('$13', '$14', '$2', '$1', 'NULL', '$15')})
       INSERT INTO point_history (point_history_id, point_id, customer_id, point_type_id, partner_id, store_id, point_amount,
                                  operation_type, operation_note, extended_data)
       VALUES ($10, $1, $2, $3, $4, $5, $6::numeric, $11, $9, $12::jsonb)`,
      [
        id,
        entry.customerId,
        entry.pointTypeId,
        entry.partnerId,
        entry.storeId ?? null,
        record.assigned,
        record.available,
        record.validTo,
        entry.note ?? null,
        newId(),
        record.operation,
        JSON.stringify(record.extendedData),
        newId(),
        event.type,
        JSON.stringify(event.data),
      ],
    );
    return id;
  }

  private async record(manager: EntityManager, movement: Omit<PointHistoryEntity, 'id' | 'recordedAt'>): Promise<void> {
    await manager.insert(PointHistoryEntity, { id: newId(), ...movement });
  }

  private page(
    query: ReturnType<Repository<PointEntity>['createQueryBuilder']>,
    page: PageRequest<PointSortField>,
  ): Promise<Page<PointEntity>> {
    return fetchPage(
      query,
      page,
      {
        point_id: 'p.id',
        customer_id: 'p.customerId',
        assigned_points: 'p.assignedPoints',
        available_points: 'p.availablePoints',
        point_type_id: 'p.pointTypeId',
        partner_id: 'p.partnerId',
        valid_to: 'p.validTo',
        state: 'p.state',
        created_at: 'p.createdAt',
        note: 'p.note',
      },
      'p.id',
      { defaultOrder: 'p.createdAt', oneRowPerRecord: true },
    );
  }

  private requestAmount(value: number): bigint {
    const amount = positiveAmountUnits(value, POINT_SCALE);
    if (amount === null) {
      throw CommonException.invalid(
        'amount',
        InvalidReason.InvalidValueFormat,
        'amount must be above zero, with at most two decimals',
        value,
      );
    }
    return amount;
  }
}
