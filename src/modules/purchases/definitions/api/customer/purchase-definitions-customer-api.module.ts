import { Module } from '@nestjs/common';
import { PurchaseDefinitionsModule } from '../../purchase-definitions.module';
import { CustomerPurchaseTypesController } from './purchase-types.controller';
import { CustomerPurchaseItemTypesController } from './purchase-item-types.controller';
import { CustomerPaymentTypesController } from './payment-types.controller';
import { CustomerPurchasePropertiesController } from './purchase-properties.controller';
import { CustomerPurchaseItemPropertiesController } from './purchase-item-properties.controller';

@Module({
  imports: [PurchaseDefinitionsModule],
  controllers: [CustomerPurchaseTypesController, CustomerPurchaseItemTypesController, CustomerPaymentTypesController, CustomerPurchasePropertiesController, CustomerPurchaseItemPropertiesController],
})
export class PurchaseDefinitionsCustomerApiModule {}
