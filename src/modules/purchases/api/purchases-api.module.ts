import { Module } from '@nestjs/common';
import { PurchasesModule } from '../purchases.module';
import { CreditPurchasesController } from './credit-purchases.controller';
import { CustomerPurchasesController } from './customer-purchases.controller';
import { PointPurchasesController } from './point-purchases.controller';
import { PurchaseActionsController } from './purchase-actions.controller';
import { PurchasesController } from './purchases.controller';

@Module({
  imports: [PurchasesModule],
  controllers: [
    PurchasesController,
    PurchaseActionsController,
    CustomerPurchasesController,
    PointPurchasesController,
    CreditPurchasesController,
  ],
})
export class PurchasesApiModule {}
