import { Module } from '@nestjs/common';
import { AuditModule } from '../audit';
import { BookingsModule } from '../bookings';
import { CustomersModule } from '../customers';
import { EntrancesModule } from '../entrances';
import { EventsModule } from '../events';
import { LoyaltyModule, RewardsModule } from '../loyalty';
import { OrdersModule } from '../orders';
import { ProductReservationsModule } from '../product-reservations';
import { PurchasesModule } from '../purchases';
import { SegmentsModule } from '../segments';
import { TasksModule } from '../tasks';
import { WebhookDeliveryService } from './webhook-delivery.service';
import { WebhookDeliveryWorker } from './webhook-delivery.worker';
import { WebhookEndpointService } from './webhook-endpoint.service';
import { WebhookResourceReader } from './webhook-resource.reader';
import { WebhookDefinitionRepository } from './webhook-definition.repository';
import { WebhookOperationsService } from './webhook-operations.service';
import { SecretCipher } from '../../platform/secret-cipher';

/** Webhook endpoints: what the operator manages. */
@Module({
  imports: [AuditModule],
  providers: [SecretCipher, WebhookEndpointService, WebhookDefinitionRepository, WebhookOperationsService],
  exports: [SecretCipher, WebhookEndpointService, WebhookDefinitionRepository, WebhookOperationsService],
})
export class WebhooksModule {}

/**
 * The delivery of customer events to the endpoints, with the records they are about read from their
 * contexts. On a server it also runs in the background; the admin CLI sends none.
 */
@Module({
  imports: [
    WebhooksModule,
    BookingsModule,
    CustomersModule,
    EntrancesModule,
    EventsModule,
    LoyaltyModule,
    RewardsModule,
    OrdersModule,
    ProductReservationsModule,
    PurchasesModule,
    SegmentsModule,
    TasksModule,
  ],
  providers: [WebhookResourceReader, WebhookDeliveryService, WebhookDeliveryWorker],
  exports: [WebhookDeliveryService],
})
export class WebhookDeliveryModule {}
