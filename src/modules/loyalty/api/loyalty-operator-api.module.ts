import { Module } from '@nestjs/common';
import { AuditModule } from '../../audit';
import { LoyaltyModule } from '../loyalty.module';
import { StatusesOperatorController } from './statuses-operator.controller';

@Module({ imports: [LoyaltyModule, AuditModule], controllers: [StatusesOperatorController] })
export class LoyaltyOperatorApiModule {}
