import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Point reservations: points of a customer held for a use not yet confirmed. An active reservation
 * (state 1) counts against the customer's spendable points until it is freed (state 0) or its
 * expiration passes; an expired one is shown with state 2 without any job rewriting it, and is written
 * as state 2 only when its external id is reused. The client's external id is unique among active ones.
 */
export class PointReservations1764300000100 implements MigrationInterface {
  name = 'PointReservations1764300000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE point_reservations (
        point_reservation_id varchar(32) PRIMARY KEY,
        customer_id varchar(32) NOT NULL REFERENCES customers(customer_id),
        point_type_id varchar(32) NOT NULL REFERENCES point_types(point_type_id),
        external_id text NOT NULL,
        quantity numeric(14, 2) NOT NULL CHECK (quantity > 0),
        state smallint NOT NULL DEFAULT 1 CHECK (state IN (0, 1, 2)),
        expiration timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- The holds every deduction of a balance reads under that balance's lock.
      CREATE INDEX point_reservations_held_idx ON point_reservations (customer_id, point_type_id) WHERE state = 1;
      CREATE UNIQUE INDEX point_reservations_active_external_key ON point_reservations (external_id) WHERE state = 1;
      CREATE INDEX point_reservations_external_idx ON point_reservations (external_id, created_at);
      CREATE INDEX point_reservations_customer_idx ON point_reservations (customer_id, created_at);
    `);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE point_reservations`);
  }
}
