import { Injectable } from '@nestjs/common';
import { queryRowPage } from '@tessera/core';
import { Page, PageRequest } from '@tessera/http';
import { AuditActor, AuditTrail, DefinitionLifecycle } from '../audit';
import { CustomerAccountService } from '../customers';
import { SegmentMemberDto, SegmentMembershipChangeDto } from './dto/segment-members.dto';
import { SegmentDefinitionRepository } from './segment-definition.repository';
import { SegmentService } from './segment.service';

/**
 * The operator's side of segment membership: adding and removing customers in bulk through the same
 * writes as the contract's segment records, so the same events and webhooks follow, each call audited
 * with ids and counts only.
 */
@Injectable()
export class SegmentMembership {
  constructor(
    private readonly audit: AuditTrail,
    private readonly lifecycle: DefinitionLifecycle,
    private readonly definitions: SegmentDefinitionRepository,
    private readonly segments: SegmentService,
    private readonly customers: CustomerAccountService,
  ) {}

  /** The segment's members, the longest-standing first. */
  async list(segmentKey: string, page: PageRequest): Promise<Page<SegmentMemberDto>> {
    const { segment_id } = await this.lifecycle.show(this.definitions, segmentKey);
    const found = await queryRowPage<{ customer_id: string; created_at: Date; last_change: Date }>(
      this.audit.manager,
      {
        columns: 'customer_id, created_at, last_change',
        from: 'segment_records',
        conditions: ['segment_id = $1'],
        params: [segment_id],
        orderBy: ['created_at'],
        id: 'customer_id',
      },
      page,
    );
    return {
      items: found.items.map((row) => ({
        customer_id: row.customer_id,
        created_at: new Date(row.created_at).toISOString(),
        last_change: new Date(row.last_change).toISOString(),
      })),
      total: found.total,
    };
  }

  /** Customers already in the segment are counted as requested, not refused; an unknown customer refuses the whole call. */
  async add(actor: AuditActor, segmentKey: string, customerIds: string[]): Promise<SegmentMembershipChangeDto> {
    const { segment_id } = await this.lifecycle.show(this.definitions, segmentKey);
    await this.segments.requireStatic(segment_id);
    return this.audit.audited(actor, async (manager) => {
      await this.customers.requireCustomers(
        customerIds.map((customerId, index) => ({ customerId, source: { field: `customer_ids.${index}` } })),
        manager,
      );
      return this.changed(segment_id, customerIds, await this.segments.addMembers(segment_id, customerIds, manager));
    });
  }

  /** Customers not in the segment are counted as requested, not refused. */
  async remove(actor: AuditActor, segmentKey: string, customerIds: string[]): Promise<SegmentMembershipChangeDto> {
    const { segment_id } = await this.lifecycle.show(this.definitions, segmentKey);
    await this.segments.requireStatic(segment_id);
    return this.audit.audited(actor, async (manager) =>
      this.changed(segment_id, customerIds, await this.segments.removeMembers(segment_id, customerIds, manager)),
    );
  }

  private changed(segmentId: string, requested: string[], changed: string[]) {
    const value: SegmentMembershipChangeDto = {
      segment_id: segmentId,
      requested: requested.length,
      changed: changed.length,
      customer_ids: changed,
    };
    // Ids and counts only: the trail keeps no customer's personal data.
    return { value, targetType: 'segment', targetId: segmentId, after: value };
  }
}
