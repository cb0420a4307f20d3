/** What the server, the admin CLI and the tests may use of webhooks. */
export { WebhooksModule, WebhookDeliveryModule } from './webhooks.module';
export {
  WebhookEndpointService,
  WebhookEndpointState,
  WebhookDeliveryStatus,
  type WebhookDeliveryRecord,
} from './webhook-endpoint.service';
export { WebhookDefinitionRepository, type WebhookEndpointInput } from './webhook-definition.repository';
export { WebhookOperationsService } from './webhook-operations.service';
export { WebhookDefinitionDto, WebhookDefinitionViewDto as WebhookDefinitionView } from './dto/webhook-definition.dto';
export { WebhookDeliveryService } from './webhook-delivery.service';
