import { Module } from '@nestjs/common';
import { AuditModule } from '../../../audit';
import { RewardsModule } from '../rewards.module';
import { RewardsOperatorController } from './rewards-operator.controller';

@Module({ imports: [RewardsModule, AuditModule], controllers: [RewardsOperatorController] })
export class RewardsOperatorApiModule {}
