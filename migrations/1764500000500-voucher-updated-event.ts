import { MigrationInterface, QueryRunner } from 'typeorm';

/** Seeds the event type of a voucher replaced through `PUT /vouchers/{id}`. */
export class VoucherUpdatedEvent1764500000500 implements MigrationInterface {
  name = 'VoucherUpdatedEvent1764500000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `INSERT INTO event_types (event_type_id, text_id, name, event_group_id, icon_name)
       SELECT md5(random()::text || clock_timestamp()::text), 'voucher_updated', 'Voucher updated', event_group_id, 'edit'
         FROM event_groups WHERE text_id = 'vouchers'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DELETE FROM customer_events WHERE event_type_id IN (SELECT event_type_id FROM event_types WHERE text_id = 'voucher_updated')`,
    );
    await queryRunner.query(`DELETE FROM event_types WHERE text_id = 'voucher_updated'`);
  }
}
