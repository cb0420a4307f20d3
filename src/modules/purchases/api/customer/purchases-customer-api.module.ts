import { Module } from '@nestjs/common';
import { PurchasesModule } from '../../purchases.module';
import { CustomerCreditPurchasesController } from './credit-purchases.controller';
import { CustomerCustomerPurchasesController } from './customer-purchases.controller';
import { CustomerPointPurchasesController } from './point-purchases.controller';
import { CustomerPurchasesController } from './purchases.controller';

@Module({
  imports: [PurchasesModule],
  controllers: [CustomerPurchasesController, CustomerCustomerPurchasesController, CustomerPointPurchasesController, CustomerCreditPurchasesController],
})
export class PurchasesCustomerApiModule {}
