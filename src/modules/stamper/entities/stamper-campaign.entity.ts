import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The API's `state` of campaigns, their conditions and checkpoints, and of stamps. */
export enum StamperRecordState {
  Deleted = 0,
  Active = 1,
}

/** What a condition counts in a purchase. */
export const STAMPER_RELATED_TO = ['product', 'product_group', 'product_brand', 'purchase_amount'] as const;
export type StamperRelatedTo = (typeof STAMPER_RELATED_TO)[number];

/** A stamp card campaign, defined by the operator. Texts are per language code. */
@Entity('stamper_campaigns')
export class StamperCampaignEntity {
  @PrimaryColumn({ name: 'stamper_campaign_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'partner_id', type: 'varchar', length: 32, nullable: true })
  partnerId!: string | null;

  @Column({ type: 'jsonb', default: {} })
  names!: Record<string, string>;

  @Column({ type: 'jsonb', default: {} })
  descriptions!: Record<string, string>;

  @Column({ name: 'stamp_count', type: 'integer' })
  stampCount!: number;

  @Column({ name: 'valid_from', type: 'timestamptz', nullable: true })
  validFrom!: Date | null;

  @Column({ name: 'valid_to', type: 'timestamptz', nullable: true })
  validTo!: Date | null;

  @Column({ name: 'count_of_campaign_repetitions', type: 'integer' })
  repetitions!: number;

  /** The reward a full card issues a voucher of. */
  @Column({ name: 'reward_id', type: 'varchar', length: 32 })
  rewardId!: string;

  @Column({ type: 'smallint', default: StamperRecordState.Active })
  state!: StamperRecordState;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** A condition that earns stamps, with its machine rule. */
@Entity('stamper_conditions')
export class StamperConditionEntity {
  @PrimaryColumn({ name: 'stamper_condition_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'stamper_campaign_id', type: 'varchar', length: 32 })
  campaignId!: string;

  /** Its place in the campaign's list. */
  @Column({ type: 'integer' })
  position!: number;

  @Column({ type: 'jsonb', default: {} })
  descriptions!: Record<string, string>;

  @Column({ name: 'related_to', type: 'text' })
  relatedTo!: StamperRelatedTo;

  /** The products, product groups or product brands counted; empty for `purchase_amount`. */
  @Column({ name: 'related_ids', type: 'varchar', array: true, default: () => "'{}'" })
  relatedIds!: string[];

  @Column({ name: 'minimum_quantity', type: 'numeric', nullable: true })
  minimumQuantity!: string | null;

  @Column({ name: 'minimum_amount', type: 'numeric', nullable: true })
  minimumAmount!: string | null;

  @Column({ name: 'max_stamps_per_purchase', type: 'integer', default: 1 })
  maxStampsPerPurchase!: number;

  @Column({ type: 'smallint', default: StamperRecordState.Active })
  state!: StamperRecordState;
}

/** A bonus unlocked when a card reaches `stamp_number` stamps. */
@Entity('stamper_bonus_checkpoints')
export class StamperCheckpointEntity {
  @PrimaryColumn({ name: 'stamper_bonus_checkpoint_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'stamper_campaign_id', type: 'varchar', length: 32 })
  campaignId!: string;

  @Column({ name: 'stamp_number', type: 'integer' })
  stampNumber!: number;

  @Column({ type: 'jsonb', default: {} })
  descriptions!: Record<string, string>;

  @Column({ name: 'reward_id', type: 'varchar', length: 32 })
  rewardId!: string;

  @Column({ type: 'smallint', default: StamperRecordState.Active })
  state!: StamperRecordState;
}
