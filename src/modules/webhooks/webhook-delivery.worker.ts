import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { LiveSettings } from '../../platform/live-settings';
import { RepeatingRun, runFailureLog } from '../../platform/repeating-run';
import { WebhookDeliveryService } from './webhook-delivery.service';

/**
 * Sends webhooks from a server every `TESSERA_WEBHOOK_POLL`. Every instance runs one; row locks share
 * the work out. With the setting at 0 this server sends none (another one must); a change saved through
 * the operator API reschedules it at once.
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly runs: RepeatingRun;

  constructor(
    delivery: WebhookDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    live: LiveSettings,
  ) {
    this.runs = new RepeatingRun(() => delivery.drain(), runFailureLog(this.logger, 'Webhook run'));
    live.onChange(['webhookPollSeconds'], () => this.schedule());
  }

  onApplicationBootstrap(): void {
    this.schedule();
  }

  private schedule(): void {
    this.runs.start(this.config.webhookPollSeconds * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}
