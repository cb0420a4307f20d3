import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditTrail } from './audit-trail.service';
import { AuditEventEntity } from './entities/audit-event.entity';

/** The audit trail of operator writes; every context that takes operator writes records through it. */
@Module({
  imports: [TypeOrmModule.forFeature([AuditEventEntity])],
  providers: [AuditTrail],
  exports: [AuditTrail],
})
export class AuditModule {}
