import { Module } from '@nestjs/common';
import { AuditModule } from '../audit.module';
import { AuditEventsController } from './audit-events.controller';

@Module({ imports: [AuditModule], controllers: [AuditEventsController] })
export class AuditOperatorApiModule {}
