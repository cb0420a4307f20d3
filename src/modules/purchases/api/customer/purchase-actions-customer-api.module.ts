import { Module } from '@nestjs/common';
import { PurchasesModule } from '../../purchases.module';
import { CustomerPurchaseActionsController } from './purchase-actions.controller';

@Module({
  imports: [PurchasesModule],
  controllers: [CustomerPurchaseActionsController],
})
export class PurchaseActionsCustomerApiModule {}
