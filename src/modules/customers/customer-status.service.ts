import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { newId, within } from '@tessera/core';
import { CommonErrorCode, CommonException, InvalidReason, optionalRequestDateTime, Page } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { OUTBOX_INSERT_SQL, writeOutboxEvent } from '../../platform/outbox';
import { StatusEntity, StatusService } from '../reference-data';
import { CustomerAccountService } from './customer-account.service';
import { validityEnd } from './customer-dates';
import { CustomerStatusRecordEntity } from './entities/customer-records.entity';

const ACTIVE = 1;
const NON_ACTIVE = 2;

/** The body of set-status-record: datetimes as the request sent them (decision 6). */
export interface StatusAssignment {
  customer_id: string;
  status_id: string;
  valid_from?: string;
  valid_to?: string;
}

/** Why a customer's status changed, as the status history keeps it. */
export type StatusChangeReason = 'purchase' | 'cancellation' | 'points' | 'period_end' | 'manual';

/** The previous status and the cause of a move, for the status history. */
export interface StatusMove {
  from: string | null;
  reason: StatusChangeReason;
}

/** SQL for the end of a status record's hold: its `valid_to` plus its status's downgrade grace. */
export function statusHeldUntilSql(recordAlias: string): string {
  return `${recordAlias}.valid_to + (SELECT make_interval(days => g.downgrade_grace_days) FROM statuses g WHERE g.status_id = ${recordAlias}.status_id)`;
}

/**
 * SQL for whether a status record is in force now: active, begun, and not past its end plus its
 * status's grace days, during which the customer still holds the status before the period-end run
 * moves them.
 */
export function statusRecordInForceSql(recordAlias: string): string {
  return `(${recordAlias}.state = ${ACTIVE} AND ${recordAlias}.valid_from <= now()
           AND (${recordAlias}.valid_to IS NULL OR ${statusHeldUntilSql(recordAlias)} > now()))`;
}

/** SQL giving the id of the status in force now for the customer (its latest active record), or null. */
export function statusInForceSql(customerIdParam: string): string {
  return `(SELECT r.status_id FROM customer_status_records r
            WHERE r.customer_id = ${customerIdParam} AND ${statusRecordInForceSql('r')}
            ORDER BY r.valid_from DESC, r.status_record_id DESC LIMIT 1)`;
}

/** A history row for a move from `$from` to `$to`, written only when the status differs. */
const HISTORY_INSERT_SQL = (id: string, customer: string, from: string, to: string, reason: string, record: string) =>
  `INSERT INTO customer_status_changes (status_change_id, customer_id, from_status_id, to_status_id, reason, status_record_id)
   SELECT ${id}, ${customer}, ${from}, ${to}, ${reason}, ${record} WHERE ${from}::varchar IS DISTINCT FROM ${to}::varchar`;

