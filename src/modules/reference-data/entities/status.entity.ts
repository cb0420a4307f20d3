import { Column, Entity, OneToMany, PrimaryColumn } from 'typeorm';
import { StatusQualificationTurnoverEntity } from './status-qualification-turnover.entity';

@Entity('statuses')
export class StatusEntity {
  @PrimaryColumn({ name: 'status_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text', default: '' })
  description!: string;

  /** Rank of the tier, lowest first; orders the status chain. */
  @Column({ type: 'smallint' })
  tier!: number;

  @Column({ name: 'qualification_period', type: 'integer', nullable: true })
  qualificationPeriod!: number | null;

  @Column({ name: 'qualification_points', type: 'numeric', precision: 14, scale: 2, nullable: true })
  qualificationPoints!: string | null;

  /** Purchases (not cancelled) to make over the qualification period; null when their number does not qualify. */
  @Column({ name: 'qualification_purchases', type: 'integer', nullable: true })
  qualificationPurchases!: number | null;

  /** Days past the end of a holder's record during which the status is still held, before they may move down. */
  @Column({ name: 'downgrade_grace_days', type: 'integer', default: 0 })
  downgradeGraceDays!: number;

  @Column({ name: 'previous_status_id', type: 'varchar', length: 32, nullable: true })
  previousStatusId!: string | null;

  @Column({ name: 'next_status_id', type: 'varchar', length: 32, nullable: true })
  nextStatusId!: string | null;

  @Column({ name: 'validity_period', type: 'text' })
  validityPeriod!: string;

  @Column({ name: 'collection_points', type: 'boolean', default: true })
  collectionPoints!: boolean;

  @Column({ name: 'payment_points', type: 'boolean', default: true })
  paymentPoints!: boolean;

  @Column({ name: 'qualification_type', type: 'smallint' })
  qualificationType!: number;

  @Column({ type: 'integer', default: 0 })
  discount!: number;

  @Column({ name: 'overall_discount_on_discounted_purchase_items', type: 'boolean', default: false })
  overallDiscountOnDiscountedPurchaseItems!: boolean;

  @Column({ name: 'text_id', type: 'text' })
  textId!: string;

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @OneToMany(() => StatusQualificationTurnoverEntity, (turnover) => turnover.status)
  turnovers!: StatusQualificationTurnoverEntity[];
}
