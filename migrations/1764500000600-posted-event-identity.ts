import { MigrationInterface, QueryRunner } from 'typeorm';

/** The event types the code writes, as they stand at this migration (the outbox writer's list then). */
const CODE_WRITTEN_TYPES = [
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
];

/**
 * One active event per type, customer and external ids is the rule of `POST /events`, not of the events
 * the code writes: a booking relabelled back to a status it had, or a customer updated twice, is a new
 * event each time. The identity index now covers posted events only; rows already stored count as posted
 * unless their type is one the code writes.
 */
export class PostedEventIdentity1764500000600 implements MigrationInterface {
  name = 'PostedEventIdentity1764500000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE customer_events ADD COLUMN posted boolean NOT NULL DEFAULT false`);
    await queryRunner.query(
      `UPDATE customer_events e SET posted = true FROM event_types t WHERE t.event_type_id = e.event_type_id AND t.text_id <> ALL($1)`,
      [CODE_WRITTEN_TYPES],
    );
    await queryRunner.query(`
      DROP INDEX customer_events_identity_key;
      CREATE UNIQUE INDEX customer_events_identity_key ON customer_events
        (event_type_id, customer_id, md5(external_id), md5(coalesce(secondary_external_id, ''))) WHERE state = 1 AND posted;
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      DROP INDEX customer_events_identity_key;
      CREATE UNIQUE INDEX customer_events_identity_key ON customer_events
        (event_type_id, customer_id, md5(external_id), md5(coalesce(secondary_external_id, ''))) WHERE state = 1;
      ALTER TABLE customer_events DROP COLUMN posted;
    `);
  }
}