/** A customer's loyalty tiers over time; at most one is active at once. */
@Injectable()
export class CustomerStatusService {
  constructor(
    @InjectRepository(CustomerStatusRecordEntity) private readonly records: Repository<CustomerStatusRecordEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statuses: StatusService,
    private readonly accounts: CustomerAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** All records, expired and inactive ones too; `validNow` keeps only (or drops) the one in force. */
  async list(customerId: string, validNow: boolean | undefined): Promise<Page<CustomerStatusRecordEntity>> {
    await this.accounts.requireCustomer(customerId, { inPath: true });
    const query = this.records.createQueryBuilder('r').where('r.customer_id = :customerId', { customerId });
    if (validNow === true) query.andWhere(statusRecordInForceSql('r'));
    if (validNow === false) query.andWhere(`NOT ${statusRecordInForceSql('r')}`);
    const [items, total] = await query.orderBy('r.valid_from', 'DESC').addOrderBy('r.id', 'DESC').getManyAndCount();
    return { items, total };
  }

  /** Gives the customer a status; every other active record becomes inactive in the same transaction. */
  async set(input: StatusAssignment): Promise<string> {
    const requestedFrom = optionalRequestDateTime(input.valid_from, 'valid_from', this.config.timeZone);
    const requestedTo = optionalRequestDateTime(input.valid_to, 'valid_to', this.config.timeZone);
    await this.accounts.requireCustomer(input.customer_id, { field: 'customer_id' });
    let status;
    try {
      status = await this.statuses.get(input.status_id);
    } catch (error) {
      if (error instanceof CommonException && error.code === CommonErrorCode.RecordNotFound) {
        throw CommonException.invalid('status_id', InvalidReason.NotFound, 'No status has this id', input.status_id);
      }
      throw error;
    }
    if (status.state !== ACTIVE)
      throw CommonException.invalid('status_id', InvalidReason.NotAllowedValue, 'The status is deactivated', input.status_id);
    const validFrom = requestedFrom ?? new Date();
    const validTo = requestedTo ?? validityEnd(validFrom, status.validityPeriod);
    if (validTo && validTo <= validFrom) {
      throw CommonException.invalid('valid_to', InvalidReason.NotAllowedValue, 'valid_to must be after valid_from', input.valid_to);
    }
    const id = newId();
    await this.dataSource.transaction(async (manager) => {
      // One assignment per customer at a time, so two concurrent calls cannot leave two active statuses.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`customer-status:${input.customer_id}`]);
      const [previous]: { status_id: string | null }[] = await manager.query(`SELECT ${statusInForceSql('$1')} AS status_id`, [
        input.customer_id,
      ]);
      await manager.update(
        CustomerStatusRecordEntity,
        { customerId: input.customer_id, state: ACTIVE },
        { state: NON_ACTIVE, lastChange: new Date() },
      );
      await manager.insert(CustomerStatusRecordEntity, {
        id,
        customerId: input.customer_id,
        statusId: status.id,
        validFrom,
        validTo,
        state: ACTIVE,
      });
      await manager.query(HISTORY_INSERT_SQL('$1', '$2', '$3', '$4', `'manual'`, '$5'), [
        newId(),
        input.customer_id,
        previous.status_id,
        status.id,
        id,
      ]);
      await writeOutboxEvent(manager, {
        type: 'status_changed',
        customerId: input.customer_id,
        externalId: id,
        data: { customer_id: input.customer_id, status_record_id: id, status_id: status.id },
      });
    });
    return id;
  }

  /** One status record, as `status-records` lists it; null when there is none. */
  async record(statusRecordId: string): Promise<CustomerStatusRecordEntity | null> {
    return this.records.findOne({ where: { id: statusRecordId } });
  }

  /** The customer's status in force now, with its thresholds; null when it has none. */
  async current(customerId: string, manager?: EntityManager): Promise<StatusEntity | null> {
    const [row]: { status_id: string | null }[] = await within(this.records, manager).query(
      `SELECT ${statusInForceSql('$1')} AS status_id`,
      [customerId],
    );
    return row.status_id ? this.statuses.get(row.status_id) : null;
  }

  /** Every active status with its thresholds, lowest tier first, for recalculation after a purchase. */
  async statusLadder(): Promise<StatusEntity[]> {
    const all = await this.statuses.all();
    return all.filter((status) => status.state === ACTIVE);
  }

  /** Takes the customer's status lock for the caller's transaction: status moves for one customer happen one at a time. */
  async lockCustomer(customerId: string, manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`customer-status:${customerId}`]);
  }

  /**
   * Moves the customer to `status` inside the caller's transaction: the previous active record becomes
   * inactive, and the change from `move.from` is kept in the status history (a fresh record of the same
   * status is no change). Serialised per customer like `set`; the move itself is one statement.
   */
  async moveTo(customerId: string, status: StatusEntity, move: StatusMove, manager: EntityManager): Promise<void> {
    await this.lockCustomer(customerId, manager);
    const validFrom = new Date();
    const recordId = newId();
    // The outbox event and the history row ride in the same statement: a purchase closure moving the status costs no extra round trip.
    await manager.query(
      `WITH closed AS (
         UPDATE customer_status_records SET state = ${NON_ACTIVE}, last_change = now() WHERE customer_id = $2 AND state = ${ACTIVE}),
       event AS (${OUTBOX_INSERT_SQL('$6', `'status_changed'`, '$2', '$1', 'NULL', '$7')}),
       record AS (
         INSERT INTO customer_status_records (status_record_id, customer_id, status_id, valid_from, valid_to, state)
         VALUES ($1, $2, $3, $4, $5, ${ACTIVE}))
       ${HISTORY_INSERT_SQL('$8', '$2', '$9', '$3', '$10', '$1')}`,
      [
        recordId,
        customerId,
        status.id,
        validFrom,
        validityEnd(validFrom, status.validityPeriod),
        newId(),
        JSON.stringify({ customer_id: customerId, status_record_id: recordId, status_id: status.id }),
        newId(),
        move.from,
        move.reason,
      ],
    );
  }

  /**
   * At the end of a status record's period: the customer gets `status` on a fresh record (the same one
   * again when it is still reached), or, when there is none to give, the ended record is closed so the
   * period-end run does not find it again.
   */
  async endPeriod(customerId: string, status: StatusEntity | null, move: StatusMove, manager: EntityManager): Promise<void> {
    if (status !== null) return this.moveTo(customerId, status, move, manager);
    await this.lockCustomer(customerId, manager);
    await manager.query(
      `WITH closed AS (
         UPDATE customer_status_records SET state = ${NON_ACTIVE}, last_change = now() WHERE customer_id = $2 AND state = ${ACTIVE})
       ${HISTORY_INSERT_SQL('$1', '$2', '$3', 'NULL', '$4', 'NULL')}`,
      [newId(), customerId, move.from, move.reason],
    );
  }
}
