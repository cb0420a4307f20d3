import { Controller } from '@nestjs/common';
import { EnterpriseApi } from '../../../../../../libs/http/src';
import { RewardPropertiesRoutes } from '../reward-properties.routes';

@EnterpriseApi()
@Controller('reward-properties')
export class EnterpriseRewardPropertiesController extends RewardPropertiesRoutes {}
