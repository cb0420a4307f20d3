import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { PurchaseItemTypesRoutes } from '../purchase-item-types.routes';

@CustomerApi()
@Controller('purchase-item-types')
export class CustomerPurchaseItemTypesController extends PurchaseItemTypesRoutes {}
