import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The last TOTP time step an operator signed in with: a code is good for its step only once, so a
 * code watched over a shoulder cannot be used again while it is still current.
 */
export class SecondFactorReplay1764600000030 implements MigrationInterface {
  name = 'SecondFactorReplay1764600000030';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE api_users ADD COLUMN totp_last_step bigint`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE api_users DROP COLUMN totp_last_step`);
  }
}
