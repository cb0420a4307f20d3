import { Module } from '@nestjs/common';
import { RecommendationScheduleModule, RecommendationsModule } from '../recommendations.module';
import { RecommendationEngineController } from './recommendation-engine.controller';
import { CustomerRewardRecommendationsController, RewardRecommendationsController } from './reward-recommendations.controller';
import { ThirdPartyRecommendationsController } from './third-party-recommendations.controller';

@Module({
  imports: [RecommendationsModule, RecommendationScheduleModule],
  controllers: [
    RecommendationEngineController,
    ThirdPartyRecommendationsController,
    CustomerRewardRecommendationsController,
    RewardRecommendationsController,
  ],
})
export class RecommendationsApiModule {}
