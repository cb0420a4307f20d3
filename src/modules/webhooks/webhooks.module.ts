import { Module } from '@nestjs/common';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookEndpointService } from './webhook-endpoint.service';
import { WebhookSecretCipher } from './webhook-secret-cipher';

/** Webhook endpoints and the delivery of customer events to them. */
@Module({
  providers: [WebhookSecretCipher, WebhookEndpointService, WebhookDeliveryService],
  exports: [WebhookEndpointService, WebhookDeliveryService],
})
export class WebhooksModule {}

/** On a server, webhooks are also sent in the background; the admin CLI sends none. */
@Module({
  imports: [WebhooksModule],
  providers: [WebhookDeliveryWorker],
})
export class WebhookDeliveryWorkerModule {}
