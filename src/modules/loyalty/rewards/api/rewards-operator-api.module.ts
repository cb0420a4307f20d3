import { Module } from '@nestjs/common';
import { AuditModule } from '../../../audit';
import { RewardsModule } from '../rewards.module';
import { RewardTypesOperatorController } from './reward-types-operator.controller';
import { RewardPropertiesOperatorController } from './reward-properties-operator.controller';
import { RewardsOperatorController } from './rewards-operator.controller';
import { VoucherPropertiesOperatorController } from './voucher-properties-operator.controller';

@Module({
  imports: [RewardsModule, AuditModule],
  controllers: [
    RewardsOperatorController,
    RewardTypesOperatorController,
    RewardPropertiesOperatorController,
    VoucherPropertiesOperatorController,
  ],
})
export class RewardsOperatorApiModule {}
