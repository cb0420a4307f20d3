import { Module } from '@nestjs/common';
import { RewardsModule } from '../../rewards.module';
import { CustomerRewardPropertiesController } from './reward-properties.controller';
import { CustomerVoucherPropertiesController } from './voucher-properties.controller';
import { CustomerCustomerRewardsController } from './customer-rewards.controller';
import { CustomerRewardTypesController } from './reward-types.controller';
import { CustomerRewardsController } from './rewards.controller';
import { CustomerVouchersController } from './vouchers.controller';

@Module({
  imports: [RewardsModule],
  controllers: [CustomerRewardsController, CustomerRewardTypesController, CustomerVouchersController, CustomerCustomerRewardsController, CustomerRewardPropertiesController, CustomerVoucherPropertiesController],
})
export class RewardsCustomerApiModule {}
