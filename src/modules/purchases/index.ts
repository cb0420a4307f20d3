/** What other parts may use of purchases: their definitions and property service (the admin CLI, tests). */
export { PurchaseDefinitionsModule } from './definitions/purchase-definitions.module';
export { PurchasePropertyService, type PurchasePropertyRow } from './definitions/purchase-property.service';
export type { PurchasePropertyResource } from './definitions/purchase-property-definition';
export { PaymentTypeService } from './definitions/payment-type.service';
export { PurchaseItemTypeService } from './definitions/purchase-item-type.service';
export { PurchaseTypeService } from './definitions/purchase-type.service';
