/** What the server, the admin CLI and the tests may use of webhooks. */
export { WebhooksModule, WebhookDeliveryModule } from './webhooks.module';
export {
  WebhookEndpointService,
  WebhookEndpointState,
  WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookDeliveryRecord,
} from './webhook-endpoint.service';
export { WebhookDeliveryService } from './webhook-delivery.service';
