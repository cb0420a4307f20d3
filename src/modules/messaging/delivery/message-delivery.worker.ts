import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { APP_CONFIG } from '../../../config/app-config.module';
import { LiveSettings } from '../../../platform/live-settings';
import { RepeatingRun, runFailureLog } from '../../../platform/repeating-run';
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
  private readonly runs: RepeatingRun;

  constructor(
    delivery: MessageDeliveryService,
    private readonly requests: DeliveryRequests,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    live: LiveSettings,
  ) {
    this.runs = new RepeatingRun(() => delivery.drain(), runFailureLog(this.logger, 'Delivery run'));
    live.onChange(['messagePollSeconds'], () => this.schedule());
  }

  onApplicationBootstrap(): void {
    // A server polling at 0 delivers nothing, not even what it queued itself.
    this.requests.subscribe(() => {
      if (this.config.messagePollSeconds > 0) this.runs.request();
    });
    this.schedule();
  }

  private schedule(): void {
    this.runs.start(this.config.messagePollSeconds * 1000);
  }

  onApplicationShutdown(): Promise<void> {
    return this.runs.stop();
  }
}
