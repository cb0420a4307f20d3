import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { fetchPage, newId, within } from '@tessera/core';
import { Actor, CommonException, InvalidReason, Page, PageRequest, customerFilterInScope, customerInScope } from '@tessera/http';
import { OutboxEvent, writeOutboxEvent } from '../../platform/outbox';
import { CustomerAccountService } from '../customers';
import { SegmentRecordEntity } from './entities/segment-record.entity';
import { SegmentEntity } from './entities/segment.entity';
import { SegmentsException } from './segments.exceptions';

export const SEGMENT_SORT_FIELDS = ['segment_id', 'name', 'segment_group_id', 'note', 'last_change'] as const;
export type SegmentSortField = (typeof SEGMENT_SORT_FIELDS)[number];

export interface NewSegment {
  name: string;
  note?: string;
  priority?: number;
}

export interface SegmentRecordFilter {
  segment_group_ids?: string[];
}

/** SQL selecting the ids of the segments a customer is in, for other contexts' statements. */
export function customerSegmentIdsSql(customerIdParam: string): string {
  return `SELECT sr.segment_id FROM segment_records sr WHERE sr.customer_id = ${customerIdParam}`;
}

/** SQL selecting the ids of the customers in any of the segments `segmentIdsParam` (a varchar array), each once. */
export function segmentsMembersSql(segmentIdsParam: string): string {
  return `SELECT DISTINCT sm.customer_id FROM segment_records sm WHERE sm.segment_id = ANY(${segmentIdsParam}::varchar[])`;
}

/** The customer joined or left the segment. */
const membershipChanged = (type: 'segment_joined' | 'segment_left', segmentId: string, customerId: string): OutboxEvent => ({
  type,
  customerId,
  externalId: segmentId,
  data: { segment_id: segmentId, customer_id: customerId },
});

@Injectable()
export class SegmentService {
  constructor(
    @InjectRepository(SegmentEntity) private readonly segments: Repository<SegmentEntity>,
    @InjectRepository(SegmentRecordEntity) private readonly records: Repository<SegmentRecordEntity>,
    private readonly customers: CustomerAccountService,
  ) {}

  async list(filter: SegmentRecordFilter, page: PageRequest<SegmentSortField>): Promise<Page<SegmentEntity>> {
    // Deactivated segments stay readable by id, as memberships and rewards name them, but are not offered.
    const query = this.segments.createQueryBuilder('s').where('s.state = 1');
    if (filter.segment_group_ids?.length) query.andWhere('s.segment_group_id = ANY(:groupIds)', { groupIds: filter.segment_group_ids });
    return fetchPage(
      query,
      page,
      { segment_id: 's.id', name: 's.name', segment_group_id: 's.segmentGroupId', note: 's.note', last_change: 's.lastChange' },
      's.id',
      { oneRowPerRecord: true },
    );
  }

  async get(segmentId: string, manager?: EntityManager): Promise<SegmentEntity> {
    const segment = await within(this.segments, manager).findOne({ where: { id: segmentId } });
    if (!segment) throw CommonException.recordNotFound('segments', segmentId);
    return segment;
  }

  /** A new segment has no members: customers are added one by one. */
  async create(input: NewSegment): Promise<string> {
    const id = newId();
    await this.segments.insert({ id, name: input.name, note: input.note ?? null, priority: input.priority ?? null });
    return id;
  }

  /** Fails with a 400 `not_found` naming `field` unless every id names an active segment. */
  async requireExisting(segmentIds: string[], field: string, manager?: EntityManager): Promise<void> {
    if (segmentIds.length === 0) return;
    const found = await within(this.segments, manager)
      .createQueryBuilder('s')
      .select('s.id')
      .where('s.segment_id = ANY(:ids) AND s.state = 1', { ids: segmentIds })
      .getMany();
    const known = new Set(found.map((segment) => segment.id));
    const missing = segmentIds.find((id) => !known.has(id));
    if (missing !== undefined) throw CommonException.invalid(field, InvalidReason.NotFound, 'No active segment has this id', missing);
  }

  /** The customers (not deleted) in any of the segments, each counted once. */
  async memberCount(segmentIds: readonly string[], manager?: EntityManager): Promise<number> {
    if (segmentIds.length === 0) return 0;
    const [row] = await (manager ?? this.records.manager).query<{ members: number }[]>(
      `SELECT count(DISTINCT r.customer_id)::int AS members FROM segment_records r JOIN customers c ON c.customer_id = r.customer_id
        WHERE r.segment_id = ANY($1::varchar[]) AND c.state <> 0`,
      [segmentIds],
    );
    return row.members;
  }

