import { EntityManager } from 'typeorm';
import { newId, preparedQuery } from '@tessera/core';

/**
 * The event types code writes to the `customer_events` outbox, each seeded by a migration; the operator
 * cannot remove them. They live here, below every context, because the contexts of the lowest layers
 * (customers) write events too and may not import the events context that reads and manages them.
 */
export const OUTBOX_EVENT_TYPES = [
  'purchase',
  'purchase_cancellation',
  'task_state_change',
  'order_created',
  'order_status_change',
  'entrance_deactivation',
  'product_reservation_progress',
  'booking_creation',
  'booking_status_change',
  'booking_deletion',
  'customer_registered',
  'customer_updated',
  'customer_deleted',
  'card_issued',
  'card_blocked',
  'points_earned',
  'points_spent',
  'points_expired',
  'points_transferred',
  'credits_deposited',
  'credits_spent',
  'credits_expired',
  'credits_transferred',
  'voucher_issued',
  'voucher_applied',
  'voucher_updated',
  'voucher_used',
  'voucher_restored',
  'voucher_deleted',
  'status_changed',
  'segment_joined',
  'segment_left',
] as const;
export type OutboxEventType = (typeof OUTBOX_EVENT_TYPES)[number];

/** What happened, to whom, and the record it is about (a purchase's bill id, for instance). */
export interface OutboxEvent {
  type: OutboxEventType;
  customerId: string;
  externalId: string;
  secondaryExternalId?: string;
  data: Record<string, unknown>;
}

/**
 * The outbox INSERT of one event per row of `rows`, a query answering, in this order, the event id, the
 * type's text id, customer id, external id, secondary external id (text) and data (jsonb): for a statement
 * that writes a set of changes and their events together. Rows of unknown types insert nothing.
 */
export const OUTBOX_INSERT_ROWS_SQL = (rows: string) =>
  `INSERT INTO customer_events (event_id, event_type_id, customer_id, external_id, secondary_external_id, data)
   SELECT e.event_id, t.event_type_id, e.customer_id, e.external_id, e.secondary_external_id, e.data
     FROM (${rows}) AS e(event_id, type, customer_id, external_id, secondary_external_id, data)
     JOIN event_types t ON t.text_id = e.type`;

/**
 * The outbox INSERT of one event over SQL expressions (parameters, mostly), for a statement that writes
 * its event in a CTE instead of a round trip of its own; `data` is JSON text. An unknown type inserts nothing.
 */
export const OUTBOX_INSERT_SQL = (
  id: string,
  type: string,
  customerId: string,
  externalId: string,
  secondaryExternalId: string,
  data: string,
) =>
  `${OUTBOX_INSERT_ROWS_SQL(
    `SELECT ${id}::text, ${type}::text, ${customerId}::text, ${externalId}::text, ${secondaryExternalId}::text, ${data}::jsonb`,
  )}
   RETURNING event_id`;

/**
 * Writes an event in the caller's transaction, in one statement, and returns its id, so the event
 * commits exactly when its change does. An unknown type is a programming error (a missing migration).
 */
export async function writeOutboxEvent(manager: EntityManager, event: OutboxEvent): Promise<string> {
  const id = newId();
  const written = await preparedQuery(manager, 'customer-event-record', OUTBOX_INSERT_SQL('$1', '$2', '$3', '$4', '$5', '$6'), [
    id,
    event.type,
    event.customerId,
    event.externalId,
    event.secondaryExternalId ?? null,
    JSON.stringify(event.data),
  ]);
  if (written.length === 0) throw new Error(`Event type ${event.type} does not exist; run the migrations`);
  return id;
}
