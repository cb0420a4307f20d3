import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { PurchaseActionsRoutes } from '../purchase-actions.routes';

@CustomerApi()
@Controller('purchases')
export class CustomerPurchaseActionsController extends PurchaseActionsRoutes {}