  /** The segments the customer is in, optionally only among `segmentIds`, in one query. */
  async segmentIdsOf(customerId: string, segmentIds?: readonly string[], manager?: EntityManager): Promise<string[]> {
    if (segmentIds?.length === 0) return [];
    const query = within(this.records, manager)
      .createQueryBuilder('r')
      .select('r.segmentId', 'segment_id')
      .where('r.customer_id = :customerId', { customerId });
    if (segmentIds) query.andWhere('r.segment_id = ANY(:segmentIds)', { segmentIds });
    const rows: { segment_id: string }[] = await query.getRawMany();
    return [...new Set(rows.map((row) => row.segment_id))];
  }

  /** Members of a segment. A device sees only its logged-in customer's membership, never other customers'. */
  async listRecords(actor: Actor, segmentId: string, filter: SegmentRecordFilter): Promise<Page<SegmentRecordEntity>> {
    const onlyCustomerId = customerFilterInScope(actor, undefined);
    await this.get(segmentId);
    return this.findRecords(filter, { segmentId, customerId: onlyCustomerId });
  }

  async listCustomerRecords(actor: Actor, requestedCustomerId: string, filter: SegmentRecordFilter): Promise<Page<SegmentRecordEntity>> {
    const customerId = customerInScope(actor, requestedCustomerId);
    await this.customers.requireCustomer(customerId, { inPath: true });
    return this.findRecords(filter, { customerId });
  }

  async addCustomer(actor: Actor, segmentId: string, requestedCustomerId: string): Promise<void> {
    const customerId = customerInScope(actor, requestedCustomerId);
    await this.requireStatic(segmentId);
    await this.customers.requireCustomer(customerId, { field: 'customer_id' });
    await this.records.manager.transaction(async (manager) => {
      if ((await this.addMembers(segmentId, [customerId], manager)).length === 0) throw SegmentsException.alreadyMember(customerId);
    });
  }

  async removeCustomer(actor: Actor, segmentId: string, requestedCustomerId: string): Promise<void> {
    const customerId = customerInScope(actor, requestedCustomerId);
    await this.requireStatic(segmentId);
    await this.records.manager.transaction(async (manager) => {
      if ((await this.removeMembers(segmentId, [customerId], manager)).length === 0) throw SegmentsException.notMember(customerId);
    });
  }

  /** The segment, which must be static: a dynamic one's members follow its conditions. */
  async requireStatic(segmentId: string, manager?: EntityManager): Promise<SegmentEntity> {
    const segment = await this.get(segmentId, manager);
    if (segment.conditions !== null) throw SegmentsException.dynamicMembership(segmentId);
    return segment;
  }

  /**
   * Adds the customers to the segment in the caller's transaction, announcing each who joined; those
   * already in are left alone. The key decides, so two concurrent adds cannot both succeed. Answers
   * who joined.
   */
  async addMembers(segmentId: string, customerIds: readonly string[], manager: EntityManager): Promise<string[]> {
    const joined = await manager.query<{ customer_id: string }[]>(
      `INSERT INTO segment_records (segment_id, customer_id) SELECT $1, unnest($2::varchar[])
       ON CONFLICT DO NOTHING RETURNING customer_id`,
      [segmentId, customerIds],
    );
    for (const { customer_id } of joined) await writeOutboxEvent(manager, membershipChanged('segment_joined', segmentId, customer_id));
    return joined.map((row) => row.customer_id);
  }

  /** Removes the customers from the segment in the caller's transaction, announcing each who left; answers who left. */
  async removeMembers(segmentId: string, customerIds: readonly string[], manager: EntityManager): Promise<string[]> {
    const left = await manager.query<{ customer_id: string }[]>(
      // Through a CTE: TypeORM answers a bare DELETE with [rows, count] rather than the rows.
      `WITH removed AS (DELETE FROM segment_records WHERE segment_id = $1 AND customer_id = ANY($2::varchar[]) RETURNING customer_id)
       SELECT customer_id FROM removed`,
      [segmentId, customerIds],
    );
    for (const { customer_id } of left) await writeOutboxEvent(manager, membershipChanged('segment_left', segmentId, customer_id));
    return left.map((row) => row.customer_id);
  }

  private async findRecords(
    filter: SegmentRecordFilter,
    where: { segmentId?: string; customerId?: string },
  ): Promise<Page<SegmentRecordEntity>> {
    const query = this.records.createQueryBuilder('r');
    if (where.segmentId) query.andWhere('r.segment_id = :segmentId', { segmentId: where.segmentId });
    if (where.customerId) query.andWhere('r.customer_id = :customerId', { customerId: where.customerId });
    if (filter.segment_group_ids?.length) {
      query.andWhere('EXISTS (SELECT 1 FROM segments s WHERE s.segment_id = r.segment_id AND s.segment_group_id = ANY(:groupIds))', {
        groupIds: filter.segment_group_ids,
      });
    }
    const [items, total] = await query
      .orderBy('r.created_at', 'ASC')
      .addOrderBy('r.segment_id')
      .addOrderBy('r.customer_id')
      .getManyAndCount();
    return { items, total };
  }
}
