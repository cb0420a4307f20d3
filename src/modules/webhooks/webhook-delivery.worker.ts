import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { loggableError } from '@tessera/core';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { WebhookDeliveryService } from './webhook-delivery.service';

/**
 * Sends webhooks from a server every `TESSERA_WEBHOOK_POLL`. Every instance runs one; row locks share
 * the work out. With the setting at 0 this server sends none (another one must).
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WebhookDelivery');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;

  constructor(
    private readonly delivery: WebhookDeliveryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.webhookPollSeconds;
    if (seconds <= 0) return;
    this.timer = setInterval(() => this.run(), seconds * 1000);
    this.timer.unref();
    this.run();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private run(): void {
    if (this.stopped || this.running) return;
    this.running = this.delivery
      .drain()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error(`Webhook run failed: ${loggableError(error).message}`))
      .finally(() => {
        this.running = undefined;
      });
  }
}
