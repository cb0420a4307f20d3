import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `used_by_purchase`: set once a purchase uses the voucher and never cleared, so a voucher a cancellation
 * gave back still counts as used. Loyalty records it when it redeems the voucher and reads it when it
 * withdraws a free voucher, instead of reading the purchases' own links. Rows already written take it
 * from those links.
 */
export class VoucherUsedByPurchase1764500000400 implements MigrationInterface {
  name = 'VoucherUsedByPurchase1764500000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE vouchers ADD COLUMN used_by_purchase boolean NOT NULL DEFAULT false;
      UPDATE vouchers v SET used_by_purchase = true WHERE EXISTS (SELECT 1 FROM purchase_vouchers p WHERE p.voucher_id = v.voucher_id);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE vouchers DROP COLUMN used_by_purchase;`);
  }
}
