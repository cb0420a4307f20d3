import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, In, Repository } from 'typeorm';
import { fetchPage, inTransaction, likePattern, newId, preparedQuery, within } from '@tessera/core';
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
import { OUTBOX_INSERT_SQL, writeOutboxEvent } from '../../platform/outbox';
import { CustomerAccountService } from '../customers';
import { CurrencyService, PartnerService } from '../reference-data';
import { CreditTypeService } from './credit-type.service';
import { CreditHistoryQueryDto, CreditListQueryDto, CreditMovementBodyDto, TransferCreditsBodyDto } from './dto/credits.dto';
import { CreditHistoryEntity } from './entities/credit-history.entity';
import { CreditEntity } from './entities/credit.entity';
import { applyDeductions, LedgerTable, LockedRecord, lockBalance } from './ledger-records';
import { LoyaltyException } from './loyalty.exceptions';
import { decimalText, positiveAmountUnits, unitsOf } from './rules/decimal-amount';
import { planDeductions, totalAvailable } from './rules/ledger-consumption';

/** Credits are stored with four decimals; a request may use as many as its currency has. */
export const CREDIT_SCALE = 4;

export enum CreditOperation {
  Deposit = 'Credits deposit',
  Reduction = 'Credits reduction',
  TransferOut = 'Credits transfer out',
  TransferIn = 'Credits transfer in',
  Expiration = 'Credits expiration',
}

export const CREDIT_SORT_FIELDS = [
  'credit_id',
  'customer_id',
  'assigned_credits',
  'available_credits',
  'credit_type_id',
  'partner_id',
  'valid_to',
  'currency_id',
  'state',
  'note',
] as const;
export type CreditSortField = (typeof CREDIT_SORT_FIELDS)[number];

export const CREDIT_HISTORY_SORT_FIELDS = [
  'customer_id',
  'amount',
  'credit_operation_type',
  'credit_operation_note',
  'partner_id',
  'currency_id',
  'store_id',
  'credit_history_record_time',
] as const;
export type CreditHistorySortField = (typeof CREDIT_HISTORY_SORT_FIELDS)[number];

export interface CreditEntry {
  customerId: string;
  /** In ten-thousandths (see CREDIT_SCALE). */
  amount: bigint;
  creditTypeId: string;
  currencyId: string;
  partnerId: string;
  storeId?: string | null;
  note?: string | null;
  operation?: string;
  /** The outbox event of the movement: `credits_deposited` for an addition, `credits_spent` for a deduction unless given. */
  event?: { type: 'credits_transferred'; data: Record<string, unknown> };
}

type CreditEventType = 'credits_deposited' | 'credits_spent' | 'credits_expired' | 'credits_transferred';

/** A movement of `amount` (decimal text, unsigned as the type tells the direction) of the customer's credits on record `creditId`. */
const creditsMoved = (
  type: CreditEventType,
  entry: CreditEntry,
  creditId: string,
  amount: string,
  extra: Record<string, unknown> = {},
) => ({
  type,
  data: {
    credit_id: creditId,
    customer_id: entry.customerId,
    amount,
    credit_type_id: entry.creditTypeId,
    currency_id: entry.currencyId,
    partner_id: entry.partnerId,
    ...extra,
  },
});

const CREDITS_LEDGER: LedgerTable = { table: 'credits', idColumn: 'credit_id', availableColumn: 'available_credits', scale: CREDIT_SCALE };

/** SQL condition over a `credits` alias: the record still has credits to spend and has not expired. */
export function spendableCreditRecordSql(alias: string): string {
  return `${alias}.available_credits > 0 AND ${alias}.state = 1 AND (${alias}.valid_to IS NULL OR ${alias}.valid_to > now())`;
}

/** SQL giving, as numeric text, the credits of one type and currency the customer can spend now. */
export function spendableCreditsSql(customerIdParam: string, creditTypeIdParam: string, currencyIdParam: string): string {
  return `(SELECT coalesce(sum(c.available_credits), 0)::text FROM credits c
            WHERE c.customer_id = ${customerIdParam} AND c.credit_type_id = ${creditTypeIdParam} AND c.currency_id = ${currencyIdParam}
              AND ${spendableCreditRecordSql('c')})`;
}

