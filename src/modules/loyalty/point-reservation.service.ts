import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { newId, rowPageStatement, toRowPage } from '@tessera/core';
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
import { CustomerAccountService } from '../customers';
import { FreePointsBodyDto, PointReservationListQueryDto, ReservePointsBodyDto } from './dto/point-reservations.dto';
import { LoyaltyException } from './loyalty.exceptions';
import { POINT_SCALE, PointLedgerService } from './point-ledger.service';
import { PointTypeService } from './point-type.service';
import { decimalText, positiveAmountUnits } from './rules/decimal-amount';

export const POINT_RESERVATION_SORT_FIELDS = [
  'points_reservation_id',
  'customer_id',
  'external_id',
  'quantity',
  'state',
  'expiration',
] as const;
export type PointReservationSortField = (typeof POINT_RESERVATION_SORT_FIELDS)[number];

/** A reservation as the API shows it; `state` 2 when its expiration has passed. */
export interface PointReservationView {
  point_reservation_id: string;
  customer_id: string;
  external_id: string;
  quantity: string;
  state: number;
  expiration: Date | null;
}

const FREED = 0;
const ACTIVE = 1;
const EXPIRED = 2;

/** An active reservation whose expiration has not passed: the ones that hold points. */
const HOLDING = `r.state = ${ACTIVE} AND (r.expiration IS NULL OR r.expiration > now())`;

const COLUMNS = `r.point_reservation_id, r.customer_id, r.external_id, r.quantity::text AS quantity,
  CASE WHEN r.state = ${ACTIVE} AND r.expiration <= now() THEN ${EXPIRED} ELSE r.state END AS state, r.expiration, r.created_at`;

const SORT_COLUMNS: Record<PointReservationSortField, string> = {
  points_reservation_id: 'point_reservation_id',
  customer_id: 'customer_id',
  external_id: 'external_id',
  quantity: 'quantity::numeric',
  state: 'state',
  expiration: 'expiration',
};

/**
 * Point reservations: a hold on part of a customer's points of the default point type, so that the
 * points cannot be spent twice while a use waits for confirmation. Reserving takes the lock every
 * deduction of that balance takes, and every deduction reads the holds after it, so a reservation and
 * a spending can never both take the same points. Freeing or expiring ends the hold; nothing consumes it.
 */
