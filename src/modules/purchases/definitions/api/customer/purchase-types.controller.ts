import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { PurchaseTypesRoutes } from '../purchase-types.routes';

@CustomerApi()
@Controller('purchase-types')
export class CustomerPurchaseTypesController extends PurchaseTypesRoutes {}
