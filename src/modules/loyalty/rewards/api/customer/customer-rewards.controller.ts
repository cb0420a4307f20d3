import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { CustomerRewardsRoutes } from '../customer-rewards.routes';

@CustomerApi()
@Controller('customers')
export class CustomerCustomerRewardsController extends CustomerRewardsRoutes {}
