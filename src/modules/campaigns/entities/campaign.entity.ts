import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The API's `state` of a campaign. */
export enum CampaignState {
  Deleted = 0,
  Active = 1,
  Inactive = 2,
}

/** A marketing campaign, possibly under a parent campaign; it groups campaign products. */
@Entity('campaigns')
export class CampaignEntity {
  @PrimaryColumn({ name: 'campaign_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ name: 'external_id', type: 'text', nullable: true })
  externalId!: string | null;

  @Column({ name: 'parent_id', type: 'varchar', length: 32, nullable: true })
  parentId!: string | null;

  @Column({ type: 'text' })
  name!: string;

  /** The audience the campaign addresses, set by the operator; the contract's campaign has no such field. */
  @Column({ name: 'audience_id', type: 'varchar', length: 32, nullable: true })
  audienceId!: string | null;

  @Column({ type: 'smallint', default: CampaignState.Active })
  state!: CampaignState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
