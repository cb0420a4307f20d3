import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { DataSource, EntityManager, Repository } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import {
  Actor,
  CommonException,
  InvalidParam,
  InvalidReason,
  invalidParam,
  Page,
  PageRequest,
  customerFilterInScope,
  customerInScope,
  visibleRecord,
} from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { CustomerAccountService } from '../customers';
import { EntranceEntity, EntranceState } from './entities/entrance.entity';
import { moveEntranceState } from './entrance-state';
import { writeOutboxEvent } from '../../platform/outbox';

const ENTRANCE_SORT_COLUMNS = {
  entrance_id: 'e.id',
  pos_id: 'e.posId',
  name: 'e.name',
  customer_id: 'e.customerId',
  resort_name: 'e.resortName',
  card_id: 'e.cardId',
  entrance_type_id: 'e.entranceTypeId',
  created_at: 'e.createdAt',
  cancelled_at: 'e.cancelledAt',
  charged_price: 'e.chargedPrice',
  charge_date: 'e.chargeDate',
  valid_from: 'e.validFrom',
  valid_to: 'e.validTo',
  last_change: 'e.lastChange',
  state: 'e.state',
} as const;
export type EntranceSortField = keyof typeof ENTRANCE_SORT_COLUMNS;
export const ENTRANCE_SORT_FIELDS = Object.keys(ENTRANCE_SORT_COLUMNS) as EntranceSortField[];

export interface EntranceFilter {
  pos_id?: number;
  external_order_id?: string;
  name?: string;
  resort_name?: string;
  customer_category_name?: string;
  card_id?: string;
  customer_id?: string;
  entrance_type_id?: number;
  state?: number;
  external_entrance_id?: string;
  is_valid?: boolean;
  is_cancelled?: boolean;
  valid_from?: string;
  valid_to?: string;
  product_id?: string;
  external_turnstile_permission_id?: string;
  order_item_id?: string;
}

/** Columns matched exactly, by filter name. */
const EXACT_FILTERS = {
  pos_id: 'e.pos_id',
  external_order_id: 'e.external_order_id',
  resort_name: 'e.resort_name',
  customer_category_name: 'e.customer_category_name',
  card_id: 'e.card_id',
  entrance_type_id: 'e.entrance_type_id',
  state: 'e.state',
  external_entrance_id: 'e.external_entrance_id',
  product_id: 'e.product_id',
  external_turnstile_permission_id: 'e.external_turnstile_permission_id',
  order_item_id: 'e.order_item_id',
} as const satisfies Partial<Record<keyof EntranceFilter, string>>;

/** What a PUT writes. */
export interface EntranceChange {
  entranceId: string;
  posId: number;
  entranceTypeId: number | null;
  state: EntranceState;
}

export interface EntranceOverview {
  active: number;
  canceled: number;
  deactivated: number;
  sold: number;
}

export interface EntranceOverviewFilter {
  valid_from?: string;
  valid_to?: string;
  pos_id?: number;
}

export interface EntranceCustomerStats {
  distance: number;
  elevation: number;
  skierDays: number;
  achievementTextId: string | null;
}

/** One day an entrance was used, as its system reports it. */
export interface EntranceUsageImport {
  date: string;
  distance: number;
  elevation: number;
  achievementTextId?: string;
}

/** An entrance as its point-of-sale system hands it over; absent fields are cleared on a re-import. */
export interface EntranceImport {
  entranceId: string;
  posId: number;
  cardId: string;
  name?: string;
  resortName?: string;
  customerCategoryName?: string;
  externalOrderId?: string;
  externalEntranceId?: string;
  externalTurnstilePermissionId?: string;
  entranceTypeId?: number;
  orderItemId?: string;
  productId?: string;
  chargedPrice?: number;
  chargeDate?: Date;
  validFrom?: string;
  validTo?: string;
  state: EntranceState;
  createdAt?: Date;
  cancelledAt?: Date;
  /** Replace the entrance's usage days when given; leave them when absent. */
  usages?: EntranceUsageImport[];
}

