import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { Brackets, DataSource, EntityManager, Repository } from 'typeorm';
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

/** SQL giving the id of the status in force now for the customer (its latest active record), or null. */
export function statusInForceSql(customerIdParam: string): string {
  return `(SELECT status_id FROM customer_status_records
            WHERE customer_id = ${customerIdParam} AND state = ${ACTIVE} AND valid_from <= now() AND (valid_to IS NULL OR valid_to > now())
            ORDER BY valid_from DESC, status_record_id DESC LIMIT 1)`;
}

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
    const inForce = new Brackets((where) =>
      where.where('r.state = :active AND r.valid_from <= now() AND (r.valid_to IS NULL OR r.valid_to > now())', { active: ACTIVE }),
    );
    if (validNow === true) query.andWhere(inForce);
    if (validNow === false)
      query.andWhere(
        new Brackets((where) =>
          where.where('NOT (r.state = :active AND r.valid_from <= now() AND (r.valid_to IS NULL OR r.valid_to > now()))', {
            active: ACTIVE,
          }),
        ),
      );
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

  /**
   * Moves the customer to `status` inside the caller's transaction: the previous active record becomes
   * inactive. Serialised per customer like `set`; the move itself is one statement.
   */
  async moveTo(customerId: string, status: StatusEntity, manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`customer-status:${customerId}`]);
    const validFrom = new Date();
    const recordId = newId();
    // The outbox event rides in the same statement: a purchase closure moving the status costs no extra round trip.
    await manager.query(
      `WITH closed AS (
         UPDATE customer_status_records SET state = ${NON_ACTIVE}, last_change = now() WHERE customer_id = $2 AND state = ${ACTIVE}),
       event AS (${OUTBOX_INSERT_SQL('$6', `'status_changed'`, '$2', '$1', 'NULL', '$7')})
       INSERT INTO customer_status_records (status_record_id, customer_id, status_id, valid_from, valid_to, state)
       VALUES ($1, $2, $3, $4, $5, ${ACTIVE})`,
      [
        recordId,
        customerId,
        status.id,
        validFrom,
        validityEnd(validFrom, status.validityPeriod),
        newId(),
        JSON.stringify({ customer_id: customerId, status_record_id: recordId, status_id: status.id }),
      ],
    );
  }
}
