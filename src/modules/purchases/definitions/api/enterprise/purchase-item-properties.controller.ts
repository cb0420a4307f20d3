import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { PurchaseItemPropertiesRoutes } from '../purchase-item-properties.routes';

@EnterpriseApi()
@Controller('purchase-item-properties')
export class EnterprisePurchaseItemPropertiesController extends PurchaseItemPropertiesRoutes {}
