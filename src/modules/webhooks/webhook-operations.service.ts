import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { CommonException } from '@tessera/http';
import { AuditActor, AuditTrail, DefinitionLifecycle } from '../audit';
import { WebhookDefinitionDto, WebhookDefinitionViewDto, WebhookDeliveryDto } from './dto/webhook-definition.dto';
import { WebhookDefinitionRepository } from './webhook-definition.repository';
import { newWebhookSecret, WebhookEndpointService } from './webhook-endpoint.service';

/**
 * What the operator does with a webhook beyond its definition, for the operator API and the CLI alike:
 * creating it answers its new secret once, rotating gives another, replaying sends its events again.
 * Each write is audited; no audit row holds a secret.
 */
@Injectable()
export class WebhookOperationsService {
  constructor(
    private readonly lifecycle: DefinitionLifecycle,
    private readonly audit: AuditTrail,
    private readonly webhooks: WebhookDefinitionRepository,
    private readonly endpoints: WebhookEndpointService,
  ) {}

  async create(actor: AuditActor, input: WebhookDefinitionDto): Promise<WebhookDefinitionViewDto & { secret: string }> {
    const secret = newWebhookSecret();
    return { ...(await this.lifecycle.create(actor, this.webhooks, { ...input, secret })), secret };
  }

  async rotateSecret(actor: AuditActor, key: string): Promise<WebhookDefinitionViewDto & { secret: string }> {
    return this.audit.audited(actor, async (manager) => {
      const before = await this.required(key, manager);
      const secret = await this.endpoints.rotateSecret(before.webhook_id, manager);
      const after = await this.required(key, manager);
      return { value: { ...after, secret }, targetType: this.webhooks.kind, targetId: after.webhook_id, before, after };
    });
  }

  /** Queues the webhook's events (since the time, or all) again; an inactive webhook becomes active. */
  async replay(actor: AuditActor, key: string, since?: string): Promise<{ webhook: WebhookDefinitionViewDto; queued: number }> {
    return this.audit.audited(actor, async (manager) => {
      const before = await this.required(key, manager);
      const queued = await this.endpoints.replay(before.webhook_id, since, manager);
      const after = await this.required(key, manager);
      return { value: { webhook: after, queued }, targetType: this.webhooks.kind, targetId: after.webhook_id, before, after };
    });
  }

  async deliveries(key: string): Promise<WebhookDeliveryDto[]> {
    const webhook = await this.lifecycle.show(this.webhooks, key);
    return (await this.endpoints.deliveries(webhook.webhook_id)).map((delivery) => ({
      event_id: delivery.eventId,
      event_type: delivery.eventType,
      status: delivery.status,
      attempts: delivery.attempts,
      last_status_code: delivery.lastStatusCode,
      last_error: delivery.lastError,
      delivered_at: delivery.deliveredAt?.toISOString() ?? null,
      next_attempt_at: delivery.nextAttemptAt.toISOString(),
    }));
  }

  private async required(key: string, manager: EntityManager): Promise<WebhookDefinitionViewDto> {
    const found = await this.webhooks.find(key, manager);
    if (!found) throw CommonException.recordNotFound(this.webhooks.resource, key);
    return found;
  }
}
