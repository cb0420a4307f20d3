import { Module } from '@nestjs/common';
import { PurchaseDefinitionsModule } from '../purchase-definitions.module';
import { PaymentTypesController } from './payment-types.controller';
import { PurchaseItemPropertiesController } from './purchase-item-properties.controller';
import { PurchaseItemTypesController } from './purchase-item-types.controller';
import { PurchasePropertiesController } from './purchase-properties.controller';
import { PurchaseTypesController } from './purchase-types.controller';

@Module({
  imports: [PurchaseDefinitionsModule],
  controllers: [
    PurchaseTypesController,
    PurchaseItemTypesController,
    PaymentTypesController,
    PurchasePropertiesController,
    PurchaseItemPropertiesController,
  ],
})
export class PurchaseDefinitionsApiModule {}
