import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RewardEntity } from './reward.entity';

@Entity('vouchers')
export class VoucherEntity {
  @PrimaryColumn({ name: 'voucher_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'reward_id', type: 'varchar', length: 32 })
  rewardId!: string;

  @ManyToOne(() => RewardEntity)
  @JoinColumn({ name: 'reward_id' })
  reward!: RewardEntity;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  @Column({ type: 'text' })
  code!: string;

  @Column({ type: 'numeric', nullable: true })
  value!: string | null;

  /** Where the voucher was applied. */
  @Column({ name: 'store_id', type: 'varchar', length: 32, nullable: true })
  storeId!: string | null;

  @Column({ name: 'applied_at', type: 'timestamptz', nullable: true })
  appliedAt!: Date | null;

  @Column({ name: 'valid_from', type: 'timestamptz', nullable: true })
  validFrom!: Date | null;

  @Column({ name: 'valid_to', type: 'timestamptz', nullable: true })
  validTo!: Date | null;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Column({ name: 'points_cost', type: 'numeric', default: 0 })
  pointsCost!: string;

  @Column({ name: 'point_type_id', type: 'varchar', length: 32, nullable: true })
  pointTypeId!: string | null;

  @Column({ name: 'original_balance', type: 'numeric', nullable: true })
  originalBalance!: string | null;

  @Column({ name: 'current_balance', type: 'numeric', nullable: true })
  currentBalance!: string | null;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  /** Whether a purchase ever used the voucher; a cancellation giving it back leaves this set. */
  @Column({ name: 'used_by_purchase', type: 'boolean', default: false })
  usedByPurchase!: boolean;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
