import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CustomerPurchasesRoutes } from '../customer-purchases.routes';

@EnterpriseApi()
@Controller('customers')
export class EnterpriseCustomerPurchasesController extends CustomerPurchasesRoutes {}
