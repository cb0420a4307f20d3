import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue';
import { RewardsModule } from '../loyalty';
import { ProductRecommendationService } from './product-recommendation.service';
import { RecommendationFactsRepository } from './recommendation-facts.repository';
import { RecommendationModelService } from './recommendation-model.service';
import { RecommendationScheduleService } from './recommendation-schedule.service';
import { RecommendationTrainingService } from './recommendation-training.service';
import { RewardAffinityRepository } from './reward-affinity.repository';
import { RewardRecommendationService } from './reward-recommendation.service';
import { RewardRelationService } from './reward-relation.service';
import { ThirdPartyRecommendationService } from './third-party-recommendation.service';

@Module({
  imports: [CatalogueModule, RewardsModule],
  providers: [
    ProductRecommendationService,
    RecommendationFactsRepository,
    RecommendationModelService,
    RecommendationTrainingService,
    RewardAffinityRepository,
    RewardRecommendationService,
    RewardRelationService,
    ThirdPartyRecommendationService,
  ],
  exports: [ProductRecommendationService, RecommendationTrainingService, RewardRecommendationService, ThirdPartyRecommendationService],
})
export class RecommendationsModule {}

/** On a server, the engine also trains on a schedule; the admin CLI trains on demand only. */
@Module({
  imports: [RecommendationsModule],
  providers: [RecommendationScheduleService],
})
export class RecommendationScheduleModule {}
