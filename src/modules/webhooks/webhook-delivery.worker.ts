import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { RepeatingRun, runFailureLog } from '../../platform/repeating-run';
import { WebhookDeliveryService } from './webhook-delivery.service';

/**
 * Sends webhooks from a server every `TESSERA_WEBHOOK_POLL`. Every instance runs one; row locks share
 * the work out. With the setting at 0 this server sends none (another one must).
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDelivery');
  private readonly runs: RepeatingRun;

  constructor(
    delivery: WebhookDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.runs = new RepeatingRun(() => delivery.drain(), runFailureLog(this.logger, 'Webhook run'));
  }

  onApplicationBootstrap(): void {
    const seconds = this.config.webhookPollSeconds;
    if (seconds > 0) this.runs.start(seconds * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}
