/** What other contexts may use of the audit trail: recording a write in its own transaction, and the actors it names. */
export { AuditModule } from './audit.module';
export { AuditTrail, type AuditedChange, type AuditFilter } from './audit-trail.service';
export { cliAuditActor, operatorAuditActor, type AuditActor } from './audit-actor';
export { OperatorWriter } from './operator-writer.decorator';
export type { AuditChannel } from './entities/audit-event.entity';
export { DefinitionLifecycle, type DefinitionFilter, type DefinitionState, type DefinitionStore } from './definition-lifecycle';
export { AuditRetentionModule } from './audit-retention.worker';
