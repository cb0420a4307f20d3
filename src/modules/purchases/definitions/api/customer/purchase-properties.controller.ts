import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { PurchasePropertiesRoutes } from '../purchase-properties.routes';

@CustomerApi()
@Controller('purchase-properties')
export class CustomerPurchasePropertiesController extends PurchasePropertiesRoutes {}
