import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { LiveSettings } from '../../platform/live-settings';
import { RepeatingRun, runFailureLog } from '../../platform/repeating-run';
import { SegmentEvaluation } from './segment-evaluation.service';

/**
 * Keeps dynamic segments current every `TESSERA_SEGMENT_POLL`. Every instance may run one: the
 * advisory locks let one evaluate a segment, or read the outbox, at a time. At 0 this instance evaluates none.
 */
@Injectable()
export class SegmentEvaluationWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SegmentEvaluation');
  private readonly runs: RepeatingRun;

  constructor(
    evaluation: SegmentEvaluation,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    live: LiveSettings,
  ) {
    this.runs = new RepeatingRun(() => evaluation.run(), runFailureLog(this.logger, 'Segment evaluation'));
    live.onChange(['segmentPollSeconds'], () => this.schedule());
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  private schedule(): void {
    this.runs.start(this.config.segmentPollSeconds * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}
