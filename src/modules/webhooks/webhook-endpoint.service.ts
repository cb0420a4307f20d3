import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { newId, reachesInternalAddress } from '@tessera/core';
import { CommonException, InvalidReason, optionalRequestDateTime } from '@tessera/http';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { SecretCipher } from '../../platform/secret-cipher';

export enum WebhookEndpointState {
  /** By the operator: kept with its delivery log, sent nothing. */
  Deactivated = 0,
  Active = 1,
  /** After failing: the operator's activate or replay sends to it again. */
  Disabled = 2,
}

export enum WebhookDeliveryStatus {
  Pending = 0,
  Delivered = 1,
  Failed = 2,
}

/** SQL: endpoint `w` is subscribed to event type `t` (an endpoint naming no types takes every type). */
export const SUBSCRIBED_SQL = `(cardinality(w.event_types) = 0 OR t.text_id = ANY(w.event_types))`;

/** After a rotation the old secret still signs (besides the new one) for this long, so receivers can switch over. */
export const PREVIOUS_SECRET_SECONDS = 24 * 3600;

export interface WebhookDeliveryRecord {
  eventId: string;
  eventType: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: Date | null;
}

/** How many deliveries `tessera webhook deliveries` shows, newest first. */
const DELIVERY_LOG_ROWS = 100;

/**
 * Webhook endpoints, managed by the operator (operator API and CLI, audited). A new secret is returned once and
 * then kept only encrypted. The URL must be http(s) and, unless the operator allows private targets,
 * must not resolve to the server's own networks.
 */
