import { Module } from '@nestjs/common';
import { RewardsModule } from '../../rewards.module';
import { CustomerCustomerRewardsController } from './customer-rewards.controller';
import { CustomerRewardTypesController } from './reward-types.controller';
import { CustomerRewardsController } from './rewards.controller';
import { CustomerVouchersController } from './vouchers.controller';

@Module({
  imports: [RewardsModule],
  controllers: [CustomerRewardsController, CustomerRewardTypesController, CustomerVouchersController, CustomerCustomerRewardsController],
})
export class RewardsCustomerApiModule {}
