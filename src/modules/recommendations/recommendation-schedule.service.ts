import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { runFailureLog } from '../../platform/repeating-run';
import { RecommendationTrainingService } from './recommendation-training.service';

/**
 * Trains the engine every `TESSERA_RECOMMENDATION_TRAINING` on a server. Every instance keeps the
 * timer; the run's lock and the age of the ready model make only one of them train per period.
 */
@Injectable()
export class RecommendationScheduleService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RecommendationTraining');
  private readonly logFailure = runFailureLog(this.logger, 'Training');
  private timer?: NodeJS.Timeout;
  private running = false;

  constructor(
    private readonly training: RecommendationTrainingService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.recommendationTrainingSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.tick(seconds), seconds * 1000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async tick(periodSeconds: number): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const report = await this.training.trainOnSchedule(periodSeconds);
      if (report) this.logger.log(`Model ${report.modelVersion}: ${report.purchases} new purchases counted in ${report.millis} ms`);
    } catch (error) {
      this.logFailure(error);
    } finally {
      this.running = false;
    }
  }
}
