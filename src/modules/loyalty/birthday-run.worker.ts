import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { LiveSettings } from '../../platform/live-settings';
import { RepeatingRun, runFailureLog } from '../../platform/repeating-run';
import { BirthdayRunService } from './birthday-run.service';

/**
 * Runs the birthday rules every `TESSERA_BIRTHDAY_POLL`. Every instance may run one: the claim rows
 * make runs at once grant each birthday once. At 0 this instance grants none.
 */
@Injectable()
export class BirthdayRunWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('BirthdayRun');
  private readonly runs: RepeatingRun;

  constructor(
    birthdays: BirthdayRunService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    live: LiveSettings,
  ) {
    this.runs = new RepeatingRun(() => birthdays.run(), runFailureLog(this.logger, 'Birthday run'));
    live.onChange(['birthdayPollSeconds'], () => this.schedule());
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  private schedule(): void {
    this.runs.start(this.config.birthdayPollSeconds * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}
