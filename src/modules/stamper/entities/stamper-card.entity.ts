import { Column, Entity, PrimaryColumn } from 'typeorm';
import { StamperRecordState } from './stamper-campaign.entity';

/** The API's `state` of a card. */
export enum StamperCardState {
  Blocked = 0,
  Active = 1,
}

/** A customer's card in a campaign; the first stamp creates it. */
@Entity('stamper_cards')
export class StamperCardEntity {
  @PrimaryColumn({ name: 'stamper_card_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'stamper_campaign_id', type: 'varchar', length: 32 })
  campaignId!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  /** 1 for the customer's first card in the campaign, then 2 and so on. */
  @Column({ name: 'card_order', type: 'integer' })
  cardOrder!: number;

  /** Active stamps on the card. */
  @Column({ name: 'stamp_total', type: 'integer', default: 0 })
  stampTotal!: number;

  @Column({ name: 'filled_up', type: 'boolean', default: false })
  filledUp!: boolean;

  @Column({ type: 'smallint', default: StamperCardState.Active })
  state!: StamperCardState;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}

/** A stamp a purchase (or an earning rule) granted; `stamp_order` null when it has no place on a card. */
@Entity('stamper_stamps')
export class StamperStampEntity {
  @PrimaryColumn({ name: 'stamp_id', type: 'varchar', length: 32 })
  id!: string;

  /** Collection order, which the database assigns. */
  @Column({ type: 'bigint', insert: false, update: false, select: false })
  seq!: string;

  @Column({ name: 'customer_id', type: 'varchar', length: 32 })
  customerId!: string;

  /** Null for a stamp an event rule granted. */
  @Column({ name: 'purchase_id', type: 'varchar', length: 32, nullable: true })
  purchaseId!: string | null;

  @Column({ name: 'stamper_campaign_id', type: 'varchar', length: 32 })
  campaignId!: string;

  @Column({ name: 'stamper_card_id', type: 'varchar', length: 32, nullable: true })
  cardId!: string | null;

  @Column({ name: 'stamp_order', type: 'integer', nullable: true })
  stampOrder!: number | null;

  /** Null for a stamp an earning rule granted, which names the rule instead. */
  @Column({ name: 'stamper_condition_id', type: 'varchar', length: 32, nullable: true })
  conditionId!: string | null;

  @Column({ name: 'earning_rule_id', type: 'varchar', length: 32, nullable: true })
  earningRuleId!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;

  @Column({ type: 'smallint', default: StamperRecordState.Active })
  state!: StamperRecordState;
}
