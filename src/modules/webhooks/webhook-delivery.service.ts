import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Webhook } from 'standardwebhooks';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { WebhookDeliveryStatus, WebhookEndpointService, WebhookEndpointState } from './webhook-endpoint.service';
import { WebhookSecretCipher } from './webhook-secret-cipher';

const CLAIM_BATCH = 20;
/** A claimed delivery is reserved this long; a worker that died mid-send leaves it due again afterwards. */
const LEASE_SECONDS = 120;
const SEND_TIMEOUT_MS = 15_000;
/** Retries go on for about three days; an endpoint failing that long is disabled. */
const RETRY_WINDOW_SECONDS = 3 * 24 * 3600;
const MAX_RETRY_WAIT_SECONDS = 6 * 3600;

interface ClaimedDelivery {
  delivery_id: string;
  attempts: number;
  created_at: Date;
  endpoint_id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  event_id: string;
  text_id: string;
  customer_id: string;
  external_id: string;
  secondary_external_id: string | null;
  data: Record<string, unknown>;
  event_created_at: Date;
}

type SendOutcome = { result: 'delivered'; statusCode: number } | { result: 'gone' | 'retry'; statusCode: number | null; reason: string };

/**
 * Webhook delivery. The outbox (`customer_events`) knows nothing of webhooks: each run first turns new
 * events into deliveries for the active endpoints subscribed to them (one statement; the unique
 * endpoint-event pair makes concurrent runs harmless), then claims due deliveries with
 * `FOR UPDATE SKIP LOCKED`, taking only the oldest unfinished delivery of each endpoint and customer,
 * so a customer's events reach an endpoint in order. Finally it stamps `delivered_at` on events every
 * subscribed active endpoint has received.
 */
@Injectable()
export class WebhookDeliveryService {
  private readonly logger = new Logger('WebhookDelivery');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly endpoints: WebhookEndpointService,
    private readonly cipher: WebhookSecretCipher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sends everything due now, batch after batch, until nothing is left; returns the attempts made. */
  async drain(): Promise<number> {
    await this.fanOut();
    // Only what is due when the run starts: a retry scheduled during the run waits for the next one.
    const [{ now: startedAt }]: [{ now: Date }] = await this.dataSource.query(`SELECT now()`);
    let attempts = 0;
    for (;;) {
      const claimed = await this.claim(startedAt);
      if (claimed.length === 0) break;
      attempts += claimed.length;
      await Promise.all(claimed.map((delivery) => this.attempt(delivery)));
    }
    await this.disableLongFailing();
    await this.markDeliveredEvents();
    await this.dropOldLog();
    return attempts;
  }