/**
 * The credit ledger: the discipline of the points ledger in money. A balance is per customer, credit
 * type and currency; deductions lock the spendable records of that balance and spend the oldest first.
 */
@Injectable()
export class CreditLedgerService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(CreditEntity) private readonly credits: Repository<CreditEntity>,
    @InjectRepository(CreditHistoryEntity) private readonly history: Repository<CreditHistoryEntity>,
    private readonly types: CreditTypeService,
    private readonly partners: PartnerService,
    private readonly currencies: CurrencyService,
    private readonly customers: CustomerAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(actor: Actor, filter: CreditListQueryDto, page: PageRequest<CreditSortField>): Promise<Page<CreditEntity>> {
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const query = this.credits.createQueryBuilder('c');
    if (customerId !== undefined) query.andWhere('c.customer_id = :customerId', { customerId });
    const typeIds = [...(filter.credit_type_id ?? []), ...(filter.credit_type_id_brackets ?? [])];
    if (typeIds.length > 0) query.andWhere('c.credit_type_id IN (:...typeIds)', { typeIds });
    const from = optionalRequestDateTime(filter.create_credit_time_from, 'create_credit_time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.create_credit_time_to, 'create_credit_time_to', this.config.timeZone);
    if (from) query.andWhere('c.created_at >= :from', { from });
    if (to) query.andWhere('c.created_at <= :to', { to });
    if (filter.note) query.andWhere('c.note ILIKE :note', { note: likePattern(filter.note) });
    return fetchPage(
      query,
      page,
      {
        credit_id: 'c.id',
        customer_id: 'c.customerId',
        assigned_credits: 'c.assignedCredits',
        available_credits: 'c.availableCredits',
        credit_type_id: 'c.creditTypeId',
        partner_id: 'c.partnerId',
        valid_to: 'c.validTo',
        currency_id: 'c.currencyId',
        state: 'c.state',
        note: 'c.note',
      },
      'c.id',
      { defaultOrder: 'c.createdAt', oneRowPerRecord: true },
    );
  }

  /** The records with these ids, in the caller's transaction: what another context booked and may reverse. */
  async records(creditIds: string[], manager?: EntityManager): Promise<CreditEntity[]> {
    if (creditIds.length === 0) return [];
    return within(this.credits, manager).find({ where: { id: In(creditIds) }, order: { id: 'ASC' } });
  }

  async get(actor: Actor, creditId: string): Promise<CreditEntity> {
    const credit = await this.credits.findOne({ where: { id: creditId } });
    return visibleRecord(actor, credit, (record) => record.customerId, 'credits', creditId);
  }

  async listHistory(
    actor: Actor,
    filter: CreditHistoryQueryDto,
    page: PageRequest<CreditHistorySortField>,
  ): Promise<Page<CreditHistoryEntity>> {
    const customerId = customerInScope(actor, filter.customer_id);
    await this.customers.requireCustomer(customerId, { field: 'customer_id' });
    const query = this.history.createQueryBuilder('h').where('h.customer_id = :customerId', { customerId });
    if (filter.store_id) query.andWhere('h.store_id = :storeId', { storeId: filter.store_id });
    if (filter.partner_id) query.andWhere('h.partner_id = :partnerId', { partnerId: filter.partner_id });
    const from = optionalRequestDateTime(filter.time_from, 'time_from', this.config.timeZone);
    const to = optionalRequestDateTime(filter.time_to, 'time_to', this.config.timeZone);
    if (from) query.andWhere('h.recorded_at >= :from', { from });
    if (to) query.andWhere('h.recorded_at <= :to', { to });
    if (filter.credit_operation_type) {
      query.andWhere('h.operation_type ILIKE :operation', { operation: likePattern(filter.credit_operation_type) });
    }
    if (filter.credit_operation_note) {
      query.andWhere('h.operation_note ILIKE :note', { note: likePattern(filter.credit_operation_note) });
    }
    return fetchPage(
      query,
      page,
      {
        customer_id: 'h.customerId',
        amount: 'h.amount',
        credit_operation_type: 'h.operationType',
        credit_operation_note: 'h.operationNote',
        partner_id: 'h.partnerId',
        currency_id: 'h.currencyId',
        store_id: 'h.storeId',
        credit_history_record_time: 'h.recordedAt',
      },
      'h.id',
      { defaultOrder: 'h.recordedAt', oneRowPerRecord: true },
    );
  }

  /** In the caller's transaction when it passes one (an operator's adjustment with its audit row). */
  async deposit(input: CreditMovementBodyDto, outer?: EntityManager): Promise<string> {
    return inTransaction(this.dataSource, outer, async (manager) => {
      const entry = await this.checkedEntry(manager, input.customer_id, 'customer_id', input, input.credit_type_id);
      if (input.credit_type_id !== undefined) await this.types.requireActive(input.credit_type_id, 'credit_type_id');
      await this.partners.requirePartner(input.partner_id, 'partner_id', manager);
      return this.addCredits({ ...entry, partnerId: input.partner_id }, manager);
    });
  }

  async reduce(input: CreditMovementBodyDto, outer?: EntityManager): Promise<string> {
    return inTransaction(this.dataSource, outer, async (manager) => {
      const entry = await this.checkedEntry(manager, input.customer_id, 'customer_id', input, input.credit_type_id);
      await this.partners.requirePartner(input.partner_id, 'partner_id', manager);
      return this.deductCredits({ ...entry, partnerId: input.partner_id }, manager);
    });
  }

  async transfer(input: TransferCreditsBodyDto): Promise<void> {
    if (input.new_customer_id === input.original_customer_id) {
      throw CommonException.invalid(
        'new_customer_id',
        InvalidReason.NotAllowedValue,
        'Credits cannot be transferred to the same customer',
        input.new_customer_id,
      );
    }
    await this.dataSource.transaction(async (manager) => {
      const entry = await this.checkedEntry(manager, input.original_customer_id, 'original_customer_id', input, input.credit_type_id);
      await this.customers.requireCustomer(input.new_customer_id, { field: 'new_customer_id' }, manager);
      const partnerId = await this.partners.defaultPartnerId(manager);
      const event = {
        type: 'credits_transferred' as const,
        data: { original_customer_id: input.original_customer_id, new_customer_id: input.new_customer_id },
      };
      await this.deductCredits({ ...entry, partnerId, operation: CreditOperation.TransferOut, event }, manager);
      await this.addCredits(
        { ...entry, partnerId, customerId: input.new_customer_id, operation: CreditOperation.TransferIn, event },
        manager,
      );
    });
  }

  /** Credits the customer can spend now in one type and currency, in ten-thousandths. */
  async availableCredits(customerId: string, creditTypeId: string, currencyId: string, manager?: EntityManager): Promise<bigint> {
    const rows: { total: string }[] = await (manager ?? this.dataSource).query(`SELECT ${spendableCreditsSql('$1', '$2', '$3')} AS total`, [
      customerId,
      creditTypeId,
      currencyId,
    ]);
    return unitsOf(rows[0].total, CREDIT_SCALE) ?? 0n;
  }

  async addCredits(entry: CreditEntry, manager?: EntityManager): Promise<string> {
    return inTransaction(this.dataSource, manager, async (m) => {
      const amount = decimalText(entry.amount, CREDIT_SCALE);
      return this.insertMovement(m, entry, {
        assigned: amount,
        available: amount,
        operation: CreditOperation.Deposit,
        event: 'credits_deposited',
      });
    });
  }

  /** Spends from the oldest valid credits of the balance and adds a negative record; nothing changes when short. */
  async deductCredits(entry: CreditEntry, manager?: EntityManager): Promise<string> {
    return inTransaction(this.dataSource, manager, async (m) => {
      const spendable = await this.lockSpendable(m, entry);
      const plan = planDeductions(spendable, entry.amount);
      if (!plan) {
        throw LoyaltyException.notEnoughCredits(
          decimalText(entry.amount, CREDIT_SCALE),
          decimalText(totalAvailable(spendable), CREDIT_SCALE),
        );
      }
      await applyDeductions(m, CREDITS_LEDGER, plan);
      const amount = decimalText(-entry.amount, CREDIT_SCALE);
      return this.insertMovement(m, entry, {
        assigned: amount,
        available: '0',
        operation: CreditOperation.Reduction,
        event: 'credits_spent',
      });
    });
  }

  /**
   * The movement's credit record, its history record and its outbox event, in one statement; `entry`'s own
   * operation and event, when given, take the place of the defaults.
   */
  private async insertMovement(
    manager: EntityManager,
    entry: CreditEntry,
    record: { assigned: string; available: string; operation: CreditOperation; event: 'credits_deposited' | 'credits_spent' },
  ): Promise<string> {
    const id = newId();
    const event = entry.event ?? { type: record.event, data: {} };
    const moved = creditsMoved(event.type, entry, id, decimalText(entry.amount, CREDIT_SCALE), event.data);
    await preparedQuery(
      manager,
      'credits-record',
      `WITH credit AS (
         INSERT INTO credits (credit_id, customer_id, credit_type_id, partner_id, currency_id, store_id, assigned_credits, available_credits, note)
         VALUES ($1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric, $9)),
       event AS (${OUTBOX_INSERT_SQL('$12', '$13', '$2', '$1', 'NULL', '$14')})
       INSERT INTO credit_history (credit_history_id, credit_id, customer_id, credit_type_id, partner_id, currency_id, store_id, amount,
                                   operation_type, operation_note)
       VALUES ($10, $1, $2, $3, $4, $5, $6, $7::numeric, $11, $9)`,
      [
        id,
        entry.customerId,
        entry.creditTypeId,
        entry.partnerId,
        entry.currencyId,
        entry.storeId ?? null,
        record.assigned,
        record.available,
        entry.note ?? null,
        newId(),
        entry.operation ?? record.operation,
        newId(),
        moved.type,
        JSON.stringify(moved.data),
      ],
    );
    return id;
  }

  /** The balance's spendable records, oldest first; expired ones are written off in the history. */
  private async lockSpendable(manager: EntityManager, entry: CreditEntry): Promise<LockedRecord[]> {
    const balance = { customer_id: entry.customerId, credit_type_id: entry.creditTypeId, currency_id: entry.currencyId };
    const { spendable, expired } = await lockBalance(manager, CREDITS_LEDGER, balance);
    for (const record of expired) {
      const movement = { ...entry, partnerId: record.partnerId, storeId: record.storeId, note: null };
      await this.record(manager, movement, record.id, decimalText(-record.available, CREDIT_SCALE), CreditOperation.Expiration);
      const expired = creditsMoved('credits_expired', movement, record.id, decimalText(record.available, CREDIT_SCALE));
      await writeOutboxEvent(manager, { ...expired, customerId: entry.customerId, externalId: record.id });
    }
    return spendable;
  }

  /** Resolves and checks what every credit action needs: amount, customer, type and currency. */
  private async checkedEntry(
    manager: EntityManager,
    customerId: string,
    customerField: string,
    input: { amount: number; currency_id?: string; note?: string },
    creditTypeId: string | undefined,
  ): Promise<Omit<CreditEntry, 'partnerId'>> {
    const type = await this.types.resolve(creditTypeId, 'credit_type_id');
    const currency = await this.currencies.requireCurrency(input.currency_id ?? type.currencyId, 'currency_id');
    // Credits are stored with CREDIT_SCALE places; a currency without ISO decimals gets that many.
    const decimals = Math.min(currency.minorUnits ?? CREDIT_SCALE, CREDIT_SCALE);
    const amount = positiveAmountUnits(input.amount, decimals);
    if (amount === null) {
      throw CommonException.invalid(
        'amount',
        InvalidReason.InvalidValueFormat,
        `amount must be above zero, with at most ${decimals} decimals`,
        input.amount,
      );
    }
    await this.customers.requireCustomer(customerId, { field: customerField }, manager);
    // Scale up from the currency's decimals to the stored four.
    const units = amount * 10n ** BigInt(CREDIT_SCALE - decimals);
    return { customerId, amount: units, creditTypeId: type.id, currencyId: currency.id, note: input.note };
  }

  private async record(manager: EntityManager, entry: CreditEntry, creditId: string, amount: string, operation: string): Promise<void> {
    await manager.insert(CreditHistoryEntity, {
      id: newId(),
      creditId,
      customerId: entry.customerId,
      creditTypeId: entry.creditTypeId,
      partnerId: entry.partnerId,
      currencyId: entry.currencyId,
      storeId: entry.storeId ?? null,
      amount,
      operationType: operation,
      operationNote: entry.note ?? null,
    });
  }
}