@Injectable()
export class PointReservationService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly ledger: PointLedgerService,
    private readonly types: PointTypeService,
    private readonly customers: CustomerAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Reservations in every state, in one statement. */
  async list(
    actor: Actor,
    filter: PointReservationListQueryDto,
    page: PageRequest<PointReservationSortField>,
  ): Promise<Page<PointReservationView>> {
    const params: unknown[] = [];
    const conditions: string[] = [];
    const customerId = customerFilterInScope(actor, filter.customer_id);
    if (customerId !== undefined) conditions.push(`r.customer_id = $${params.push(customerId)}`);
    if (filter.external_id !== undefined) conditions.push(`r.external_id = $${params.push(filter.external_id)}`);
    const statement = rowPageStatement(
      { from: 'point_reservations r', conditions, columns: COLUMNS },
      params,
      page,
      SORT_COLUMNS,
      'point_reservation_id',
      'created_at',
    );
    const rows = await this.dataSource.query<(PointReservationView & { total_items: number })[]>(statement.sql, statement.params);
    return toRowPage(rows, 'point_reservation_id');
  }

  async get(actor: Actor, reservationId: string): Promise<PointReservationView> {
    const rows: PointReservationView[] = await this.dataSource.query(
      `SELECT ${COLUMNS} FROM point_reservations r WHERE r.point_reservation_id = $1`,
      [reservationId],
    );
    return visibleRecord(actor, rows[0] ?? null, (row) => row.customer_id, 'point-reservations', reservationId);
  }

  async reserve(actor: Actor, input: ReservePointsBodyDto): Promise<void> {
    const customerId = customerInScope(actor, input.customer_id);
    const amount = positiveAmountUnits(input.amount, POINT_SCALE);
    if (amount === null) {
      const reason = input.amount > 0 ? InvalidReason.InvalidValueFormat : InvalidReason.NotAllowedValue;
      throw CommonException.invalid('amount', reason, 'amount must be above zero, with at most two decimals', input.amount);
    }
    const expiration = optionalRequestDateTime(input.expiration_time, 'expiration_time', this.config.timeZone);
    if (expiration && expiration.getTime() <= Date.now()) {
      throw CommonException.invalid('expiration_time', InvalidReason.NotAllowedValue, 'expiration_time has passed', input.expiration_time);
    }
    const pointTypeId = await this.types.resolve(undefined, 'amount');
    await this.dataSource.transaction(async (manager) => {
      await this.customers.requireCustomer(customerId, { field: 'customer_id' }, manager);
      // An expired reservation no longer holds its external id: mark it so the unique index lets it go.
      const [active]: { count: number }[] = await manager.query(
        `WITH expired AS (
           UPDATE point_reservations r SET state = ${EXPIRED} WHERE r.external_id = $1 AND r.state = ${ACTIVE} AND r.expiration <= now())
         SELECT count(*)::int AS count FROM point_reservations r WHERE r.external_id = $1 AND ${HOLDING}`,
        [input.external_id],
      );
      if (active.count > 0) throw duplicate(input.external_id);
      const spendable = await this.ledger.lockSpendablePoints(manager, customerId, pointTypeId);
      if (amount > spendable) {
        throw LoyaltyException.notEnoughPoints(
          decimalText(amount, POINT_SCALE),
          decimalText(spendable, POINT_SCALE),
          'amount',
          InvalidReason.NotAllowedValue,
        );
      }
      const inserted: unknown[] = await manager.query(
        `INSERT INTO point_reservations (point_reservation_id, customer_id, point_type_id, external_id, quantity, expiration)
         VALUES ($1, $2, $3, $4, $5::numeric, $6)
         ON CONFLICT (external_id) WHERE state = ${ACTIVE} DO NOTHING RETURNING point_reservation_id`,
        [newId(), customerId, pointTypeId, input.external_id, decimalText(amount, POINT_SCALE), expiration],
      );
      // Another customer's reservation took the id meanwhile (its balance has another lock).
      if (inserted.length === 0) throw duplicate(input.external_id);
    });
  }

  /** Ends the hold of the active reservation with this external id; the record stays, with state 0. */
  async free(actor: Actor, input: FreePointsBodyDto): Promise<void> {
    const owner = actor.kind === 'device' ? customerInScope(actor, undefined) : null;
    const rows: { customer_id: string; freed: boolean }[] = await this.dataSource.query(
      `WITH target AS (SELECT r.point_reservation_id, r.customer_id FROM point_reservations r WHERE r.external_id = $1 AND ${HOLDING}),
            freed AS (
              UPDATE point_reservations r SET state = ${FREED} FROM target t
               WHERE r.point_reservation_id = t.point_reservation_id AND ($2::varchar IS NULL OR t.customer_id = $2)
              RETURNING r.point_reservation_id)
       SELECT t.customer_id, EXISTS (SELECT 1 FROM freed) AS freed FROM target t`,
      [input.external_id, owner],
    );
    if (rows.length === 0) {
      throw CommonException.invalid(
        'external_id',
        InvalidReason.NotFound,
        'No active point reservation has this external_id',
        input.external_id,
      );
    }
    if (!rows[0].freed) {
      throw CommonException.invalid(
        'external_id',
        InvalidReason.NotBelongToLoggedInCustomer,
        "The reservation is another customer's",
        input.external_id,
      );
    }
  }
}

function duplicate(externalId: string): CommonException {
  return CommonException.invalid(
    'external_id',
    InvalidReason.AlreadyExists,
    'An active point reservation has this external_id',
    externalId,
  );
}
