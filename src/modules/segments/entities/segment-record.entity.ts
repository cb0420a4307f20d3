import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A customer's membership of a segment. */
@Entity('segment_records')
export class SegmentRecordEntity {
  @PrimaryColumn({ name: 'segment_id', type: 'varchar', length: 32 })
  segmentId!: string;

  @PrimaryColumn({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
