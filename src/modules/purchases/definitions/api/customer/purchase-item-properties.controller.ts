import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { PurchaseItemPropertiesRoutes } from '../purchase-item-properties.routes';

@CustomerApi()
@Controller('purchase-item-properties')
export class CustomerPurchaseItemPropertiesController extends PurchaseItemPropertiesRoutes {}
