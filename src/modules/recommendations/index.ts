/** What other parts may use of recommendations: the engine's training and answers (admin CLI, evaluation, bench). */
export { RecommendationsModule, RecommendationScheduleModule } from './recommendations.module';
export { RecommendationTrainingService, TRAINING_STAGES, type ModelStatus, type TrainingReport } from './recommendation-training.service';
export { ProductRecommendationService, type RecommendedProduct } from './product-recommendation.service';
