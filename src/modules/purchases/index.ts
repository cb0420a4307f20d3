/** What other parts may use of purchases: their definitions and property service (the admin CLI, tests), and purchases as the API shows them. */
export { PurchaseDefinitionsModule } from './definitions/purchase-definitions.module';
export { PurchasePropertyService } from './definitions/purchase-property.service';
export { PaymentTypeService } from './definitions/payment-type.service';
export { PurchaseItemTypeService } from './definitions/purchase-item-type.service';
export { PurchaseTypeService } from './definitions/purchase-type.service';
export { PurchasesModule, StatusPeriodEndWorkerModule } from './purchases.module';
export { StatusPeriodEndService, type PeriodEndResult } from './status-period-end.service';
export { PurchaseQueryService } from './purchase-query.service';
export { toPurchaseDto } from './purchase.mapper';
export { PaymentTypeDefinitionRepository } from './definitions/payment-type-definition.repository';
export {
  PaymentTypeDefinitionDto,
  PaymentTypeDefinitionViewDto as PaymentTypeDefinitionView,
} from './definitions/dto/payment-type-definition.dto';
export { PurchaseItemTypeDefinitionRepository, PurchaseTypeDefinitionRepository } from './definitions/purchase-type-definition.repository';
export {
  PurchaseItemTypeDefinitionDto,
  PurchaseItemTypeDefinitionViewDto as PurchaseItemTypeDefinitionView,
  PurchaseTypeDefinitionDto,
  PurchaseTypeDefinitionViewDto as PurchaseTypeDefinitionView,
} from './definitions/dto/purchase-type-definition.dto';
export {
  PurchaseItemPropertyDefinitionRepository,
  PurchasePropertyDefinitionRepository,
} from './definitions/purchase-property-definition.repository';
export {
  PurchasePropertyDefinitionDto,
  PurchasePropertyDefinitionViewDto as PurchasePropertyDefinitionView,
} from './definitions/dto/purchase-property-definition.dto';
