import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../libs/http/src';
import { CustomerLoyaltyRoutes } from '../customer-loyalty.routes';

@CustomerApi()
@Controller('customers')
export class CustomerCustomerLoyaltyController extends CustomerLoyaltyRoutes {}
