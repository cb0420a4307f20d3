import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { RewardTypeEntity } from './reward-type.entity';

export interface LanguageUrl {
  language_code: string;
  url: string;
}

@Entity('rewards')
export class RewardEntity {
  @PrimaryColumn({ name: 'reward_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  code!: string;

  /** Texts per language code. */
  @Column({ type: 'jsonb', default: {} })
  names!: Record<string, string>;

  @Column({ type: 'jsonb', default: {} })
  notes!: Record<string, string>;

  @Column({ type: 'jsonb', default: {} })
  subtitles!: Record<string, string>;

  @Column({ name: 'reward_group', type: 'smallint' })
  rewardGroup!: number;

  @Column({ name: 'reward_type_id', type: 'varchar', length: 32 })
  rewardTypeId!: string;

  @ManyToOne(() => RewardTypeEntity)
  @JoinColumn({ name: 'reward_type_id' })
  rewardType!: RewardTypeEntity;

  @Column({ name: 'reward_type_value', type: 'numeric', nullable: true })
  rewardTypeValue!: string | null;

  @Column({ name: 'maximum_discount_value', type: 'numeric', nullable: true })
  maximumDiscountValue!: string | null;

  @Column({ name: 'minimum_purchase_value', type: 'numeric', nullable: true })
  minimumPurchaseValue!: string | null;

  @Column({ name: 'points_cost', type: 'numeric', default: 0 })
  pointsCost!: string;

  /** Dates as `YYYY-MM-DD` (the reward's calendar validity, both days included). */
  @Column({ name: 'valid_from', type: 'date', nullable: true })
  validFrom!: string | null;

  @Column({ name: 'valid_to', type: 'date', nullable: true })
  validTo!: string | null;

  @Column({ name: 'valid_time_from', type: 'time', nullable: true })
  validTimeFrom!: string | null;

  @Column({ name: 'valid_time_to', type: 'time', nullable: true })
  validTimeTo!: string | null;

  /** ISO weekdays (1 Monday .. 7 Sunday) the reward may be used on; null means every day. */
  @Column({ name: 'valid_weekdays', type: 'smallint', array: true, nullable: true })
  validWeekdays!: number[] | null;

  @Column({ type: 'smallint', nullable: true })
  priority!: number | null;

  @Column({ name: 'is_automated', type: 'boolean', default: false })
  isAutomated!: boolean;

  @Column({ name: 'global_reward', type: 'boolean', default: true })
  globalReward!: boolean;

  @Column({ name: 'partner_id', type: 'varchar', length: 32, nullable: true })
  partnerId!: string | null;

  @Column({ name: 'voucher_validity', type: 'text', default: 'reward_validity' })
  voucherValidity!: string;

  @Column({ name: 'voucher_validity_value', type: 'text', nullable: true })
  voucherValidityValue!: string | null;

  @Column({ name: 'voucher_code_generation_preference', type: 'text', default: 'A' })
  voucherCodeGenerationPreference!: string;

  @Column({ name: 'is_portable', type: 'boolean', default: false })
  isPortable!: boolean;

  @Column({ name: 'image_urls', type: 'jsonb', default: [] })
  imageUrls!: LanguageUrl[];

  @Column({ name: 'external_urls', type: 'jsonb', default: [] })
  externalUrls!: LanguageUrl[];

  @Column({ type: 'smallint', default: 1 })
  state!: number;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
