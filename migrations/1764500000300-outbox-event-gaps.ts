import { MigrationInterface, QueryRunner } from 'typeorm';

/** The outbox event types added once every write path had its event: text id, name, group, icon. */
const TYPES: [textId: string, name: string, group: string, icon: string][] = [
  ['customer_deleted', 'Customer deleted', 'customers', 'person_remove'],
  ['voucher_used', 'Voucher used', 'vouchers', 'redeem'],
  ['voucher_restored', 'Voucher restored', 'vouchers', 'undo'],
  ['voucher_deleted', 'Voucher deleted', 'vouchers', 'delete'],
];

/** Seeds the event types of customer deletion and of vouchers used, given back by a cancellation or deleted. */
export class OutboxEventGaps1764500000300 implements MigrationInterface {
  name = 'OutboxEventGaps1764500000300';

  async up(queryRunner: QueryRunner): Promise<void> {
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
  }
}
