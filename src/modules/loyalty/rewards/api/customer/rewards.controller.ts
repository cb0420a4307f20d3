import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { RewardsRoutes } from '../rewards.routes';

@CustomerApi()
@Controller('rewards')
export class CustomerRewardsController extends RewardsRoutes {}
