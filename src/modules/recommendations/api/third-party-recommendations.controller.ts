import { Body, HttpCode, Post, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Actor, ApiResource, BatchReportDto, CurrentActor, ErrorProcessing, Offers, batchAnswer } from '@tessera/http';
import { ThirdPartyRecommendationBatchBodyDto } from '../dto/product-recommendation.dto';
import { ThirdPartyRecommendationService } from '../third-party-recommendation.service';

@ApiResource('third-party-recommendations')
@ApiTags('Product recommendation engine')
export class ThirdPartyRecommendationsController {
  constructor(private readonly thirdParty: ThirdPartyRecommendationService) {}

  @Post('batch')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({
    summary: "Store scored recommendations from the operator's own recommender, for customers or cart products",
    description:
      'Each record scores a recommended product for a customer, for products in a cart, or for both; sending the same system, dataset, customer, cart product and recommended product again replaces the score, and the engine blends the scores in at the next request without retraining. `error_processing` decides whether one bad record refuses the batch; on the Customer interface a record for another customer than the logged-in one refuses the whole batch.',
  })
  @ApiNoContentResponse()
  @ApiOkResponse({ type: BatchReportDto, description: 'error_processing 2: the records that were refused' })
  async batch(
    @CurrentActor() actor: Actor,
    @Body() body: ThirdPartyRecommendationBatchBodyDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const mode = body.error_processing ?? ErrorProcessing.AllOrNothing;
    return batchAnswer(await this.thirdParty.saveBatch(actor, body.third_party_recommendations, mode), reply);
  }
}
