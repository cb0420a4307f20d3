import { Module } from '@nestjs/common';
import { PurchasesModule } from '../../purchases.module';
import { EnterpriseCreditPurchasesController } from './credit-purchases.controller';
import { EnterpriseCustomerPurchasesController } from './customer-purchases.controller';
import { EnterprisePointPurchasesController } from './point-purchases.controller';
import { EnterprisePurchasesController } from './purchases.controller';

@Module({
  imports: [PurchasesModule],
  controllers: [EnterprisePurchasesController, EnterpriseCustomerPurchasesController, EnterprisePointPurchasesController, EnterpriseCreditPurchasesController],
})
export class PurchasesEnterpriseApiModule {}
