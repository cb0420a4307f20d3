import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { PurchaseItemTypesRoutes } from '../purchase-item-types.routes';

@EnterpriseApi()
@Controller('purchase-item-types')
export class EnterprisePurchaseItemTypesController extends PurchaseItemTypesRoutes {}
