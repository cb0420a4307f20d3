import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CustomerPurchasesRoutes } from '../customer-purchases.routes';

@CustomerApi()
@Controller('customers')
export class CustomerCustomerPurchasesController extends CustomerPurchasesRoutes {}
