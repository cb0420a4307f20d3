import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { LiveSettings } from '../../platform/live-settings';
import { RepeatingRun, runFailureLog } from '../../platform/repeating-run';
import { StatusPeriodEndService } from './status-period-end.service';

/**
 * Runs the status period end every `TESSERA_STATUS_POLL`. Every instance may run one; its advisory lock
 * lets one at a time work and the others skip. At 0 this instance moves no one.
 */
@Injectable()
export class StatusPeriodEndWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('StatusPeriodEnd');
  private readonly runs: RepeatingRun;

  constructor(
    periodEnd: StatusPeriodEndService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    live: LiveSettings,
  ) {
    this.runs = new RepeatingRun(() => periodEnd.run(), runFailureLog(this.logger, 'Status period end'));
    live.onChange(['statusPollSeconds'], () => this.schedule());
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  private schedule(): void {
    this.runs.start(this.config.statusPollSeconds * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}
