import { Get, Headers, Inject, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Actor, ApiResource, CurrentActor, listEnvelope, Offers, RequiresCustomer, toPageRequest, ResponseOutput } from '@tessera/http';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { RewardListResponseDto, toRewardDto } from '../../loyalty';
import { RewardRecommendationActionQueryDto, RewardRecommendationQueryDto } from '../dto/reward-recommendation.dto';
import { RewardRecommendationService } from '../reward-recommendation.service';

function output(config: AppConfig, acceptLanguage: string | undefined): ResponseOutput {
  return { timeZone: config.timeZone, acceptLanguage, defaultLanguage: config.defaultLanguage };
}

/** Reward recommendations under the customer's path. */
@ApiResource('customers')
@ApiTags('Customers')
export class CustomerRewardRecommendationsController {
  constructor(
    private readonly recommendations: RewardRecommendationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(':customer_id/reward-recommendations')
  @Offers('both')
  @RequiresCustomer()
  @ApiOperation({
    summary: 'Rewards open to the customer, the ones they are likeliest to want first',
    description:
      "Lists the active rewards open to the customer in the path (those in one of the customer's segments or in none) that pass the reward-list filters. Once a recommendation model has been trained they are ranked by the customer's affinity, before that they come in the reward list's order. 404 when the customer does not exist.",
  })
  @ApiOkResponse({ type: RewardListResponseDto })
  async list(
    @CurrentActor() actor: Actor,
    @Param('customer_id') customerId: string,
    @Query() query: RewardRecommendationQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const page = await this.recommendations.recommend(actor, customerId, { inPath: true }, query, toPageRequest(query, []));
    const written = output(this.config, acceptLanguage);
    return listEnvelope('rewards', page, (view) => toRewardDto(view, written));
  }
}

/** The same recommendations as an action on rewards, naming the customer in the query. */
@ApiResource('rewards')
@ApiTags('Rewards')
export class RewardRecommendationsController {
  constructor(
    private readonly recommendations: RewardRecommendationService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('actions/reward-recommendations')
  @Offers('both')
  @ApiOperation({
    summary: 'Rewards open to the customer, the ones they are likeliest to want first',
    description:
      "The rewards open to the customer named by `customer_id` (active, and in one of their segments or in none) that pass the reward list's filters, ranked by the customer's affinity once a model has been trained and in the reward list's order before that. An unknown customer is a 400 on `customer_id`; on the Customer interface only the logged-in customer may be named.",
  })
  @ApiOkResponse({ type: RewardListResponseDto })
  async list(
    @CurrentActor() actor: Actor,
    @Query() query: RewardRecommendationActionQueryDto,
    @Headers('accept-language') acceptLanguage?: string,
  ) {
    const page = await this.recommendations.recommend(actor, query.customer_id, { field: 'customer_id' }, query, toPageRequest(query, []));
    const written = output(this.config, acceptLanguage);
    return listEnvelope('rewards', page, (view) => toRewardDto(view, written));
  }
}
