import { Module } from '@nestjs/common';
import { RewardsModule } from '../../rewards.module';
import { EnterpriseRewardPropertiesController } from './reward-properties.controller';
import { EnterpriseVoucherPropertiesController } from './voucher-properties.controller';
import { EnterpriseCustomerRewardsController } from './customer-rewards.controller';
import { EnterpriseRewardTypesController } from './reward-types.controller';
import { EnterpriseRewardsController } from './rewards.controller';
import { EnterpriseVouchersController } from './vouchers.controller';

@Module({
  imports: [RewardsModule],
  controllers: [EnterpriseRewardsController, EnterpriseRewardTypesController, EnterpriseVouchersController, EnterpriseCustomerRewardsController, EnterpriseRewardPropertiesController, EnterpriseVoucherPropertiesController],
})
export class RewardsEnterpriseApiModule {}
