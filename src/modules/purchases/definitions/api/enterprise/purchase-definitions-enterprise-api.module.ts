import { Module } from '@nestjs/common';
import { PurchaseDefinitionsModule } from '../../purchase-definitions.module';
import { EnterprisePurchaseTypesController } from './purchase-types.controller';
import { EnterprisePurchaseItemTypesController } from './purchase-item-types.controller';
import { EnterprisePaymentTypesController } from './payment-types.controller';
import { EnterprisePurchasePropertiesController } from './purchase-properties.controller';
import { EnterprisePurchaseItemPropertiesController } from './purchase-item-properties.controller';

@Module({
  imports: [PurchaseDefinitionsModule],
  controllers: [EnterprisePurchaseTypesController, EnterprisePurchaseItemTypesController, EnterprisePaymentTypesController, EnterprisePurchasePropertiesController, EnterprisePurchaseItemPropertiesController],
})
export class PurchaseDefinitionsEnterpriseApiModule {}
