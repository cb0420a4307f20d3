import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
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
  ) {
    this.runs = new RepeatingRun(() => rollup.run(), runFailureLog(this.logger, 'Figures rollup'));
  }

  onApplicationBootstrap(): void {
    const seconds = this.config.figuresPollSeconds;
    if (seconds > 0) this.runs.start(seconds * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}
