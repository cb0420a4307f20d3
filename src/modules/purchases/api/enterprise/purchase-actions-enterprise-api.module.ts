import { Module } from '@nestjs/common';
import { PurchasesModule } from '../../purchases.module';
import { EnterprisePurchaseActionsController } from './purchase-actions.controller';

@Module({
  imports: [PurchasesModule],
  controllers: [EnterprisePurchaseActionsController],
})
export class PurchaseActionsEnterpriseApiModule {}