@Injectable()
export class WebhookEndpointService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly cipher: SecretCipher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Subscribes a URL to the event types (none = every type) in the caller's transaction; returns its id
   * and its secret, which is stored only encrypted.
   */
  async add(
    url: string,
    eventTypes: string[],
    manager: EntityManager = this.dataSource.manager,
    secret = newWebhookSecret(),
  ): Promise<{ endpointId: string; secret: string }> {
    await this.checkTarget(url);
    const types = await this.knownTypes(eventTypes, manager);
    const endpointId = newId();
    await manager.query(`INSERT INTO webhook_endpoints (endpoint_id, url, event_types, secret) VALUES ($1, $2, $3, $4)`, [
      endpointId,
      url,
      types,
      this.cipher.encrypt(secret),
    ]);
    return { endpointId, secret };
  }

  /** Points the endpoint at another URL or event types; its secret, state and delivery log stay. */
  async change(endpointId: string, url: string, eventTypes: string[], manager: EntityManager): Promise<void> {
    await this.checkTarget(url);
    const types = await this.knownTypes(eventTypes, manager);
    await manager.query(`UPDATE webhook_endpoints SET url = $2, event_types = $3, last_change = now() WHERE endpoint_id = $1`, [
      endpointId,
      url,
      types,
    ]);
  }

  /** Active again clears the failure that disabled it; deactivated it is sent nothing until activated. */
  async setState(endpointId: string, state: WebhookEndpointState, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE webhook_endpoints SET state = $2, disabled_reason = NULL, failing_since = NULL, last_change = now() WHERE endpoint_id = $1`,
      [endpointId, state],
    );
  }

  /** A new secret; the current one keeps signing beside it for a day. Returns the new secret. */
  async rotateSecret(endpointId: string, manager: EntityManager): Promise<string> {
    const secret = newWebhookSecret();
    const [, updated]: [unknown, number] = await manager.query(
      `UPDATE webhook_endpoints SET previous_secret = secret, previous_secret_until = now() + make_interval(secs => $3), secret = $2,
              last_change = now()
        WHERE endpoint_id = $1`,
      [endpointId, this.cipher.encrypt(secret), PREVIOUS_SECRET_SECONDS],
    );
    if (updated === 0) throw CommonException.recordNotFound('webhooks', endpointId);
    return secret;
  }

  /** The newest deliveries of an endpoint. */
  async deliveries(endpointId: string): Promise<WebhookDeliveryRecord[]> {
    await this.require(endpointId);
    const rows: {
      event_id: string;
      text_id: string;
      status: number;
      attempts: number;
      next_attempt_at: Date;
      last_status_code: number | null;
      last_error: string | null;
      delivered_at: Date | null;
    }[] = await this.dataSource.query(
      `SELECT d.event_id, t.text_id, d.status, d.attempts, d.next_attempt_at, d.last_status_code, d.last_error, d.delivered_at
         FROM webhook_deliveries d JOIN customer_events e ON e.event_id = d.event_id JOIN event_types t ON t.event_type_id = e.event_type_id
        WHERE d.endpoint_id = $1 ORDER BY d.seq DESC LIMIT $2`,
      [endpointId, DELIVERY_LOG_ROWS],
    );
    return rows.map((row) => ({
      eventId: row.event_id,
      eventType: row.text_id,
      status: row.status,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      lastStatusCode: row.last_status_code,
      lastError: row.last_error,
      deliveredAt: row.delivered_at,
    }));
  }

  /**
   * Sends the endpoint's events (of its types; written since the time, given as YYYY-MM-DD HH:MM:SS in
   * the configured time zone or ISO 8601, or all) once more, in their order, with
   * their own `webhook-id`s; a disabled endpoint is enabled again. Returns the deliveries queued.
   */
  async replay(endpointId: string, sinceText: string | undefined, manager: EntityManager): Promise<number> {
    const since = optionalRequestDateTime(sinceText, 'since', this.config.timeZone);
    await this.require(endpointId, manager);
    await this.setState(endpointId, WebhookEndpointState.Active, manager);
    const queued: unknown[] = await manager.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, customer_id)
         SELECT w.endpoint_id, e.event_id, e.customer_id
           FROM webhook_endpoints w JOIN customer_events e ON $2::timestamptz IS NULL OR e.recorded_at >= $2::timestamptz
           JOIN event_types t ON t.event_type_id = e.event_type_id
          WHERE w.endpoint_id = $1 AND ${SUBSCRIBED_SQL}
          ORDER BY e.recorded_at, e.event_id
         ON CONFLICT (endpoint_id, event_id) DO UPDATE
           SET seq = EXCLUDED.seq, status = ${WebhookDeliveryStatus.Pending}, attempts = 0, next_attempt_at = now(),
               last_status_code = NULL, last_error = NULL, delivered_at = NULL, created_at = now()
         RETURNING delivery_id`,
      [endpointId, since],
    );
    return queued.length;
  }

  /** Refuses a URL that is not http(s) or, unless allowed, reaches an internal address. */
  async checkTarget(url: string): Promise<void> {
    const reason = await this.targetRefusal(url);
    if (reason) throw CommonException.invalid('url', InvalidReason.NotAllowedValue, reason);
  }

  /** Why the URL may not be sent to, or null. */
  async targetRefusal(address: string): Promise<string | null> {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      return 'The URL is not valid';
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Webhooks are sent over http or https only';
    if (!this.config.webhookPrivateTargets && (await reachesInternalAddress(url))) {
      return 'The URL reaches a loopback, private or link-local address (see TESSERA_WEBHOOK_PRIVATE_TARGETS)';
    }
    return null;
  }

  /** The event types by text id, each once and sorted; an unknown one is refused naming the field. */
  private async knownTypes(eventTypes: string[], manager: EntityManager): Promise<string[]> {
    const types = [...new Set(eventTypes)].sort();
    if (types.length === 0) return types;
    const known: { text_id: string }[] = await manager.query(`SELECT text_id FROM event_types WHERE text_id = ANY($1)`, [types]);
    const unknown = types.filter((type) => !known.some((row) => row.text_id === type));
    if (unknown.length > 0) {
      throw CommonException.invalid('event_types', InvalidReason.NotFound, `Unknown event types: ${unknown.join(', ')}`, unknown);
    }
    return types;
  }

  private async require(endpointId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const found: unknown[] = await manager.query(`SELECT 1 FROM webhook_endpoints WHERE endpoint_id = $1`, [endpointId]);
    if (found.length === 0) throw CommonException.recordNotFound('webhooks', endpointId);
  }
}

/** A Standard Webhooks secret: `whsec_` and base64 of 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}
