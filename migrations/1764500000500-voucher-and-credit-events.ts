import { MigrationInterface, QueryRunner } from 'typeorm';

/** The event types of a voucher replaced and of every credit movement: text id, name, group, icon. */
const TYPES: [textId: string, name: string, group: string, icon: string][] = [
  ['voucher_updated', 'Voucher updated', 'vouchers', 'edit'],
  ['credits_deposited', 'Credits deposited', 'credits', 'add_card'],
  ['credits_spent', 'Credits spent', 'credits', 'payments'],
  ['credits_expired', 'Credits expired', 'credits', 'timer_off'],
  ['credits_transferred', 'Credits transferred', 'credits', 'swap_horiz'],
];

/** Seeds the credits group and the event types of vouchers replaced and credits moved. */
export class VoucherAndCreditEvents1764500000500 implements MigrationInterface {
  name = 'VoucherAndCreditEvents1764500000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO event_groups (event_group_id, text_id, name) VALUES (md5(random()::text || clock_timestamp()::text), 'credits', 'Credits')`,
    );
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
    await queryRunner.query(`DELETE FROM event_groups WHERE text_id = 'credits'`);
  }
}
