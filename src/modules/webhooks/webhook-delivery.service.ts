import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { loggableError } from '@tessera/core';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/app-config.module';
import { postSigned } from '../../platform/signed-post';
import { SUBSCRIBED_SQL, WebhookDeliveryStatus, WebhookEndpointService, WebhookEndpointState } from './webhook-endpoint.service';
import { WebhookResource, WebhookResourceReader } from './webhook-resource.reader';
import { RETRY_WINDOW_SECONDS, SendResult, decideAfterAttempt } from './webhook-retry-policy';
import { SecretCipher } from '../../platform/secret-cipher';

const CLAIM_BATCH = 20;

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

interface SendOutcome {
  result: SendResult;
  statusCode: number | null;
  reason: string | null;
}

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
    private readonly cipher: SecretCipher,
    private readonly resources: WebhookResourceReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Sends everything due now, batch after batch, until nothing is left; returns the attempts made. */
  async drain(): Promise<number> {
    await this.fanOut();
    // Only what is due when the run starts: a retry scheduled during the run waits for the next one.
    // Kept as PostgreSQL's text: a JS Date drops the microseconds, and a delivery queued by the fan-out
    // in the same millisecond would then count as due after the run started, and wait for the next run.
    const [{ now: startedAt }]: [{ now: string }] = await this.dataSource.query(`SELECT now()::text AS now`);
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

  /** Events written since an endpoint was added, of its types, that have no delivery to it yet. */
  private async fanOut(): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO webhook_deliveries (endpoint_id, event_id, customer_id)
       SELECT w.endpoint_id, e.event_id, e.customer_id
         FROM customer_events e JOIN event_types t ON t.event_type_id = e.event_type_id
         JOIN webhook_endpoints w ON w.state = ${WebhookEndpointState.Active} AND e.recorded_at >= w.created_at
                                 AND ${SUBSCRIBED_SQL}
        WHERE e.delivered_at IS NULL AND e.recorded_at >= now() - make_interval(secs => $1)
          AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.endpoint_id = w.endpoint_id AND d.event_id = e.event_id)
        ORDER BY e.recorded_at, e.event_id
       ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
      [this.config.webhookLogRetentionSeconds],
    );
  }

  private async claim(dueBy: string): Promise<ClaimedDelivery[]> {
    return this.dataSource.query(
      `WITH claimed AS (
         UPDATE webhook_deliveries d SET attempts = d.attempts + 1, next_attempt_at = now() + make_interval(secs => $2)
          WHERE d.delivery_id IN (
            SELECT c.delivery_id FROM webhook_deliveries c
              JOIN webhook_endpoints w ON w.endpoint_id = c.endpoint_id AND w.state = ${WebhookEndpointState.Active}
             WHERE c.status = ${WebhookDeliveryStatus.Pending} AND c.next_attempt_at <= $3::timestamptz
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
      [CLAIM_BATCH, this.config.webhookLeaseSeconds, dueBy],
    );
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.send(delivery);
    const decision = decideAfterAttempt(outcome.result, {
      attempts: delivery.attempts,
      queuedSecondsAgo: (Date.now() - delivery.created_at.getTime()) / 1000,
      firstRetrySeconds: this.config.webhookRetrySeconds,
      jitter: Math.random(),
    });
    if (decision.status === 'delivered') {
      await this.finish(delivery, outcome, WebhookDeliveryStatus.Delivered, null);
    } else if (decision.status === 'failed') {
      await this.finish(delivery, outcome, WebhookDeliveryStatus.Failed, null);
      if (decision.disableEndpoint) await this.disable('endpoint_id = $2', [delivery.endpoint_id], 'The receiver answered 410 Gone');
    } else {
      await this.finish(delivery, outcome, WebhookDeliveryStatus.Pending, decision.retryInSeconds);
    }
  }

  /**
   * Records an attempt's outcome, only while the claim is still this worker's (its lease may have passed
   * to another), and in the same statement when the endpoint started failing (a success clears it).
   */
  private async finish(
    delivery: ClaimedDelivery,
    outcome: SendOutcome,
    status: WebhookDeliveryStatus,
    retryInSeconds: number | null,
  ): Promise<void> {
    await this.dataSource.query(
      `WITH endpoint AS (
         UPDATE webhook_endpoints SET failing_since = CASE WHEN $8 THEN NULL ELSE now() END
          WHERE endpoint_id = $7 AND (failing_since IS NULL) = NOT $8)
       UPDATE webhook_deliveries SET status = $3::smallint, last_status_code = $4, last_error = $5,
              next_attempt_at = CASE WHEN $6::float8 IS NULL THEN next_attempt_at ELSE now() + make_interval(secs => $6::float8) END,
              delivered_at = CASE WHEN $3::smallint = ${WebhookDeliveryStatus.Delivered} THEN now() END
        WHERE delivery_id = $1 AND attempts = $2`,
      [
        delivery.delivery_id,
        delivery.attempts,
        status,
        outcome.statusCode,
        outcome.reason?.slice(0, 1000) ?? null,
        retryInSeconds,
        delivery.endpoint_id,
        outcome.result === 'delivered',
      ],
    );
  }

  private async send(delivery: ClaimedDelivery): Promise<SendOutcome> {
    const refusal = await this.endpoints.targetRefusal(delivery.url);
    if (refusal) return { result: 'retry', statusCode: null, reason: refusal };
    let resource: WebhookResource;
    try {
      resource = await this.resources.read({
        eventId: delivery.event_id,
        type: delivery.text_id,
        externalId: delivery.external_id,
        data: delivery.data,
      });
    } catch (error) {
      this.logger.error(`The record of event ${delivery.event_id} could not be read: ${loggableError(error).message}`);
      return { result: 'retry', statusCode: null, reason: 'The record the event is about could not be read' };
    }
    const body = JSON.stringify({
      type: delivery.text_id,
      timestamp: delivery.event_created_at.toISOString(),
      data: {
        event_id: delivery.event_id,
        customer_id: delivery.customer_id,
        external_id: delivery.external_id,
        secondary_external_id: delivery.secondary_external_id,
        data: delivery.data,
        resource_type: resource.type,
        resource: resource.resource,
      },
    });
    const secrets = [delivery.secret, delivery.previous_secret].filter((secret): secret is string => secret !== null);
    const answer = await postSigned(
      delivery.url,
      delivery.event_id,
      body,
      secrets.map((secret) => this.cipher.decrypt(secret)),
    );
    if ('unreachable' in answer)
      return { result: 'retry', statusCode: null, reason: `The receiver was not reached: ${answer.unreachable}` };
    if (answer.status >= 200 && answer.status < 300) return { result: 'delivered', statusCode: answer.status, reason: null };
    return {
      result: answer.status === 410 ? 'gone' : 'retry',
      statusCode: answer.status,
      reason: `The receiver answered ${answer.status}`,
    };
  }

  /** Switches off the active endpoints matching `condition` (over parameters from `$2`), with a log line each. */
  private async disable(condition: string, params: unknown[], reason: string): Promise<void> {
    // TypeORM returns [rows, count] for UPDATE ... RETURNING on PostgreSQL.
    const [disabled]: [{ endpoint_id: string }[], number] = await this.dataSource.query(
      `UPDATE webhook_endpoints SET state = ${WebhookEndpointState.Disabled}, disabled_reason = $1
        WHERE state = ${WebhookEndpointState.Active} AND ${condition} RETURNING endpoint_id`,
      [reason, ...params],
    );
    for (const { endpoint_id: endpointId } of disabled) this.logger.warn(`Webhook endpoint ${endpointId} disabled: ${reason}`);
  }

  /** An endpoint that has answered nothing but failures for the whole retry window is switched off. */
  private async disableLongFailing(): Promise<void> {
    await this.disable('failing_since <= now() - make_interval(secs => $2)', [RETRY_WINDOW_SECONDS], 'It has failed for three days');
  }

  /** Events every active endpoint subscribed to them has received (or that no endpoint wants) are done. */
  private async markDeliveredEvents(): Promise<void> {
    await this.dataSource.query(
      `UPDATE customer_events e SET delivered_at = now()
         FROM event_types t
        WHERE t.event_type_id = e.event_type_id AND e.delivered_at IS NULL AND e.recorded_at >= now() - make_interval(secs => $1)
          AND NOT EXISTS (
            SELECT 1 FROM webhook_endpoints w
             WHERE w.state = ${WebhookEndpointState.Active} AND e.recorded_at >= w.created_at
               AND ${SUBSCRIBED_SQL}
               AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d
                                WHERE d.endpoint_id = w.endpoint_id AND d.event_id = e.event_id AND d.status = ${WebhookDeliveryStatus.Delivered}))`,
      [this.config.webhookLogRetentionSeconds],
    );
  }
}
