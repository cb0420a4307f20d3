import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * One ledger record: a collection (positive `assignedPoints`; `availablePoints` is what is still
 * unspent) or a redemption (negative `assignedPoints`, nothing available). Amounts are numeric text.
 */
@Entity('points')
export class PointEntity {
  @PrimaryColumn({ name: 'point_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ name: 'point_type_id', type: 'varchar', length: 32 })
  pointTypeId!: string;

  @Column({ name: 'partner_id', type: 'varchar', length: 32 })
  partnerId!: string;

  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ name: 'assigned_points', type: 'numeric' })
  assignedPoints!: string;

  @Column({ name: 'available_points', type: 'numeric' })
  availablePoints!: string;

  @Column({ name: 'valid_to', type: 'timestamptz', nullable: true })
  validTo!: Date | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}
