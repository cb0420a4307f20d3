import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditTrail } from './audit-trail.service';
import { DefinitionLifecycle } from './definition-lifecycle';
import { AuditEventEntity } from './entities/audit-event.entity';

/** The audit trail of operator writes; every context that takes operator writes records through it. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEventEntity])],
  providers: [AuditTrail, DefinitionLifecycle],
  exports: [AuditTrail, DefinitionLifecycle],
})
export class AuditModule {}
