import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { LiveSettings } from '../../platform/live-settings';
import { RepeatingRun, runFailureLog } from '../../platform/repeating-run';
import { FiguresRollupService } from './figures-rollup.service';

/**
 * Rolls the programme figures up every `TESSERA_FIGURES_POLL`. Every instance may run one; the rollup's
 * advisory lock lets one at a time work and the others skip. At 0 this instance rolls up none.
 */
@Injectable()
export class FiguresRollupWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ProgrammeFigures');
  private readonly runs: RepeatingRun;

  constructor(
    rollup: FiguresRollupService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    live: LiveSettings,
  ) {
    this.runs = new RepeatingRun(() => rollup.run(), runFailureLog(this.logger, 'Figures rollup'));
    live.onChange(['figuresPollSeconds'], () => this.schedule());
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  private schedule(): void {
    this.runs.start(this.config.figuresPollSeconds * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}
