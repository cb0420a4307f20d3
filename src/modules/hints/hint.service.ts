import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository, SelectQueryBuilder } from 'typeorm';
import { fetchPage, likePattern } from '@tessera/core';
import { Actor, CommonException, InvalidReason, Page, PageRequest, customerInScope, invalidParam } from '@tessera/http';
import { CustomerAccountService, liveCustomerSql } from '../customers';
import { CustomerHintRecordEntity } from './entities/customer-hint-record.entity';
import { HintEntity, HintState } from './entities/hint.entity';

const HINT_SORT_COLUMNS = {
  recommendation_id: 'h.id',
  name: 'h.name',
  last_change: 'h.lastChange',
  state: 'h.state',
} as const;
export type HintSortField = keyof typeof HINT_SORT_COLUMNS;
export const HINT_SORT_FIELDS = Object.keys(HINT_SORT_COLUMNS) as HintSortField[];

/** The API names hints "recommendations", in URLs and in not-found answers alike. */
const RESOURCE = 'recommendations';

export interface HintFilter {
  /** Part of the name, without regard to letter case. */
  name?: string;
}

/**
 * Hints are written and assigned by the operator (operator API, CLI) and read through the API. The Customer
 * interface sees active hints only: an inactive or removed hint is as absent there as a missing one.
 */
@Injectable()
export class HintService {
  constructor(
    @InjectRepository(HintEntity) private readonly hints: Repository<HintEntity>,
    private readonly customers: CustomerAccountService,
  ) {}

  // ---- reads (API) ----

  async list(actor: Actor, filter: HintFilter, page: PageRequest<HintSortField>): Promise<Page<HintEntity>> {
    const query = this.visibleTo(actor, filter);
    return fetchPage(query, page, HINT_SORT_COLUMNS, 'h.id', { oneRowPerRecord: true });
  }

  async get(actor: Actor, hintId: string): Promise<HintEntity> {
    const hint = await this.visibleTo(actor, {}).andWhere('h.hint_id = :hintId', { hintId }).getOne();
    if (!hint) throw CommonException.recordNotFound(RESOURCE, hintId);
    return hint;
  }

  /** The hints assigned to a customer, in the order they were assigned unless sorted. */
  async listForCustomer(
    actor: Actor,
    requestedCustomerId: string,
    filter: HintFilter,
    page: PageRequest<HintSortField>,
  ): Promise<Page<HintEntity>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    await this.customers.requireCustomer(customerId, { inPath: true });
    const query = this.visibleTo(actor, filter).innerJoin(
      CustomerHintRecordEntity,
      'r',
      'r.hint_id = h.hint_id AND r.customer_id = :customerId',
      { customerId },
    );
    // One record per customer and hint (the key), so the join keeps one row per hint.
    return fetchPage(query, page, HINT_SORT_COLUMNS, 'h.id', { defaultOrder: 'r.createdAt', oneRowPerRecord: true });
  }

  // ---- the operator's: assignments, in the caller's transaction ----

  /** Assigns the hint to every customer named, or to none if one is unknown; returns how many had it already. */
  async assign(hintId: string, customerIds: string[], manager: EntityManager): Promise<{ assigned: number; alreadyAssigned: number }> {
    const hint = await this.requireHint(hintId, manager);
    if (hint.state === HintState.Deleted) {
      throw CommonException.invalid('recommendation_id', InvalidReason.Deleted, 'The hint is deactivated; activate it first', hintId);
    }
    const ids = [...new Set(customerIds)];
    const unknown: { id: string }[] = await manager.query(
      `SELECT u.id FROM unnest($1::varchar[]) WITH ORDINALITY AS u(id, n) WHERE NOT ${liveCustomerSql('u.id')} ORDER BY u.n`,
      [ids],
    );
    if (unknown.length > 0) {
      throw CommonException.invalidParams(
        unknown.map(({ id }) => invalidParam('customer_id', InvalidReason.NotFound, `No customer has the id "${id}"`, id)),
      );
    }
    // The key decides, so assigning twice (or concurrently) keeps one record.
    const inserted: unknown[] = await manager.query(
      `INSERT INTO customer_hint_records (hint_id, customer_id) SELECT $1, u.id FROM unnest($2::varchar[]) AS u(id)
       ON CONFLICT DO NOTHING RETURNING customer_id`,
      [hintId, ids],
    );
    return { assigned: inserted.length, alreadyAssigned: ids.length - inserted.length };
  }

  /** Takes the hint from the customers named; returns those that did not have it. */
  async unassign(hintId: string, customerIds: string[], manager: EntityManager): Promise<{ unassigned: number; notAssigned: string[] }> {
    await this.requireHint(hintId, manager);
    const ids = [...new Set(customerIds)];
    // A DELETE answers its rows and its count.
    const [deleted] = await manager.query<[{ customer_id: string }[], number]>(
      `DELETE FROM customer_hint_records WHERE hint_id = $1 AND customer_id = ANY($2::varchar[]) RETURNING customer_id`,
      [hintId, ids],
    );
    const removed = new Set(deleted.map((row) => row.customer_id));
    return { unassigned: removed.size, notAssigned: ids.filter((id) => !removed.has(id)) };
  }

  /** Hints the caller may see: on the Customer interface only active ones. */
  private visibleTo(actor: Actor, filter: HintFilter): SelectQueryBuilder<HintEntity> {
    const query = this.hints.createQueryBuilder('h');
    if (actor.kind === 'device') query.andWhere('h.state = :active', { active: HintState.Active });
    if (filter.name) query.andWhere('h.name ILIKE :name', { name: likePattern(filter.name) });
    return query;
  }

  private async requireHint(hintId: string, manager: EntityManager): Promise<HintEntity> {
    const hint = await manager.findOne(HintEntity, { where: { id: hintId } });
    if (!hint) throw CommonException.recordNotFound(RESOURCE, hintId);
    return hint;
  }
}