export interface EntranceImportOutcome {
  created: number;
  updated: number;
}

/**
 * Charged entrances: imported by the operator or an integration (`tessera entrance import`), read and
 * partly updated through the API. Figures are counted by PostgreSQL over indexed ranges.
 */
@Injectable()
export class EntranceService {
  constructor(
    @InjectRepository(EntranceEntity) private readonly entrances: Repository<EntranceEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: CustomerAccountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Oldest first unless sorted; on the Customer interface the logged-in customer's only. */
  async list(actor: Actor, filter: EntranceFilter, page: PageRequest<EntranceSortField>): Promise<Page<EntranceEntity>> {
    const customerId = customerFilterInScope(actor, filter.customer_id);
    const query = this.entrances.createQueryBuilder('e');
    if (customerId !== undefined) query.andWhere('e.customer_id = :customerId', { customerId });
    for (const [name, column] of Object.entries(EXACT_FILTERS)) {
      const value = filter[name as keyof typeof EXACT_FILTERS];
      if (value !== undefined) query.andWhere(`${column} = :${name}`, { [name]: value });
    }
    if (filter.name) query.andWhere('e.name ILIKE :namePattern', { namePattern: likePattern(filter.name) });
    if (filter.is_cancelled !== undefined) query.andWhere(`e.cancelled_at IS ${filter.is_cancelled ? 'NOT ' : ''}NULL`);
    if (filter.is_valid !== undefined) {
      const today = `(now() AT TIME ZONE :timeZone)::date`;
      const inside = `(daterange(e.valid_from, e.valid_to, '[]') @> ${today})`;
      query.andWhere(filter.is_valid ? inside : `NOT ${inside}`, { timeZone: this.config.timeZone });
    }
    if (filter.valid_from !== undefined || filter.valid_to !== undefined) {
      query.andWhere(`daterange(e.valid_from, e.valid_to, '[]') && daterange(:rangeFrom::date, :rangeTo::date, '[]')`, {
        rangeFrom: filter.valid_from ?? null,
        rangeTo: filter.valid_to ?? null,
      });
    }
    return fetchPage(query, page, ENTRANCE_SORT_COLUMNS, 'e.id', { defaultOrder: 'e.createdAt' });
  }

  async get(actor: Actor, entranceId: string): Promise<EntranceEntity> {
    const entrance = await this.entrances.findOne({ where: { id: entranceId } });
    return visibleRecord(actor, entrance, (e) => e.customerId, 'entrances', entranceId);
  }

  /**
   * Writes the point of sale, the ticket type and the state. Deactivating (state 0) stamps the
   * cancellation and deactivation times and records the customer's event in the same transaction.
   */
  async update(actor: Actor, entranceId: string, change: EntranceChange): Promise<void> {
    if (change.entranceId !== entranceId) {
      throw CommonException.invalid(
        'entrance.entrance_id',
        InvalidReason.NotAllowedValue,
        'The entrance id must be the one in the path',
        change.entranceId,
      );
    }
    await this.dataSource.transaction(async (manager) => {
      const found = await manager.getRepository(EntranceEntity).findOne({ where: { id: entranceId }, lock: { mode: 'pessimistic_write' } });
      const entrance = visibleRecord(actor, found, (e) => e.customerId, 'entrances', entranceId);
      const deactivate = moveEntranceState(entrance.state, change.state, 'entrance.state') === 'deactivate';
      await manager.query(
        `UPDATE entrances SET pos_id = $2, entrance_type_id = $3, state = $4,
                cancelled_at = CASE WHEN $5::boolean THEN now() ELSE cancelled_at END,
                deactivated_at = CASE WHEN $5::boolean THEN now() ELSE deactivated_at END,
                last_change = now()
         WHERE entrance_id = $1`,
        [entranceId, change.posId, change.entranceTypeId, change.state, deactivate],
      );
      if (deactivate && entrance.customerId) {
        await writeOutboxEvent(manager, {
          type: 'entrance_deactivation',
          customerId: entrance.customerId,
          externalId: entranceId,
          data: { pos_id: change.posId },
        });
      }
    });
  }

  /**
   * The counts for a range of days (all time when open): sold = created in it, canceled = cancelled by
   * the point-of-sale system in it, deactivated = switched off through the API in it, active = active
   * with days of use overlapping it. Each count reads its own index.
   */
  async overview(filter: EntranceOverviewFilter): Promise<EntranceOverview> {
    const [row]: { active: number; canceled: number; deactivated: number; sold: number }[] = await this.entrances.query(
      `WITH span AS (
         SELECT coalesce(($1::date)::timestamp AT TIME ZONE $3, '-infinity') AS starts,
                coalesce(($2::date + 1)::timestamp AT TIME ZONE $3, 'infinity') AS ends
       )
       SELECT
         (SELECT count(*) FROM entrances e WHERE e.state = 1 AND ($4::smallint IS NULL OR e.pos_id = $4)
            AND daterange(e.valid_from, e.valid_to, '[]') && daterange($1::date, $2::date, '[]'))::int AS active,
         (SELECT count(*) FROM entrances e, span WHERE e.deactivated_at IS NULL AND e.cancelled_at IS NOT NULL
            AND e.cancelled_at >= span.starts AND e.cancelled_at < span.ends AND ($4::smallint IS NULL OR e.pos_id = $4))::int AS canceled,
         (SELECT count(*) FROM entrances e, span WHERE e.deactivated_at IS NOT NULL
            AND e.deactivated_at >= span.starts AND e.deactivated_at < span.ends AND ($4::smallint IS NULL OR e.pos_id = $4))::int AS deactivated,
         (SELECT count(*) FROM entrances e, span
            WHERE e.created_at >= span.starts AND e.created_at < span.ends AND ($4::smallint IS NULL OR e.pos_id = $4))::int AS sold`,
      [filter.valid_from ?? null, filter.valid_to ?? null, this.config.timeZone, filter.pos_id ?? null],
    );
    return row;
  }

  /** Lifetime usage totals of a customer from the imported usage days; zeros when none were imported. */
  async customerStats(actor: Actor, requestedCustomerId: string | undefined): Promise<EntranceCustomerStats> {
    const customerId = customerInScope(actor, requestedCustomerId);
    await this.customers.requireCustomer(customerId, { field: 'customer_id' });
    const [row]: { distance: string; elevation: string; skier_days: number; achievement: string | null }[] = await this.entrances.query(
      `SELECT coalesce(sum(u.distance), 0)::text AS distance, coalesce(sum(u.elevation), 0)::text AS elevation,
              count(DISTINCT u.used_on)::int AS skier_days,
              (SELECT a.achievement_text_id FROM entrance_usages a
                WHERE a.customer_id = $1 AND a.achievement_text_id IS NOT NULL
                ORDER BY a.used_on DESC, a.entrance_id DESC LIMIT 1) AS achievement
       FROM entrance_usages u WHERE u.customer_id = $1`,
      [customerId],
    );
    return {
      distance: Number(row.distance),
      elevation: Number(row.elevation),
      skierDays: row.skier_days,
      achievementTextId: row.achievement,
    };
  }

  // ---- the operator's (admin CLI) ----

  /**
   * Creates or replaces entrances by id, all or none, in one upsert for the whole import (plus up to
   * three statements for usage days). The customer is the card's holder. An entrance deactivated
   * through the API stays deactivated whatever the file says.
   */
  async import(entrances: EntranceImport[]): Promise<EntranceImportOutcome> {
    const problems = entrances.flatMap(importProblems);
    if (problems.length > 0) throw CommonException.invalidParams(problems);
    // A later row of the same entrance replaces an earlier one, as a second import would.
    const rows = [...new Map(entrances.map((entrance) => [entrance.entranceId, entrance])).values()];
    const column = <T>(value: (entrance: EntranceImport) => T | undefined) => rows.map((entrance) => value(entrance) ?? null);
    return this.dataSource.transaction(async (manager) => {
      const cards: { card_id: string }[] = await manager.query(`SELECT card_id FROM cards WHERE card_id = ANY($1)`, [
        rows.map((entrance) => entrance.cardId),
      ]);
      const known = new Set(cards.map((card) => card.card_id));
      const unknown = entrances.findIndex((entrance) => !known.has(entrance.cardId));
      if (unknown >= 0) {
        throw CommonException.invalid(
          `entrances.${unknown}.card_id`,
          InvalidReason.NotFound,
          'No card has this id',
          entrances[unknown].cardId,
        );
      }
      // A time the file leaves out keeps the entrance's earlier one: the CTE reads the rows as they were.
      const written: { inserted: boolean }[] = await manager.query(
        `WITH previous AS (SELECT entrance_id, created_at, cancelled_at FROM entrances WHERE entrance_id = ANY($1))
         INSERT INTO entrances AS e (entrance_id, pos_id, name, customer_id, card_id, resort_name, customer_category_name,
           external_order_id, external_entrance_id, external_turnstile_permission_id, entrance_type_id, order_item_id, product_id,
           charged_price, charge_date, valid_from, valid_to, state, created_at, cancelled_at)
         SELECT i.entrance_id, i.pos_id, i.name, c.customer_id, c.card_id, i.resort_name, i.customer_category_name, i.external_order_id,
                i.external_entrance_id, i.external_turnstile_permission_id, i.entrance_type_id, i.order_item_id, i.product_id,
                i.charged_price, i.charge_date, i.valid_from, i.valid_to, i.state, coalesce(i.created_at, p.created_at, now()),
                CASE WHEN i.state = 0 THEN coalesce(i.cancelled_at, p.cancelled_at, now()) END
           FROM unnest($1::varchar[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                       $9::smallint[], $10::text[], $11::text[], $12::numeric[], $13::timestamptz[], $14::date[], $15::date[],
                       $16::smallint[], $17::timestamptz[], $18::timestamptz[], $19::varchar[])
                AS i(entrance_id, pos_id, name, resort_name, customer_category_name, external_order_id, external_entrance_id,
                     external_turnstile_permission_id, entrance_type_id, order_item_id, product_id, charged_price, charge_date,
                     valid_from, valid_to, state, created_at, cancelled_at, card_id)
           JOIN cards c ON c.card_id = i.card_id
           LEFT JOIN previous p ON p.entrance_id = i.entrance_id
         ON CONFLICT (entrance_id) DO UPDATE SET
           pos_id = EXCLUDED.pos_id, name = EXCLUDED.name, customer_id = EXCLUDED.customer_id, card_id = EXCLUDED.card_id,
           resort_name = EXCLUDED.resort_name, customer_category_name = EXCLUDED.customer_category_name,
           external_order_id = EXCLUDED.external_order_id, external_entrance_id = EXCLUDED.external_entrance_id,
           external_turnstile_permission_id = EXCLUDED.external_turnstile_permission_id,
           entrance_type_id = EXCLUDED.entrance_type_id, order_item_id = EXCLUDED.order_item_id, product_id = EXCLUDED.product_id,
           charged_price = EXCLUDED.charged_price, charge_date = EXCLUDED.charge_date,
           valid_from = EXCLUDED.valid_from, valid_to = EXCLUDED.valid_to, created_at = EXCLUDED.created_at,
           state = CASE WHEN e.deactivated_at IS NULL THEN EXCLUDED.state ELSE 0 END,
           cancelled_at = CASE WHEN e.deactivated_at IS NULL THEN EXCLUDED.cancelled_at ELSE e.cancelled_at END,
           last_change = now()
         RETURNING (xmax = 0) AS inserted`,
        [
          column((entrance) => entrance.entranceId),
          column((entrance) => entrance.posId),
          column((entrance) => entrance.name),
          column((entrance) => entrance.resortName),
          column((entrance) => entrance.customerCategoryName),
          column((entrance) => entrance.externalOrderId),
          column((entrance) => entrance.externalEntranceId),
          column((entrance) => entrance.externalTurnstilePermissionId),
          column((entrance) => entrance.entranceTypeId),
          column((entrance) => entrance.orderItemId),
          column((entrance) => entrance.productId),
          column((entrance) => entrance.chargedPrice),
          column((entrance) => entrance.chargeDate),
          column((entrance) => entrance.validFrom),
          column((entrance) => entrance.validTo),
          column((entrance) => entrance.state),
          column((entrance) => entrance.createdAt),
          column((entrance) => entrance.cancelledAt),
          column((entrance) => entrance.cardId),
        ],
      );
      await this.replaceUsages(manager, rows);
      const created = written.filter((row) => row.inserted).length;
      return { created, updated: written.length - created };
    });
  }

  /**
   * The usage days of the imported entrances, in up to three statements for the whole import: those an
   * entrance states replace its own; the others follow its customer, whom a changed card may have changed.
   */
  private async replaceUsages(manager: EntityManager, entrances: EntranceImport[]): Promise<void> {
    const withoutUsages = entrances.filter((entrance) => entrance.usages === undefined);
    if (withoutUsages.length > 0) {
      await manager.query(
        `UPDATE entrance_usages u SET customer_id = e.customer_id FROM entrances e
          WHERE e.entrance_id = u.entrance_id AND u.entrance_id = ANY($1) AND u.customer_id IS DISTINCT FROM e.customer_id`,
        [withoutUsages.map((entrance) => entrance.entranceId)],
      );
    }
    const withUsages = entrances.filter((entrance) => entrance.usages !== undefined);
    if (withUsages.length === 0) return;
    await manager.query(`DELETE FROM entrance_usages WHERE entrance_id = ANY($1)`, [withUsages.map((entrance) => entrance.entranceId)]);
    const usages = withUsages.flatMap((entrance) =>
      (entrance.usages ?? []).map((usage) => ({ entranceId: entrance.entranceId, ...usage })),
    );
    await manager.query(
      `INSERT INTO entrance_usages (entrance_id, used_on, customer_id, distance, elevation, achievement_text_id)
       SELECT e.entrance_id, u.used_on, e.customer_id, u.distance, u.elevation, u.achievement
         FROM unnest($1::varchar[], $2::date[], $3::numeric[], $4::numeric[], $5::text[]) AS u(entrance_id, used_on, distance, elevation, achievement)
         JOIN entrances e ON e.entrance_id = u.entrance_id`,
      [
        usages.map((usage) => usage.entranceId),
        usages.map((usage) => usage.date),
        usages.map((usage) => usage.distance),
        usages.map((usage) => usage.elevation),
        usages.map((usage) => usage.achievementTextId ?? null),
      ],
    );
  }

  /** Every entrance, or one customer's, newest first. */
  async listAll(customerId?: string): Promise<EntranceEntity[]> {
    const query = this.entrances.createQueryBuilder('e').orderBy('e.createdAt', 'DESC').addOrderBy('e.id', 'DESC');
    if (customerId !== undefined) query.where('e.customer_id = :customerId', { customerId });
    return query.getMany();
  }

  /** Deletes an entrance imported by mistake, with its usage days; false when there was none. */
  async remove(entranceId: string): Promise<boolean> {
    const deleted = await this.entrances.delete({ id: entranceId });
    return (deleted.affected ?? 0) > 0;
  }
}

/** What is wrong with an imported entrance on its own: days of use backwards, a usage day twice. */
function importProblems(entrance: EntranceImport, index: number): InvalidParam[] {
  const field = `entrances.${index}`;
  const problems: InvalidParam[] = [];
  const { validFrom, validTo } = entrance;
  if (validFrom !== undefined && validTo !== undefined && validTo < validFrom) {
    problems.push(invalidParam(`${field}.valid_to`, InvalidReason.NotAllowedValue, 'The last day of use comes before the first', validTo));
  }
  const days = new Set<string>();
  for (const [usageIndex, usage] of (entrance.usages ?? []).entries()) {
    if (days.has(usage.date)) {
      problems.push(
        invalidParam(`${field}.usages.${usageIndex}.date`, InvalidReason.NotAllowedValue, 'The day is given more than once', usage.date),
      );
    }
    days.add(usage.date);
  }
  return problems;
}
