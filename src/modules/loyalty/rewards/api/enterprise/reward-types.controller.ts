import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { RewardTypesRoutes } from '../reward-types.routes';

@EnterpriseApi()
@Controller('reward-types')
export class EnterpriseRewardTypesController extends RewardTypesRoutes {}
