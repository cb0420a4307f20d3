import { Controller } from '@nestjs/common';
import { CustomerApi } from '../../../../../../libs/http/src';
import { RewardTypesRoutes } from '../reward-types.routes';

@CustomerApi()
@Controller('reward-types')
export class CustomerRewardTypesController extends RewardTypesRoutes {}
