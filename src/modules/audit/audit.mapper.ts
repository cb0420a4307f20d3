import { AuditFilter } from './audit-trail.service';
import { AuditEventDto, AuditEventListQueryDto } from './dto/audit-event.dto';
import { AuditEventEntity } from './entities/audit-event.entity';

export function toAuditFilter(query: AuditEventListQueryDto): AuditFilter {
  return {
    targetType: query.target_type,
    targetId: query.target_id,
    userId: query.user_id,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  };
}

export function toAuditEventDto(event: AuditEventEntity): AuditEventDto {
  return {
    audit_event_id: event.id,
    occurred_at: event.occurredAt.toISOString(),
    channel: event.channel,
    user_id: event.userId ?? undefined,
    actor: event.actor,
    operation: event.operation,
    target_type: event.targetType,
    target_id: event.targetId ?? undefined,
    reason: event.reason ?? undefined,
    before: event.before ?? undefined,
    after: event.after ?? undefined,
  };
}
