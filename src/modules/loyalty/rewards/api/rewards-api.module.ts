import { Module } from '@nestjs/common';
import { RewardsModule } from '../rewards.module';
import { CustomerRewardsController } from './customer-rewards.controller';
import { RewardPropertiesController } from './reward-properties.controller';
import { RewardTypesController } from './reward-types.controller';
import { RewardsController } from './rewards.controller';
import { VoucherPropertiesController } from './voucher-properties.controller';
import { VouchersController } from './vouchers.controller';

@Module({
  imports: [RewardsModule],
  controllers: [
    RewardsController,
    RewardTypesController,
    VouchersController,
    CustomerRewardsController,
    RewardPropertiesController,
    VoucherPropertiesController,
  ],
})
export class RewardsApiModule {}
