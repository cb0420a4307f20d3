import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { PurchasesRoutes } from '../purchases.routes';

@CustomerApi()
@Controller('purchases')
export class CustomerPurchasesController extends PurchasesRoutes {}
