import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { loggableError } from '@tessera/core';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { DeliveryRequests } from './delivery-requests';
import { MessageDeliveryService } from './message-delivery.service';

/**
 * Delivers queued messages on a server: every `TESSERA_MESSAGE_POLL`, and at once when this process
 * has just queued one. Each instance and each worker process runs one; the queue's row locks share the
 * work out. With the setting at 0 this server delivers nothing (another one must).
 */
@Injectable()
export class MessageDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('MessageDelivery');
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** A request that arrived while a run was going: one more run follows it. */
  private again = false;
  private stopped = false;

  constructor(
    private readonly delivery: MessageDeliveryService,
    private readonly requests: DeliveryRequests,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const seconds = this.config.messagePollSeconds;
    if (seconds <= 0) return;
    this.requests.subscribe(() => this.run());
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
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.delivery
      .drain()
      .then(() => undefined)
      .catch((error: unknown) => this.logger.error(`Delivery run failed: ${loggableError(error).message}`))
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.run();
        }
      });
  }
}
