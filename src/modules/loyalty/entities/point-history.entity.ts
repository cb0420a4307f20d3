import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One movement of a customer's points; the movements of a customer sum to the balance. */
@Entity('point_history')
export class PointHistoryEntity {
  @PrimaryColumn({ name: 'point_history_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'point_id', type: 'varchar', length: 32, nullable: true })
  pointId!: string | null;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'point_type_id', type: 'varchar', length: 32 })
  pointTypeId!: string;

  @Column({ name: 'partner_id', type: 'varchar', length: 32 })
  partnerId!: string;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ name: 'point_amount', type: 'numeric' })
  pointAmount!: string;

  @Column({ name: 'operation_type', type: 'text' })
  operationType!: string;

  @Column({ name: 'operation_note', type: 'text', nullable: true })
  operationNote!: string | null;

  @Column({ name: 'extended_data', type: 'jsonb', nullable: true })
  extendedData!: object | null;

  // clock_timestamp(): movements of one transaction keep the order they were written in.
  @Column({ name: 'recorded_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  recordedAt!: Date;
}