  /**
   * Finished deliveries older than `TESSERA_WEBHOOK_LOG_RETENTION` leave the log. Fan-out and the
   * `delivered_at` stamp look only at events younger than that, so a dropped delivery is never queued again.
   */
  private async dropOldLog(): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM webhook_deliveries WHERE status <> ${WebhookDeliveryStatus.Pending} AND created_at < now() - make_interval(secs => $1)`,
      [this.config.webhookLogRetentionSeconds],
    );
  }

  /** Events created since an endpoint was added, of its types, that have no delivery to it yet. */
  private async fanOut(): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, customer_id)
       SELECT w.endpoint_id, e.event_id, e.customer_id
         FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
         JOIN webhook_endpoints w ON w.state = ${WebhookEndpointState.Active} AND e.created_at >= w.created_at
                                 AND (cardinality(w.event_types) = 0 OR t.text_id = ANY(w.event_types))
        WHERE e.delivered_at IS NULL AND e.created_at >= now() - make_interval(secs => $1)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.endpoint_id AND d.event_id = e.event_id)
        ORDER BY e.created_at, e.event_id
       ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
      [this.config.webhookLogRetentionSeconds],
    );
  }

  private async claim(dueBy: Date): Promise<ClaimedDelivery[]> {
    return this.dataSource.query(
      `WITH claimed AS (
         UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
          WHERE d.delivery_id IN (
            SELECT c.delivery_id FROM webhook_deliveries c
              JOIN webhook_endpoints w ON w.endpoint_id = c.endpoint_id AND w.state = ${WebhookEndpointState.Active}
             WHERE c.status = ${WebhookDeliveryStatus.Pending} AND c.next_attempt_at <= $3
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries p
                                WHERE p.endpoint_id = c.endpoint_id AND p.customer_id = c.customer_id
                                  AND p.status = ${WebhookDeliveryStatus.Pending} AND p.seq < c.seq)
             ORDER BY c.next_attempt_at, c.seq LIMIT $1 FOR UPDATE OF c SKIP LOCKED)
          RETURNING d.delivery_id, d.attempts, d.created_at, d.endpoint_id, d.event_id)
       SELECT c.delivery_id, c.attempts, c.created_at, c.endpoint_id, w.url, w.secret,
              CASE WHEN w.previous_secret_until > now() THEN w.previous_secret END AS previous_secret,
              c.event_id, t.text_id, e.customer_id, e.external_id, e.secondary_external_id, e.data, e.created_at AS event_created_at
         FROM claimed c JOIN webhook_endpoints w ON w.endpoint_id = c.endpoint_id
         JOIN customer_events e ON e.event_id = c.event_id JOIN event_types t ON t.event_type_id = e.event_type_id`,
      [CLAIM_BATCH, LEASE_SECONDS, dueBy],
    );
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.send(delivery);
    if (outcome.result === 'delivered') {
      await this.finish(delivery, WebhookDeliveryStatus.Delivered, null, outcome.statusCode, null);
      await this.dataSource.query(
        `UPDATE webhook_endpoints SET failing_since = NULL WHERE endpoint_id = $1 AND failing_since IS NOT NULL`,
        [delivery.endpoint_id],
      );
      return;
    }
    await this.dataSource.query(`UPDATE webhook_endpoints SET failing_since = now() WHERE endpoint_id = $1 AND failing_since IS NULL`, [
      delivery.endpoint_id,
    ]);
    if (outcome.result === 'gone') {
      await this.finish(delivery, WebhookDeliveryStatus.Failed, null, outcome.statusCode, outcome.reason);
      await this.disable(delivery.endpoint_id, `The receiver answered 410 Gone`);
      return;
    }
    const age = (Date.now() - delivery.created_at.getTime()) / 1000;
    if (age >= RETRY_WINDOW_SECONDS) {
      await this.finish(delivery, WebhookDeliveryStatus.Failed, null, outcome.statusCode, outcome.reason);
      return;
    }
    const wait = Math.min(this.config.webhookRetrySeconds * 2 ** Math.min(delivery.attempts - 1, 20), MAX_RETRY_WAIT_SECONDS);
    // Jitter (half to the whole wait) keeps the retries of many deliveries from arriving in one burst.
    await this.finish(delivery, WebhookDeliveryStatus.Pending, wait * (0.5 + Math.random() / 2), outcome.statusCode, outcome.reason);
  }

  /** Records an attempt's outcome, only while the claim is still this worker's (its lease may have passed to another). */
  private async finish(
    delivery: ClaimedDelivery,
    status: WebhookDeliveryStatus,
    retryInSeconds: number | null,
    statusCode: number | null,
    error: string | null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = $3::smallint, last_status_code = $4, last_error = $5,
              next_attempt_at = CASE WHEN $6::float8 IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $6::float8) END,
              delivered_at = CASE WHEN $3::smallint = ${WebhookDeliveryStatus.Delivered} THEN now() END
        WHERE delivery_id = $1 AND attempts = $2`,
      [delivery.delivery_id, delivery.attempts, status, statusCode, error?.slice(0, 1000) ?? null, retryInSeconds],
    );
  }

  private async send(delivery: ClaimedDelivery): Promise<SendOutcome> {
    const refusal = await this.endpoints.targetRefusal(delivery.url);
    if (refusal) return { result: 'retry', statusCode: null, reason: refusal };
    const body = JSON.stringify({
      type: delivery.text_id,
      timestamp: delivery.event_created_at.toISOString(),
      data: {
        event_id: delivery.event_id,
        customer_id: delivery.customer_id,
        external_id: delivery.external_id,
        secondary_external_id: delivery.secondary_external_id,
        data: delivery.data,
      },
    });
    const sentAt = new Date();
    const secrets = [delivery.secret, delivery.previous_secret].filter((secret): secret is string => secret !== null);
    // One `v1,` signature per active secret: during a rotation receivers verify with either.
    const signature = secrets.map((secret) => new Webhook(this.cipher.decrypt(secret)).sign(delivery.event_id, sentAt, body)).join(' ');
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': delivery.event_id,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        redirect: 'error',
      });
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { result: 'delivered', statusCode: response.status };
      const reason = `The receiver answered ${response.status}`;
      return { result: response.status === 410 ? 'gone' : 'retry', statusCode: response.status, reason };
    } catch (error) {
      return { result: 'retry', statusCode: null, reason: `The receiver was not reached: ${(error as Error).message}` };
    }
  }

  private async disable(endpointId: string, reason: string): Promise<void> {
    const disabled: { url: string }[] = await this.dataSource.query(
      `UPDATE webhook_endpoints SET state = ${WebhookEndpointState.Disabled}, disabled_reason = $2
        WHERE endpoint_id = $1 AND state = ${WebhookEndpointState.Active} RETURNING url`,
      [endpointId, reason],
    );
    if (disabled.length > 0) this.logger.warn(`Webhook endpoint ${endpointId} disabled: ${reason}`);
  }

  /** An endpoint that has answered nothing but failures for the whole retry window is switched off. */
  private async disableLongFailing(): Promise<void> {
    const failing: { endpoint_id: string }[] = await this.dataSource.query(
      `SELECT endpoint_id FROM webhook_endpoints
        WHERE state = ${WebhookEndpointState.Active} AND failing_since <= now() - make_interval(secs => $1)`,
      [RETRY_WINDOW_SECONDS],
    );
    for (const { endpoint_id: endpointId } of failing) await this.disable(endpointId, 'It has failed for three days');
  }

  /** Events every active endpoint subscribed to them has received (or that no endpoint wants) are done. */
  private async markDeliveredEvents(): Promise<void> {
    await this.dataSource.query(
      `UPDATE customer_events e SET delivered_at = now()
         FROM event_types t
        WHERE t.event_type_id = e.event_type_id AND e.delivered_at IS NULL AND e.created_at >= now() - make_interval(secs => $1)
          AND NOT EXISTS (
            SELECT 1 FROM webhook_endpoints w
             WHERE w.state = ${WebhookEndpointState.Active} AND e.created_at >= w.created_at
               AND (cardinality(w.event_types) = 0 OR t.text_id = ANY(w.event_types))
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                                WHERE d.endpoint_id = w.endpoint_id AND d.event_id = e.event_id AND d.status = ${WebhookDeliveryStatus.Delivered}))`,
      [this.config.webhookLogRetentionSeconds],
    );
  }
}
