import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../libs/http/src';
import { CustomerLoyaltyRoutes } from '../customer-loyalty.routes';

@EnterpriseApi()
@Controller('customers')
export class EnterpriseCustomerLoyaltyController extends CustomerLoyaltyRoutes {}
