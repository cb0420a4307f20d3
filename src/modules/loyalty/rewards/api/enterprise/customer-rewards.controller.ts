import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { CustomerRewardsRoutes } from '../customer-rewards.routes';

@EnterpriseApi()
@Controller('customers')
export class EnterpriseCustomerRewardsController extends CustomerRewardsRoutes {}
