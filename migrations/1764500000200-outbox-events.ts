import { MigrationInterface, QueryRunner } from 'typeorm';

/** The groups the new outbox event types belong to (vouchers exists already). */
const GROUPS: [textId: string, name: string][] = [
  ['customers', 'Customers'],
  ['cards', 'Cards'],
  ['points', 'Points'],
  ['statuses', 'Statuses'],
  ['segments', 'Segments'],
];

/** The event types code writes for each change of a customer's loyalty life: text id, name, group, icon. */
const TYPES: [textId: string, name: string, group: string, icon: string][] = [
  ['customer_registered', 'Customer registered', 'customers', 'person_add'],
  ['customer_updated', 'Customer updated', 'customers', 'manage_accounts'],
  ['card_issued', 'Card issued', 'cards', 'credit_card'],
  ['card_blocked', 'Card blocked', 'cards', 'credit_card_off'],
  ['points_earned', 'Points earned', 'points', 'add_circle'],
  ['points_spent', 'Points spent', 'points', 'remove_circle'],
  ['points_expired', 'Points expired', 'points', 'timer_off'],
  ['points_transferred', 'Points transferred', 'points', 'swap_horiz'],
  ['voucher_issued', 'Voucher issued', 'vouchers', 'card_giftcard'],
  ['voucher_applied', 'Voucher applied', 'vouchers', 'local_offer'],
  ['status_changed', 'Status changed', 'statuses', 'military_tech'],
  ['segment_joined', 'Segment joined', 'segments', 'group_add'],
  ['segment_left', 'Segment left', 'segments', 'group_remove'],
];

/** Seeds the outbox event types of customers, cards, points, vouchers, statuses and segments. */
export class OutboxEvents1764500000200 implements MigrationInterface {
  name = 'OutboxEvents1764500000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [textId, name] of GROUPS) {
      await queryRunner.query(
        `INSERT INTO event_groups (event_group_id, text_id, name) VALUES (md5(random()::text || clock_timestamp()::text), $1, $2)`,
        [textId, name],
      );
    }
    for (const [textId, name, group, icon] of TYPES) {
      await queryRunner.query(
        `INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name)
         SELECT md5(random()::text || clock_timestamp()::text), $1, $2, event_group_id, $4 FROM event_groups WHERE text_id = $3`,
        [textId, name, group, icon],
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const types = TYPES.map(([textId]) => textId);
    await queryRunner.query(
      `DELETE FROM customer_events WHERE event_type_id IN (SELECT event_type_id FROM event_types WHERE text_id = ANY($1))`,
      [types],
    );
    await queryRunner.query(`DELETE FROM event_types WHERE text_id = ANY($1)`, [types]);
    await queryRunner.query(`DELETE FROM event_groups WHERE text_id = ANY($1)`, [GROUPS.map(([textId]) => textId)]);
  }
}
