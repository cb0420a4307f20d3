import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { RewardPropertiesRoutes } from '../reward-properties.routes';

@CustomerApi()
@Controller('reward-properties')
export class CustomerRewardPropertiesController extends RewardPropertiesRoutes {}
