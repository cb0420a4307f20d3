import { Module } from '@nestjs/common';
import { AuditModule } from '../../../audit';
import { RewardsModule } from '../rewards.module';
import { RewardTypesOperatorController } from './reward-types-operator.controller';
import { RewardsOperatorController } from './rewards-operator.controller';

@Module({ imports: [RewardsModule, AuditModule], controllers: [RewardsOperatorController, RewardTypesOperatorController] })
export class RewardsOperatorApiModule {}
