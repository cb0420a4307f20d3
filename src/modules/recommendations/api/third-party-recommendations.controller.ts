import { Body, HttpCode, Post, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiResource, BatchReportDto, ErrorProcessing, Offers, batchAnswer } from '@tessera/http';
import { ThirdPartyRecommendationBatchBodyDto } from '../dto/product-recommendation.dto';
import { ThirdPartyRecommendationService } from '../third-party-recommendation.service';

@ApiResource('third-party-recommendations')
@ApiTags('Product recommendation engine')
export class ThirdPartyRecommendationsController {
  constructor(private readonly thirdParty: ThirdPartyRecommendationService) {}

  @Post('batch')
  @Offers('both')
  @HttpCode(204)
  @ApiOperation({ summary: "Store scored recommendations from the operator's own recommender, for customers or cart products" })
  @ApiNoContentResponse()
  @ApiOkResponse({ type: BatchReportDto, description: 'error_processing 2: the records that were refused' })
  async batch(@Body() body: ThirdPartyRecommendationBatchBodyDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const failures = await this.thirdParty.saveBatch(
      body.third_party_recommendations,
      body.error_processing ?? ErrorProcessing.AllOrNothing,
    );
    return batchAnswer(failures, reply);
  }
}
