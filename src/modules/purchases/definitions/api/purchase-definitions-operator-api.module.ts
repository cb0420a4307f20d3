import { Module } from '@nestjs/common';
import { AuditModule } from '../../../audit';
import { PurchaseDefinitionsModule } from '../purchase-definitions.module';
import { PaymentTypesOperatorController } from './payment-types-operator.controller';
import { PurchaseItemPropertiesOperatorController } from './purchase-item-properties-operator.controller';
import { PurchaseItemTypesOperatorController } from './purchase-item-types-operator.controller';
import { PurchasePropertiesOperatorController } from './purchase-properties-operator.controller';
import { PurchaseTypesOperatorController } from './purchase-types-operator.controller';

@Module({
  imports: [PurchaseDefinitionsModule, AuditModule],
  controllers: [
    PaymentTypesOperatorController,
    PurchaseTypesOperatorController,
    PurchaseItemTypesOperatorController,
    PurchasePropertiesOperatorController,
    PurchaseItemPropertiesOperatorController,
  ],
})
export class PurchaseDefinitionsOperatorApiModule {}
