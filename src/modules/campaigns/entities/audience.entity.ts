import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The API's `state` of an audience. */
export enum AudienceState {
  Deleted = 0,
  Active = 1,
}

/** A target group the operator names for a communication channel; its members are not kept here. */
@Entity('audiences')
export class AudienceEntity {
  @PrimaryColumn({ name: 'audience_id', type: 'varchar', length: 32 })
  id!: string;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'communication_channel_id', type: 'varchar', length: 32 })
  communicationChannelId!: string;

  @Column({ type: 'smallint', default: AudienceState.Active })
  state!: AudienceState;

  @Column({ name: 'last_change', type: 'timestamptz', default: () => 'now()' })
  lastChange!: Date;
}
